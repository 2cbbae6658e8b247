import type { FastifyInstance } from 'fastify';
import type { NotFoundHandler } from '../http/errors.js';
import type { Catalog } from '../catalog/catalog.js';
import { representation, sendRepresentation, type Representation } from '../http/representation.js';
import type { RouteRegistry } from '../http/route-registry.js';
import { llmsFullTxt, llmsTxt, markdownPath } from './agent-docs.js';
import { registerAssets } from './assets.js';
import { authMarkdown } from './auth-doc.js';
import { API_CATALOG_PATH, API_CATALOG_TYPE, apiCatalog, robotsTxt, sitemapXml } from './discovery.js';
import type { LayoutAssets } from './layout.js';
import { notFoundPage } from './pages/not-found.js';
import { MARKDOWN_TYPE, negotiatedRepresentation, renderPage, sendNegotiated, type RenderedPage } from './rendered-page.js';
import type { OpenApiDocument, SiteContext } from './site-context.js';
import { pageSources } from './site-pages.js';
import { addLink } from './vary.js';

export interface WebsiteOptions {
  catalog: Catalog;
  baseUrl: string;
  registry: RouteRegistry;
}

/** Everything the site serves, built once when the app is ready (content only changes on restart). */
interface BuiltSite {
  pages: Map<string, RenderedPage>;
  notFound: RenderedPage;
  documents: Map<string, Representation>;
}

const TEXT = 'text/plain; charset=utf-8';
// Paths of machine surfaces: an unknown address there stays a JSON Error, never the HTML page.
const MACHINE_PREFIXES = ['/api/', '/oauth/', '/mcp', '/.well-known/'];

function buildSite(app: FastifyInstance, options: WebsiteOptions, assets: LayoutAssets): BuiltSite {
  const { catalog, baseUrl, registry } = options;
  const served = registry.methodsByUrl();
  const ctx: SiteContext = {
    catalog,
    baseUrl,
    openapi: app.swagger() as unknown as OpenApiDocument,
    serves: (path) => served.get(path)?.has('GET') ?? false,
  };
  const rendered = pageSources(catalog).map((source) => renderPage(source.build(ctx), catalog, baseUrl, assets));
  const documents = new Map<string, Representation>([
    ['/llms.txt', representation(llmsTxt(ctx, rendered), TEXT)],
    ['/llms-full.txt', representation(llmsFullTxt(ctx, rendered), TEXT)],
    ['/auth.md', representation(authMarkdown(ctx), MARKDOWN_TYPE)],
    [API_CATALOG_PATH, representation(apiCatalog(ctx), API_CATALOG_TYPE)],
    ['/robots.txt', representation(robotsTxt(ctx), TEXT)],
    ['/sitemap.xml', representation(sitemapXml(rendered.map((r) => r.url)), 'application/xml; charset=utf-8')],
  ]);
  return {
    pages: new Map(rendered.map((r) => [r.page.path, r])),
    notFound: renderPage(notFoundPage(), catalog, baseUrl, assets),
    documents,
  };
}

export interface Website {
  /** Adds the pages, their Markdown twins, the agent documents, the discovery documents and the assets. */
  register(app: FastifyInstance): void;
  /** The app's not-found handler: the HTML (or Markdown) page outside the API, the JSON Error inside. */
  notFound: NotFoundHandler;
}

/** The website surface. Created before the error handling (which takes its not-found page), registered with the other surfaces. */
export function createWebsite(options: WebsiteOptions): Website {
  const sources = pageSources(options.catalog);
  let site: BuiltSite | undefined;

  function register(app: FastifyInstance): void {
    const assets = registerAssets(app);
    app.addHook('onReady', async () => { site = buildSite(app, options, assets); });
    const built = (): BuiltSite => {
      if (!site) throw new Error('the website is built when the app is ready');
      return site;
    };
    for (const { path } of sources) {
      app.get(path, { schema: { hide: true } }, async (request, reply) => sendNegotiated(request, reply, built().pages.get(path)!));
    }
    const documentPaths = ['/llms.txt', '/llms-full.txt', '/auth.md', API_CATALOG_PATH, '/robots.txt', '/sitemap.xml'];
    for (const path of documentPaths) {
      app.get(path, { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, built().documents.get(path)!));
    }
    for (const { path } of sources) {
      app.get(markdownPath(path), { schema: { hide: true } }, async (request, reply) => {
        addLink(reply, `<${options.baseUrl}${path}>; rel="canonical"; type="text/html"`);
        return sendRepresentation(request, reply, built().pages.get(path)!.markdown);
      });
    }
  }

  const notFound: NotFoundHandler = (request, reply, apiNotFound) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !MACHINE_PREFIXES.some((p) => path.startsWith(p));
    if (!isPage || !site) return apiNotFound();
    const rep = negotiatedRepresentation(request, reply, site.notFound, new URL(path, options.baseUrl).href);
    return reply.code(404).header('Cache-Control', 'no-store').type(rep.contentType).send(rep.body);
  };

  return { register, notFound };
}
