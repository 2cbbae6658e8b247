import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/errors.js';
import { PATHS } from '../contract/paths.js';
import { hashSecret, secretMatches } from '../oauth/secrets.js';
import type { Metrics } from './metrics.js';

/** The label of requests no route matched: the raw URL would make one series per scanner probe. */
const UNMATCHED = 'unmatched';

/** Times every answered request by its route pattern. Global on purpose (added at the root). */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestDone(request.routeOptions.url ?? UNMATCHED, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

function presentedToken(request: FastifyRequest): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * GET /metrics for Prometheus, an operator endpoint: only with `Authorization: Bearer <METRICS_TOKEN>`
 * (compared in constant time, as a hash), otherwise 401 with a Bearer challenge. It is a probe-like
 * route at the root, so the API's OAuth bearer hook and its rate limits never see it, and it is left
 * out of the OpenAPI document and the API index.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const tokenHash = hashSecret(token);
  app.get(PATHS.metrics, { schema: { hide: true } }, async (request, reply) => {
    const presented = presentedToken(request);
    if (!presented || !secretMatches(presented, tokenHash)) {
      throw new ApiError('invalid_token', {
        message: 'The metrics token is missing or wrong.',
        hint: 'Send Authorization: Bearer <METRICS_TOKEN>, the token this instance was configured with.',
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    }
    reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
