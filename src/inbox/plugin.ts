import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog/catalog.js';
import type { ServerConfig } from '../config/server.js';
import { INBOX_ROOT } from '../contract/paths.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import type { InboxStore } from '../inquiries/ports.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import type { Clock } from '../lib/clock.js';
import type { Operators } from '../operators/operators.js';
import { assetUrls } from '../web/assets.js';
import { inboxErrorHandler, inboxNotFound, readSession, requireCsrf, requireSession } from './guards.js';
import { registerInboxPages, type ClientDirectory, type InboxOutbox } from './pages.js';
import { inboxCookies } from './session-cookie.js';
import { registerSignIn, registerSignOut } from './sign-in.js';

/** What the inbox context is built from (a part of AppDeps). */
export interface InboxDeps {
  config: Pick<ServerConfig, 'baseUrl'>;
  catalog: Catalog;
  inbox: InboxStore;
  inquiries: InquiryService;
  operators: Operators;
  /** The pages' actions: not spam queues notifications, retry re-queues failed ones (src/inbox/pages.ts). */
  outbox: InboxOutbox;
  /** The OAuth clients, to name the one an inquiry's bearer token belonged to (the grants use case). */
  clients: ClientDirectory;
  clock?: Clock;
}

/**
 * The operators' web inbox under /inbox: one encapsulated context owning its hooks, error pages and 404s.
 * Every answer is marked no-store and noindex and reads the session cookie (guards.ts); the sign-in pages
 * sit in this context, and every other page in a child that requires a session and, for anything that
 * may change state, its CSRF token.
 */
export async function inboxSurface(scope: FastifyInstance, deps: InboxDeps): Promise<void> {
  const cookies = inboxCookies(deps.config.baseUrl);
  const assets = assetUrls();
  scope.decorate('inboxChrome', { siteName: deps.catalog.site.name, stylesheets: [assets.stylesheet, assets.inboxStylesheet], icon: assets.icon });
  scope.decorateRequest('operator', undefined);
  scope.setErrorHandler(inboxErrorHandler);
  scope.addHook('onRequest', readSession(deps.operators, cookies));

  const doors = new RouteRegistry(scope);
  registerSignIn(scope, { operators: deps.operators, cookies });
  registerMethodNotAllowed(scope, doors.methodsByUrl());

  await scope.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireSession);
    signedIn.addHook('preHandler', requireCsrf);
    const routes = new RouteRegistry(signedIn);
    registerSignOut(signedIn, { operators: deps.operators, cookies });
    await registerInboxPages(signedIn, deps);
    registerMethodNotAllowed(signedIn, routes.methodsByUrl());
    // Fastify scopes not-found handlers by prefix: an unknown inbox address gets the session check, then the inbox's 404 page.
    await signedIn.register(async (below) => below.setNotFoundHandler(inboxNotFound), { prefix: INBOX_ROOT });
  });
}
