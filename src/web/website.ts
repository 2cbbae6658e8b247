import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../catalog/catalog.js';
import { ContentError } from '../catalog/load.js';
import { ApiError } from '../contract/errors.js';
import { OAUTH_METADATA_PATHS, OAUTH_PATHS } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { handleError, sendApiError } from '../http/errors.js';
import { appendLink } from '../http/link-headers.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import { jsonRepresentation, sendRepresentation, type Representation } from '../http/representation.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import { markdownPath } from './agent-docs.js';
import { ASSET_PATHS, registerAssets } from './assets.js';
import { buildSite, DOCUMENT_PATHS, type BuiltSite } from './build-site.js';
import { registerContactSubmission } from './contact-submission.js';
import { registerImageFiles } from './image-files.js';
import type { ImageStore } from '../images/image-store.js';
import { negotiatedRepresentation, pageLinks, renderPage, sayLanguage, sendNegotiated, type RenderedPage } from './rendered-page.js';
import type { ConsultationsService } from '../consultations/consultations.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { registerBookingRoutes } from './booking/booking-routes.js';
import { registerManageRoutes } from './booking/manage-routes.js';
import type { LayoutAssets } from './layout.js';
import type { Page } from './page.js';
import { pageSources, type PageSource } from './site-pages.js';
import { SITE_PATHS } from './site-paths.js';
import type { PageTwins } from './twin.js';
import { registerWebMcpTools, webMcpToolsPath } from './webmcp-tools.js';
import { LOCALES, splitLocalePath } from '../words/locale.js';

export interface WebsiteOptions {
  catalog: Catalog;
  baseUrl: string;
  /** The inquiry use case, for the contact form without JavaScript. */
  inquiries: InquiryService;
  /** The image variants on disk, made once per process (src/compose.ts). */
  images: ImageStore;
  /** The consultations use case, for the booking page and the manage link's page. */
  consultations: ConsultationsService;
  /** The origins whose pages may post the manage page's forms (the booking's own check is the use case's). */
  allowedOrigins: readonly string[];
  clock?: Clock;
}

export interface Website {
  /** The website's encapsulated context: pages, their Markdown twins, agent and discovery documents, assets, the form. */
  surface(scope: FastifyInstance): Promise<void>;
  /** The origin's not-found answer: the HTML (or Markdown) page for a GET, the JSON Error otherwise. */
  notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  /** The Markdown twin of a page as built for the site, for MCP's resources; callable once the app is ready. */
  markdownTwin: PageTwins;
}

/**
 * Every address a text page could take from its file name but must not: the public addresses of the
 * other surfaces (stated once, in src/contract) and the website's own routes. Checked from these lists,
 * not from routes already added, so it holds whatever order the contexts are registered in.
 */
function reservedAddresses(sources: PageSource[]): Set<string> {
  const builtIn = sources.filter((s) => !s.file).flatMap((s) => [s.path, markdownPath(s.path)]);
  return new Set<string>([
    ...Object.values(PATHS), ...Object.values(OAUTH_PATHS), ...Object.values(OAUTH_METADATA_PATHS),
    ...DOCUMENT_PATHS, ...ASSET_PATHS, ...LOCALES.map(webMcpToolsPath), ...builtIn,
  ]);
}

/** A text page's address comes from a file name: refuse one the app already serves before Fastify would stop on a duplicated route. */
function checkAddressFree(reserved: Set<string>, source: PageSource): void {
  if (!source.file) return;
  for (const path of [source.path, markdownPath(source.path)]) {
    if (reserved.has(path)) throw new ContentError(source.file, `the address ${path} is already served by the app; rename the file`);
  }
}

/**
 * Whether a context answers GET at a path. The router ignores a trailing slash, and keeps a route added
 * as '/es/' under '/es': a folder's home is asked for both ways.
 */
function servesIn(scope: FastifyInstance): (path: string) => boolean {
  return (path) => scope.hasRoute({ method: 'GET', url: path }) || (path.length > 1 && path.endsWith('/') && scope.hasRoute({ method: 'GET', url: path.slice(0, -1) }));
}

// One leading slash, then only RFC 3986 path characters: `//host/…` or `/\host` would name another origin,
// and `<`, `>` or a space would end the link early.
const SAME_ORIGIN_PATH = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@%/]*$/;

/** The address the 404 answer's Link names: the requested path on our origin, or the 404 page's own. */
function notFoundUrl(baseUrl: string, path: string): string {
  return baseUrl + (SAME_ORIGIN_PATH.test(path) ? path : SITE_PATHS.notFound);
}

/**
 * The website surface. Its pages and documents are built once, on the first request that needs one (they
 * read the OpenAPI document, complete once the app is ready): a start answers the API without them.
 */
export function createWebsite(options: WebsiteOptions): Website {
  const { catalog, baseUrl } = options;
  const sources = pageSources(catalog);
  let site: BuiltSite | undefined;
  let build: (() => BuiltSite) | undefined;
  function built(): BuiltSite {
    if (!build) throw new Error('the website is built once the app is ready');
    site ??= build();
    return site;
  }

  /**
   * A page, or the view of it its query chooses. A query the page's views refuse is answered 400 with
   * the refused view (for the projects index: every project, and a line saying the filter was not used).
   */
  function registerPage(scope: FastifyInstance, source: PageSource): void {
    const { views } = source;
    const query = views ? { querystring: views.query } : {};
    const viewOf = (request: FastifyRequest): { rendered: RenderedPage; refused: boolean } => {
      if (!views) return { rendered: built().pages.get(source.path)!, refused: false };
      const own = built().views.get(source.path)!;
      if (request.validationError) return { rendered: own.refused, refused: true };
      const key = views.keyOf(request.query as Record<string, unknown>);
      return { rendered: own.byKey.get(key) ?? built().pages.get(source.path)!, refused: false };
    };
    scope.get(source.path, { schema: { hide: true, ...query }, attachValidation: views !== undefined }, async (request, reply) => {
      const { rendered, refused } = viewOf(request);
      if (!refused) return sendNegotiated(request, reply, rendered);
      const rep = negotiatedRepresentation(request, reply, rendered);
      return reply.code(400).header('Cache-Control', 'no-store').type(rep.contentType).send(rep.body);
    });
    scope.get(markdownPath(source.path), { schema: { hide: true, ...query }, attachValidation: views !== undefined }, async (request, reply) => {
      const { rendered, refused } = viewOf(request);
      appendLink(reply, rendered.links.canonical);
      sayLanguage(reply, rendered);
      if (!refused) return sendRepresentation(request, reply, rendered.markdown);
      return reply.code(400).header('Cache-Control', 'no-store').type(rendered.markdown.contentType).send(rendered.markdown.body);
    });
  }

  /** The generated OpenAPI document, serialized once on first request (every route exists by then). */
  function registerOpenApiDocument(scope: FastifyInstance): void {
    let document: Representation | undefined;
    scope.get(PATHS.openapi, { schema: { hide: true } }, async (request, reply) => {
      document ??= { ...jsonRepresentation(scope.swagger()), contentType: 'application/openapi+json; charset=utf-8' };
      return sendRepresentation(request, reply, document);
    });
  }

  /** The booking page and the manage link's page: rendered per request (their free times change with every booking). */
  function registerBookingPages(scope: FastifyInstance, assets: LayoutAssets): void {
    const render = (page: Page) => renderPage(page, { catalog, baseUrl, assets, serves: servesIn(scope) });
    const clock = options.clock ?? systemClock;
    registerBookingRoutes(scope, { consultations: options.consultations, catalog, render, clock, baseUrl });
    registerManageRoutes(scope, {
      consultations: options.consultations, catalog, render, clock, allowedOrigins: options.allowedOrigins, notFound: (locale) => built().notFound[locale],
    });
  }

  async function surface(scope: FastifyInstance): Promise<void> {
    // Pages and documents answer the contract's Error shape for what they cannot answer themselves.
    scope.setErrorHandler(handleError);
    const routes = new RouteRegistry(scope);
    const reserved = reservedAddresses(sources);
    for (const source of sources) checkAddressFree(reserved, source);
    const assets = { ...registerAssets(scope), webmcpTools: registerWebMcpTools(scope, catalog.site.name) };
    scope.addHook('onReady', async () => {
      build = () => buildSite(scope, { catalog, baseUrl, sources, assets, serves: servesIn(scope) });
    });
    registerOpenApiDocument(scope);
    for (const path of DOCUMENT_PATHS) {
      scope.get(path, { schema: { hide: true } }, async (request, reply) => sendRepresentation(request, reply, built().documents.get(path)!));
    }
    for (const source of sources) registerPage(scope, source);
    for (const locale of LOCALES) {
      registerContactSubmission(scope, options.inquiries, locale, {
        form: (state) => built().formPages[locale].form(state), thanks: (offer) => built().formPages[locale].thanks(offer),
      });
    }
    registerBookingPages(scope, assets);
    registerImageFiles(scope, catalog, options.images);
    registerMethodNotAllowed(scope, routes.methodsByUrl());
  }

  function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || !build) return sendApiError(reply, new ApiError('not_found'));
    const path = request.url.split('?', 1)[0] ?? '';
    const page = built().notFound[splitLocalePath(path).locale];
    const rep = negotiatedRepresentation(request, reply, page, pageLinks(notFoundUrl(baseUrl, path)));
    return reply.code(404).header('Cache-Control', 'no-store').type(rep.contentType).send(rep.body);
  }

  const markdownTwin: PageTwins = (path) => {
    const rendered = built().pages.get(path);
    if (!rendered) return undefined;
    const { page, url, markdown } = rendered;
    return { url, title: page.title, description: page.description, modified: page.modified, markdown: markdown.body };
  };

  return { surface, notFound, markdownTwin };
}
