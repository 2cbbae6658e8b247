import type { Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type AppConfig, type AppDeps } from './app.js';
import { catalogImages, type Catalog } from './catalog/catalog.js';
import { loadCatalog } from './catalog/load.js';
import type { ContentConfig } from './config/content.js';
import type { ClientLimits } from './config/http-limits.js';
import { AppServer } from './http/app-server.js';

/** What every app is built from but the content: the adapters, made once by the composition root. */
export type LiveAppDeps = Omit<AppDeps, 'catalog' | 'serverFactory' | 'config'> & {
  /** The app's sections, the listening server's limits, and where the content is read from on each reload. */
  config: AppConfig & ClientLimits & Pick<ContentConfig, 'contentDir'>;
};

/**
 * The app of the current content, answering on one listening server. `reload()` reads the content again
 * and builds a new app from it and the same adapters; requests move to it and the previous one closes
 * after its last answer. Content that does not load, or an app that does not build, is logged and the
 * app of the previous content stays.
 */
export class LiveApp {
  private readonly server: AppServer;
  private reloading = Promise.resolve(true);
  private closing = false;
  private content: Catalog | undefined;

  constructor(private readonly deps: LiveAppDeps, private readonly logger: FastifyBaseLogger) {
    this.server = new AppServer(deps.config);
  }

  /** The one listening HTTP server. */
  get httpServer(): Server {
    return this.server.server;
  }

  /** The app that answers new requests. */
  get app(): FastifyInstance {
    return this.server.app;
  }

  /** The content the current app serves (the acknowledgement mail names the studio from it). */
  get catalog(): Catalog {
    if (!this.content) throw new Error('LiveApp.catalog read before start()');
    return this.content;
  }

  async start(catalog: Catalog): Promise<void> {
    await this.serve(catalog);
  }

  listen(port: number, host: string): Promise<void> {
    return this.server.listen(port, host);
  }

  /** One reload at a time, in the order asked. Resolves whether the content was replaced. */
  reload(): Promise<boolean> {
    this.reloading = this.reloading.then(() => this.replace());
    return this.reloading;
  }

  /** Waits for a reload under way, then closes the server (see AppServer.close). */
  async close(): Promise<void> {
    this.closing = true;
    await this.reloading;
    await this.server.close();
  }

  private async replace(): Promise<boolean> {
    if (this.closing) return false;
    try {
      await this.serve(await loadCatalog(this.deps.config.contentDir, this.deps.images.sources));
    } catch (error) {
      this.logger.error({ err: error }, 'content not reloaded; still serving the previous content');
      return false;
    }
    this.logger.info({ contentDir: this.deps.config.contentDir }, 'content reloaded');
    this.deps.images.warm(catalogImages(this.catalog));
    return true;
  }

  private async serve(catalog: Catalog): Promise<void> {
    this.server.use(await this.build(catalog));
    this.content = catalog;
  }

  private async build(catalog: Catalog): Promise<FastifyInstance> {
    const app = await buildApp({ ...this.deps, catalog, serverFactory: this.server.serverFactory });
    try {
      await app.ready();
    } catch (error) {
      await app.close();
      throw error;
    }
    return app;
  }
}
