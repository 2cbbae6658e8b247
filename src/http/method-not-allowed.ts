import type { FastifyInstance } from 'fastify';
import { ApiError } from '../contract/errors.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The contract's 405: the Error shape with Allow. Surfaces with an error shape of their own pass theirs. */
const restRefusal = (allow: string): Error => new ApiError('method_not_allowed', { headers: { Allow: allow } });

/**
 * Answers the other methods of every path in `methodsByUrl` with 405 and Allow (RFC 9110 §15.5.6).
 * Call once the paths' routes are all added.
 */
export function registerMethodNotAllowed(
  scope: FastifyInstance, methodsByUrl: Map<string, Set<string>>, refusal: (allow: string, url: string) => Error = restRefusal,
): void {
  for (const [url, allowed] of methodsByUrl) {
    const missing = METHODS.filter((m) => !allowed.has(m));
    if (missing.length === 0) continue;
    const allow = METHODS.filter((m) => allowed.has(m)).join(', ');
    scope.route({
      method: missing,
      url,
      schema: { hide: true },
      handler: async () => {
        throw refusal(allow, url);
      },
    });
  }
}
