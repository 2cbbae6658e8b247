import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog/catalog.js';
import type { NotFoundHandler } from '../http/errors.js';
import { sendRepresentation } from '../http/representation.js';
import type { RouteRegistry } from '../http/route-registry.js';
import type { InquiryService } from '../inquiries/port.js';
import { markdownPath } from './agent-docs.js';
import { registerAssets } from './assets.js';
import { buildSite, type BuiltSite } from './build-site.js';
import { registerContactSubmission } from './contact-submission.js';
import { API_CATALOG_PATH } from './discovery.js';
import { negotiatedRepresentation, sendNegotiated } from './rendered-page.js';
import { pageSources } from './site-pages.js';
import { addLink } from './response-headers.js';

export interface WebsiteOptions {
  catalog: Catalog;
  baseUrl: string;
  registry: RouteRegistry;
  /** The inquiry use case, for the contact form without JavaScript. */
  inquiries: InquiryService;
}

export interface Website {
  /** Adds the pages, their Markdown twins, the agent documents, the discovery documents and the assets. */
  register(app: FastifyInstance): void;
  /** The app's not-found handler: the HTML (or Markdown) page outside the API, the JSON Error inside. */
  notFound: NotFoundHandler;
}

const DOCUMENT_PATHS = ['/llms.txt', '/llms-full.txt', '/auth.md', API_CATALOG_PATH, '/robots.txt', '/sitemap.xml'];
// Paths of machine surfaces: an unknown address there stays a JSON Error, never the HTML page.
const MACHINE_PREFIXES = ['/api/', '/oauth/', '/mcp', '/.well-known/'];

/** The website surface. Created before the error handling (which takes its not-found page), registered with the other surfaces. */
export function createWebsite(options: WebsiteOptions): Website {
  const { catalog, baseUrl, registry } = options;
  const sources = pageSources(catalog);
  let site: BuiltSite | undefined;
  const built = (): BuiltSite => {
    if (!site) throw new Error('the website is built when the app is ready');
    return site;
  };

  function register(app: FastifyInstance): void {
    const assets = registerAssets(app);
    app.addHook('onReady', async () => { site = buildSite(app, { catalog, baseUrl, registry, sources, assets }); });
    for (const { path } of sources) {
      app.get(path, { schema: { hide: true } }, async (request, reply) => sendNegotiated(request, reply, built().pages.get(path)!));
      app.get(markdownPath(path), { schema: { hide: true } }, async (request, reply) => {
        addLink(reply, `<${baseUrl}${path}>; rel="canonical"; type="text/html"`);
        return sendRepresentation(request, reply, built().pages.get(path)!.markdown);
      });
    }
    for (const path of DOCUMENT_PATHS) {
      app.get(path, { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, built().documents.get(path)!));
    }
    registerContactSubmission(app, options.inquiries, { form: (state) => built().formPages.form(state), thanks: () => built().formPages.thanks() });
  }

  const notFound: NotFoundHandler = (request, reply, apiNotFound) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !MACHINE_PREFIXES.some((p) => path.startsWith(p));
    if (!isPage || !site) return apiNotFound();
    const rep = negotiatedRepresentation(request, reply, site.notFound, new URL(path, baseUrl).href);
    return reply.code(404).header('Cache-Control', 'no-store').type(rep.contentType).send(rep.body);
  };

  return { register, notFound };
}
