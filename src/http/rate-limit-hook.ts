import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/errors.js';
import { API_PATH_PREFIX } from '../contract/paths.js';
import { rateLimitHeaders, type RateLimitDecision, type RateLimitPolicyName } from '../contract/rate-limits.js';
import { clientKey } from '../rate-limit/client-key.js';
import type { RateLimiter } from '../rate-limit/limiter.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's decision under its route's policy, when the route has one. */
    rateLimit?: RateLimitDecision;
  }
  interface FastifyContextConfig {
    /** The contract policy this route counts against; routes under /api/ default to "read". */
    rateLimit?: RateLimitPolicyName | false;
  }
}

function policyOf(request: FastifyRequest): RateLimitPolicyName | undefined {
  const configured = request.routeOptions.config?.rateLimit;
  if (configured === false) return undefined;
  if (configured) return configured;
  return request.url.startsWith(API_PATH_PREFIX) ? 'read' : undefined;
}

/**
 * Counts the request against its route's policy and sets the RateLimit-* headers; over the limit it
 * answers 429 with Retry-After before the handler runs. Keyed by client IP (TRUST_PROXY decides which).
 */
export function registerRateLimitHook(app: FastifyInstance, limiter: RateLimiter): void {
  // Callback style: with the in-process store a read is counted without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const policy = policyOf(request);
    if (!policy) return done();
    const apply = (decision: RateLimitDecision) => {
      request.rateLimit = decision;
      reply.headers(rateLimitHeaders(decision));
      done(decision.allowed ? undefined : new ApiError('rate_limited', { retryAfter: decision.resetSeconds }));
    };
    const decision = limiter.consume(policy, clientKey(request.ip));
    if (decision instanceof Promise) decision.then(apply, done);
    else apply(decision);
  });
}
