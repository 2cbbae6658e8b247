import type { FastifyInstance } from 'fastify';
import { ApiError } from '../contract/errors.js';
import type { RouteRegistry } from './route-registry.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Answers the other methods of every known path with 405 and Allow. Call once all routes are added. */
export function registerMethodNotAllowed(app: FastifyInstance, registry: RouteRegistry): void {
  for (const [url, allowed] of registry.methodsByUrl()) {
    const missing = METHODS.filter((m) => !allowed.has(m));
    if (missing.length === 0) continue;
    const allow = METHODS.filter((m) => allowed.has(m)).join(', ');
    app.route({
      method: missing,
      url,
      schema: { hide: true },
      handler: async () => {
        throw new ApiError('method_not_allowed', { headers: { Allow: allow } });
      },
    });
  }
}
