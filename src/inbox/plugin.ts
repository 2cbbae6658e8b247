import type { FastifyInstance } from 'fastify';
import { INBOX_ROOT } from '../contract/paths.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import { CHANNEL_SETTINGS, noChannelWarning } from '../inquiries/notifiers/from-config.js';
import { assetUrls } from '../web/assets.js';
import type { InboxDeps } from './deps.js';
import { inboxErrorHandler, inboxNotFound, readSession, requireCsrf, requireSession } from './guards.js';
import { readInboxStatus } from './layout.js';
import { inboxStatusSource, registerInboxPages } from './pages.js';
import { inboxCookies } from './session-cookie.js';
import { registerSignIn, registerSignOut } from './sign-in.js';

/**
 * The operators' web inbox under /inbox: one encapsulated context owning its hooks, error pages and 404s.
 * Every answer is marked no-store and noindex and reads the session cookie (guards.ts); the sign-in pages
 * sit in this context, and every other page in a child that requires a session and, for anything that
 * may change state, its CSRF token.
 */
export async function inboxSurface(scope: FastifyInstance, deps: InboxDeps): Promise<void> {
  const cookies = inboxCookies(deps.config.baseUrl);
  const assets = assetUrls();
  // The studio's channels among the outbox's: with none, every signed-in page says that nobody hears of an inquiry.
  const noChannel = deps.outbox.channels.some((channel) => CHANNEL_SETTINGS.has(channel)) ? undefined : noChannelWarning();
  scope.decorate('inboxChrome', { siteName: deps.catalog.site.name, stylesheets: [assets.stylesheet, assets.inboxStylesheet], icon: assets.icon, noChannel });
  scope.decorateRequest('operator', undefined);
  scope.decorateRequest('inboxStatus', undefined);
  scope.setErrorHandler(inboxErrorHandler);
  scope.addHook('onRequest', readSession(deps.operators, cookies));

  const doors = new RouteRegistry(scope);
  registerSignIn(scope, { operators: deps.operators, cookies });
  registerMethodNotAllowed(scope, doors.methodsByUrl());

  await scope.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireSession);
    signedIn.addHook('preHandler', requireCsrf);
    const status = inboxStatusSource(deps);
    signedIn.addHook('preHandler', readInboxStatus(status));
    const routes = new RouteRegistry(signedIn);
    registerSignOut(signedIn, { operators: deps.operators, cookies });
    await registerInboxPages(signedIn, deps, status);
    registerMethodNotAllowed(signedIn, routes.methodsByUrl());
    // Fastify scopes not-found handlers by prefix: an unknown inbox address gets the session check, then the inbox's 404 page.
    await signedIn.register(async (below) => below.setNotFoundHandler(inboxNotFound), { prefix: INBOX_ROOT });
  });
}
