import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { Catalog } from './catalog/catalog.js';
import type { Config } from './config.js';
import { MAX_BODY_BYTES } from './contract/api.js';
import { Project, Service } from './contract/catalog.js';
import { Inquiry } from './contract/inquiry.js';
import { ErrorBody, Ok } from './contract/responses.js';
import { ApiIndex, registerApiIndex } from './http/api-index.js';
import { registerCors } from './http/cors.js';
import { registerErrorHandling } from './http/errors.js';
import { registerHealth, type ReadinessCheck } from './http/health.js';
import { registerLinkHeaders } from './http/link-headers.js';
import { registerMethodNotAllowed } from './http/method-not-allowed.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRateLimitHook } from './http/rate-limit-hook.js';
import { registerReadRoutes } from './http/read-routes.js';
import { registerRequestLog } from './http/request-log.js';
import { RouteRegistry } from './http/route-registry.js';
import { mcpPlugin } from './mcp/plugin.js';
import type { RateLimiter } from './rate-limit/limiter.js';
import { registerContactRoutes } from './http/contact-routes.js';
import type { InquiryService } from './inquiries/port.js';
import { registerBearerAuth } from './oauth/bearer-hook.js';
import { registerOAuth } from './oauth/plugin.js';
import type { OAuthService } from './oauth/service.js';
import { createWebsite } from './web/website.js';

/** Everything the app needs from outside, chosen by the composition root (src/compose.ts). */
export interface AppDeps {
  config: Config;
  catalog: Catalog;
  limiter: RateLimiter;
  readiness: ReadinessCheck[];
  logger: FastifyBaseLogger;
  inquiries: InquiryService;
  oauth: OAuthService;
}

function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Builds the HTTP app, not listening. Reads top to bottom: cross-cutting hooks, then each surface. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, catalog } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    // One line per request comes from src/http/request-log.ts, without personal data.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies nearest to us, as proxy-addr does for a number.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const registry = new RouteRegistry(app);

  for (const schema of [Project, Service, Inquiry, Ok, ErrorBody, ApiIndex]) app.addSchema(schema);
  await registerOpenApi(app, config.baseUrl, {
    title: `${catalog.site.name} API`,
    description: catalog.site.description,
    contactEmail: catalog.site.email,
  });
  await app.register(formbody, { bodyLimit: MAX_BODY_BYTES });
  const website = createWebsite({ catalog, baseUrl: config.baseUrl, registry, inquiries: deps.inquiries });
  registerErrorHandling(app, website.notFound);
  registerRequestLog(app);
  const corsPolicy = await registerCors(app, config.allowedOrigins);
  registerLinkHeaders(app, config.baseUrl);
  registerRateLimitHook(app, deps.limiter);
  registerBearerAuth(app, deps.oauth);

  registerHealth(app, deps.readiness);
  registerApiIndex(app, registry, config.baseUrl, `${catalog.site.name} API`);
  registerReadRoutes(app, catalog, config.baseUrl);
  registerContactRoutes(app, deps.inquiries, {
    baseUrl: config.baseUrl, deprecatedAt: config.legacyDeprecatedAt, sunsetAt: config.legacySunsetAt,
  });
  await registerOAuth(app, deps.oauth);
  await app.register(mcpPlugin, { baseUrl: config.baseUrl, allowedOrigins: config.allowedOrigins, catalog, inquiries: deps.inquiries });
  website.register(app);

  await app.after();
  corsPolicy.registerPreflights();
  registerMethodNotAllowed(app, registry.methodsByUrl());
  return app;
}
