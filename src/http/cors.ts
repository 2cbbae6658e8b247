import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors reads this route option: the route's policy replaces the global one (see sitePolicy). */
    cors?: FastifyCorsOptions;
  }
}

const EXPOSED = ['ETag', 'Link', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy',
  'Deprecation', 'Sunset', 'WWW-Authenticate', 'X-Request-Id'];

/**
 * CORS for the whole origin, global on purpose: public reads answer any origin. One static policy, so no
 * request pays for building options (a per-request delegator cost about 5% of a read in the profile).
 * The plugin answers preflights on a catch-all OPTIONS route, for unknown paths too.
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    origin: '*',
    methods: ['GET', 'HEAD', 'POST'],
    // A2A clients send A2A-Version with every request, the agent card's GET included.
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'MCP-Protocol-Version', 'Mcp-Session-Id', 'A2A-Version', 'A2A-Extensions'],
    // Joined once: the plugin joins an array again on every answer.
    exposedHeaders: EXPOSED.join(', '),
    maxAge: 600,
    strictPreflight: false,
  });
}

/** The policy of routes that act for the studio (inquiries, MCP, A2A): only the allowed origins, from a browser. */
export function sitePolicy(allowedOrigins: readonly string[]): FastifyCorsOptions {
  return { origin: [...allowedOrigins] };
}

/**
 * A site-only route's own preflight: the catch-all OPTIONS route knows no route option, so the path gets
 * an OPTIONS route of its own that carries the site policy. Registered beside the route it answers for.
 */
export function sitePreflight(scope: FastifyInstance, url: string, policy: FastifyCorsOptions): void {
  scope.options(url, { schema: { hide: true }, config: { cors: policy, rateLimit: false } }, async (_request, reply) => reply.code(204).send());
}
