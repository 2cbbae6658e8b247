import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError } from '../contract/errors.js';
import { rateLimitHeaders, type RateLimitDecision, type RateLimitPolicyName } from '../contract/rate-limits.js';
import { clientKey } from '../rate-limit/client-key.js';
import type { RateLimiter } from '../rate-limit/limiter.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's decision under its route's policy, when the route has one. */
    rateLimit?: RateLimitDecision;
  }
  interface FastifyContextConfig {
    /** The contract policy this route counts against; false: none, even where its context counts by default. */
    rateLimit?: RateLimitPolicyName | false;
  }
}

/**
 * The counting hook of one encapsulated context: each request counts against its route's policy, or the
 * context's default (the API counts every request, 404 and 405 included, as a read), and gets the
 * RateLimit-* headers; over the limit it is refused with 429 and Retry-After before its body is read.
 * Keyed by client IP (TRUST_PROXY decides which). Added with `addHook('onRequest', …)` by the contexts
 * that count; pages and documents, which sit behind caches, are in contexts without it.
 */
export function rateLimitHook(limiter: RateLimiter, defaultPolicy?: RateLimitPolicyName): onRequestHookHandler {
  const policyOf = (request: FastifyRequest): RateLimitPolicyName | undefined => {
    const configured = request.routeOptions.config?.rateLimit;
    return configured === false ? undefined : configured ?? defaultPolicy;
  };
  // Callback style: with the in-process store a request is counted without a promise.
  return (request, reply, done) => {
    const policy = policyOf(request);
    if (!policy) return done();
    const apply = (decision: RateLimitDecision) => {
      request.rateLimit = decision;
      reply.headers(rateLimitHeaders(decision));
      done(decision.allowed ? undefined : new ApiError('rate_limited', { retryAfter: decision.resetSeconds, rateLimit: decision }));
    };
    const decision = limiter.consume(policy, clientKey(request.ip));
    if (decision instanceof Promise) decision.then(apply, done);
    else apply(decision);
  };
}
