import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog/catalog.js';
import { ContentError } from '../catalog/load.js';
import { API_PATH_PREFIX, PATHS } from '../contract/paths.js';
import type { NotFoundHandler } from '../http/errors.js';
import { appendLink } from '../http/link-headers.js';
import { sendRepresentation } from '../http/representation.js';
import type { RouteRegistry } from '../http/route-registry.js';
import type { InquiryService } from '../inquiries/port.js';
import { markdownPath } from './agent-docs.js';
import { registerAssets } from './assets.js';
import { buildSite, DOCUMENT_PATHS, type BuiltSite } from './build-site.js';
import { registerContactSubmission } from './contact-submission.js';
import { negotiatedRepresentation, pageLinks, sendNegotiated } from './rendered-page.js';
import { pageSources, type PageSource } from './site-pages.js';
import { SITE_PATHS } from './site-paths.js';

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

// Paths of machine surfaces: an unknown address there stays a JSON Error, never the HTML page.
const MACHINE_PREFIXES = [API_PATH_PREFIX, '/oauth/', PATHS.mcp, '/.well-known/'];

/**
 * A text page's address comes from a file name: refuse one the app already serves (an API route, a
 * document, a built-in page or its twin) before Fastify would stop on a duplicated route.
 */
function checkAddressFree(registry: RouteRegistry, source: PageSource): void {
  for (const path of [source.path, markdownPath(source.path)]) {
    const taken = registry.routes.find((route) => route.url === path);
    if (taken && source.file) {
      throw new ContentError(source.file, `the address ${path} is already served by the app (${taken.method} ${taken.url}); rename the file`);
    }
  }
}

// One leading slash, then only RFC 3986 path characters: `//host/…` or `/\host` would name another origin,
// and `<`, `>` or a space would end the link early.
const SAME_ORIGIN_PATH = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@%/]*$/;

/** The address the 404 answer's Link names: the requested path on our origin, or the 404 page's own. */
function notFoundUrl(baseUrl: string, path: string): string {
  return baseUrl + (SAME_ORIGIN_PATH.test(path) ? path : SITE_PATHS.notFound);
}

/** The website surface. Created before the error handling (which takes its not-found page), registered with the other surfaces. */
export function createWebsite(options: WebsiteOptions): Website {
  const { catalog, baseUrl, registry } = options;
  const sources = pageSources(catalog);
  let site: BuiltSite | undefined;
  // Each route reads what it serves from a slot filled once when the site is built, not from a map per request.
  const binders: Array<(built: BuiltSite) => void> = [];
  function bound<T>(pick: (built: BuiltSite) => T | undefined): () => T {
    let value: T | undefined;
    binders.push((built) => { value = pick(built); });
    return () => {
      if (value === undefined) throw new Error('the website is built when the app is ready');
      return value;
    };
  }

  function registerPage(app: FastifyInstance, source: PageSource): void {
    checkAddressFree(registry, source);
    const page = bound((built) => built.pages.get(source.path));
    app.get(source.path, { schema: { hide: true } }, async (request, reply) => sendNegotiated(request, reply, page()));
    app.get(markdownPath(source.path), { schema: { hide: true } }, async (request, reply) => {
      const rendered = page();
      appendLink(reply, rendered.links.canonical);
      return sendRepresentation(request, reply, rendered.markdown);
    });
  }

  function register(app: FastifyInstance): void {
    const assets = registerAssets(app);
    app.addHook('onReady', async () => {
      site = buildSite(app, { catalog, baseUrl, registry, sources, assets });
      for (const bind of binders) bind(site);
    });
    for (const path of DOCUMENT_PATHS) {
      const document = bound((built) => built.documents.get(path));
      app.get(path, { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, document()));
    }
    // Built-in pages first, so that a text page naming one of their addresses is the one refused.
    for (const source of sources.filter((s) => !s.file)) registerPage(app, source);
    for (const source of sources.filter((s) => s.file)) registerPage(app, source);
    const formPages = bound((built) => built.formPages);
    registerContactSubmission(app, options.inquiries, { form: (state) => formPages().form(state), thanks: () => formPages().thanks() });
  }

  const notFound: NotFoundHandler = (request, reply, apiNotFound) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !MACHINE_PREFIXES.some((p) => path.startsWith(p));
    if (!isPage || !site) return apiNotFound();
    const rep = negotiatedRepresentation(request, reply, site.notFound, pageLinks(notFoundUrl(baseUrl, path)));
    return reply.code(404).header('Cache-Control', 'no-store').type(rep.contentType).send(rep.body);
  };

  return { register, notFound };
}
