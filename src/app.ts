import type { TaskStore } from '@a2a-js/sdk/server';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerFactory } from 'fastify';
import formbody from '@fastify/formbody';
import type { Catalog } from './catalog/catalog.js';
import type { LegacyConfig } from './config/legacy.js';
import type { ObservabilityConfig } from './config/observability.js';
import type { ServerConfig } from './config/server.js';
import { MAX_BODY_BYTES } from './contract/api.js';
import { WELL_KNOWN_ROOT } from './contract/paths.js';
import { schemaValidatorCompiler, SHARED_SCHEMAS } from './contract/validator.js';
import { serializersOnFirstUse } from './http/compile-on-first-use.js';
import { registerCors, sitePolicy } from './http/cors.js';
import { answerNotFoundAsJson, handleError } from './http/errors.js';
import { registerLoadShedding, type EventLoopPressure } from './http/load-shedding.js';
import { registerMethodNotAllowed } from './http/method-not-allowed.js';
import { RouteRegistry } from './http/route-registry.js';
import { registerOpenApi } from './http/openapi.js';
import { rateLimitHook } from './http/rate-limit-hook.js';
import { registerRequestLog } from './http/request-log.js';
import { requestIdGenerator } from './http/request-id.js';
import { answerHeaders } from './http/security-headers.js';
import type { InboxStore, PipelineStore } from './inquiries/ports.js';
import type { InquiryService } from './inquiries/inquiry-service.js';
import { inboxSurface } from './inbox/plugin.js';
import { inboundSurface } from './inbound/plugin.js';
import type { Conversations } from './conversations/conversations.js';
import type { ConsultationsService } from './consultations/consultations.js';
import type { StudioCalendar } from './consultations/studio-calendar.js';
import { calendarSurface } from './web/studio-calendar-route.js';
import type { InboxOutbox } from './inbox/deps.js';
import { mcpPlugin } from './mcp/plugin.js';
import { a2aPlugin } from './a2a/plugin.js';
import { bearerAuth } from './oauth/http/bearer-auth.js';
import { documentBearerResponses } from './oauth/http/openapi-challenge.js';
import { oauthSurface } from './oauth/http/plugin.js';
import type { OAuthService } from './oauth/service.js';
import type { Operators } from './operators/operators.js';
import type { Clock } from './lib/clock.js';
import type { StudioTime } from './lib/studio-time.js';
import type { ReportStore } from './inquiries/report-ports.js';
import type { RateLimiter } from './rate-limit/limiter.js';
import { ApiIndex } from './rest/api-index.js';
import { registerHealth, type ReadinessCheck } from './rest/health.js';
import { restSurface } from './rest/surface.js';
import { createWebsite } from './web/website.js';
import type { Metrics } from './observability/metrics.js';
import type { ImageStore } from './images/image-store.js';
import { registerMetricsRoute, registerRequestMetrics } from './observability/http.js';

/** The sections of the configuration the app reads: the public origin and proxies, the legacy alias's dates, /metrics. */
export type AppConfig = ServerConfig & LegacyConfig & Pick<ObservabilityConfig, 'metricsToken'>;

/** Everything the app needs from outside, chosen by the composition root (src/compose.ts). */
export interface AppDeps {
  config: AppConfig;
  catalog: Catalog;
  limiter: RateLimiter;
  readiness: ReadinessCheck[];
  logger: FastifyBaseLogger;
  inquiries: InquiryService;
  /** The stored inquiries, for the studio's own readers: the read API and the web inbox. */
  inbox: InboxStore;
  /** Each inquiry's stage, assignee, unread flag, notes and activities: the web inbox and the read API. */
  pipeline: PipelineStore;
  /** The reports' counts, for the web inbox's reports page. */
  reports: ReportStore;
  oauth: OAuthService;
  /** The studio's operators: accounts, sessions and sign-in, for the web inbox. */
  operators: Operators;
  /** The outbox as the web inbox's actions use it: the configured channels, re-queueing failed jobs, waking the worker. */
  outbox: InboxOutbox;
  /** Booking consultations: the types, free slots, bookings, holds, and their changes. */
  consultations: ConsultationsService;
  /** The studio's calendar of every booking, at its secret address. */
  calendar: StudioCalendar;
  /** The conversations by mail: replies from the inbox, the homeowners' answers (POST /inbound/email), their messages. */
  conversations: Conversations;
  /** Where the A2A agent keeps its tasks: in process, or in Redis shared by every instance (REDIS_URL). */
  a2aTasks: TaskStore;
  /** The image variants on disk: made once per process, so a content reload keeps its cache and its encodes. */
  images: ImageStore;
  /** The service's one clock (src/lib/clock.ts); the system's when not given. */
  clock?: Clock;
  /** The studio's time zone (STUDIO_TIME_ZONE), in which the web inbox shows times and reads days. */
  time: StudioTime;
  /** The listening server's (src/http/app-server.ts): every app built for a content reload answers on it. */
  serverFactory: FastifyServerFactory;
  /** The process's event-loop pressure monitor (src/http/load-shedding.ts); none when shedding is off. */
  pressure?: EventLoopPressure;
  /** Present when METRICS_TOKEN is set: created once per process (compose.ts), so a rebuilt app reuses it. */
  metrics?: Metrics;
}

function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/**
 * Builds the HTTP app, not listening. Reads top to bottom: what is global on purpose, then the four
 * surfaces, each an encapsulated context that owns its hooks, its error shape and its 404 and 405 answers:
 * the API (REST under /api, MCP and A2A), OAuth (/oauth and its metadata), the operators' inbox (/inbox), and the
 * website (pages and documents).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, catalog, limiter, oauth, inquiries } = deps;
  const everyAnswer = answerHeaders(config.baseUrl);
  const app = Fastify({
    loggerInstance: deps.logger,
    // One line per request comes from src/http/request-log.ts, without personal data.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies nearest to us, as proxy-addr does for a number.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    // A proxy's X-Request-Id is kept only when the proxy is trusted; otherwise each request gets a UUID.
    genReqId: requestIdGenerator(config.trustProxy !== false && config.trustProxy !== 0),
    bodyLimit: MAX_BODY_BYTES,
    return503OnClosing: true,
    // The router's own refusals (a path parameter too long or not decodable) in the contract's Error shape,
    // with the headers every answer carries (no hook runs for them).
    frameworkErrors: (error, request, reply) => everyAnswer(request, reply, () => handleError(error, request, reply)),
    routerOptions: { ignoreTrailingSlash: true },
    // The one listening server's (src/http/app-server.ts): it holds the limits on slow clients.
    serverFactory: deps.serverFactory,
    // Response schemas compiled on each route's first answer, not all at start (src/http/compile-on-first-use.ts).
    schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse } },
  });

  // Global on purpose: every request of the origin is validated by the contract's one validator set,
  // logged once, carries the security headers, the discovery Link header and its request id, answers CORS, is refused
  // while the process is overloaded (after CORS, so a browser can read the 503), and is described in the OpenAPI document.
  app.setValidatorCompiler(schemaValidatorCompiler);
  registerRequestLog(app);
  if (deps.metrics) registerRequestMetrics(app, deps.metrics);
  app.addHook('onRequest', everyAnswer);
  await registerCors(app);
  registerLoadShedding(app, deps.pressure);
  for (const schema of [...SHARED_SCHEMAS, ApiIndex]) app.addSchema(schema);
  await registerOpenApi(app, config.baseUrl, {
    title: `${catalog.site.name} API`, description: catalog.site.description, contactEmail: catalog.site.email, complete: documentBearerResponses,
  });
  await app.register(formbody, { bodyLimit: MAX_BODY_BYTES });
  app.setErrorHandler(handleError);

  // Probes for load balancers and orchestrators: not counted, no token looked at. /metrics has a token of its own.
  const probes = new RouteRegistry(app);
  registerHealth(app, deps.readiness);
  if (deps.metrics && config.metricsToken) registerMetricsRoute(app, deps.metrics, config.metricsToken);
  registerMethodNotAllowed(app, probes.methodsByUrl());

  const corsPolicy = sitePolicy(config.allowedOrigins);
  // Made before the API: MCP serves the site's Markdown twins as resources, read once the site is built.
  const website = createWebsite({
    catalog, baseUrl: config.baseUrl, inquiries, images: deps.images, consultations: deps.consultations, allowedOrigins: config.allowedOrigins, clock: deps.clock,
  });
  // The API: every request counts against its route's policy (a read by default) and may carry a bearer token.
  await app.register(async (api) => {
    api.addHook('onRequest', rateLimitHook(limiter, 'read'));
    api.addHook('onRequest', bearerAuth(oauth));
    await api.register(restSurface, {
      catalog, baseUrl: config.baseUrl, apiName: `${catalog.site.name} API`, inquiries, inbox: deps.inbox, pipeline: deps.pipeline, conversations: deps.conversations.store, consultations: deps.consultations, allowedOrigins: config.allowedOrigins, corsPolicy,
      legacy: { deprecatedAt: config.legacyDeprecatedAt, sunsetAt: config.legacySunsetAt },
    });
    await api.register(mcpPlugin, {
      baseUrl: config.baseUrl, allowedOrigins: config.allowedOrigins, corsPolicy, catalog, inquiries, consultations: deps.consultations, twins: website.markdownTwin,
    });
    await api.register(a2aPlugin, {
      baseUrl: config.baseUrl, corsPolicy, catalog, inquiries, consultations: deps.consultations, cardKeys: oauth.keys, tasks: deps.a2aTasks, clock: deps.clock,
    });
  });

  // OAuth: its endpoints count against their own policies and answer RFC 6749 error bodies.
  await app.register(async (authorization) => {
    authorization.addHook('onRequest', rateLimitHook(limiter));
    await authorization.register(oauthSurface, { oauth });
  });

  // The operators' inbox: its own hooks (session, CSRF, no-store and noindex on every answer) and HTML error pages.
  await app.register(async (inboxScope) => inboxSurface(inboxScope, {
    config, catalog, inbox: deps.inbox, pipeline: deps.pipeline, inquiries, operators: deps.operators, outbox: deps.outbox, conversations: deps.conversations, clients: oauth.grants, clock: deps.clock, time: deps.time,
    reports: deps.reports, consultations: deps.consultations,
  }));

  // The studio's calendar subscription: a secret address, not counted, not in the OpenAPI document.
  await app.register(async (calendarScope) => calendarSurface(calendarScope, { calendar: deps.calendar }));

  // Mail into the service: its own body parser (the raw message) and error mapping; signed, so not counted.
  await app.register(async (inboundScope) => inboundSurface(inboundScope, { conversations: deps.conversations }));

  // The website: pages and documents, not counted (they are cacheable), negotiated between HTML and Markdown.
  await app.register(website.surface);

  // Discovery documents of every surface live under /.well-known; an unknown one is a machine address too.
  await answerNotFoundAsJson(app, WELL_KNOWN_ROOT);
  // Anything no surface claims is the website's: its 404 page.
  app.setNotFoundHandler(website.notFound);
  return app;
}
