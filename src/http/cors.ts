import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors reads this route option: the route's policy replaces the global one (see sitePolicy). */
    cors?: FastifyCorsOptions;
  }
}

// MCP-Protocol-Version: a browser MCP client reads the revision an answer speaks. No Mcp-Session-Id: /mcp is
// stateless and never issues one, so there is none to expose.
const EXPOSED = ['ETag', 'Link', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy',
  'Deprecation', 'Sunset', 'WWW-Authenticate', 'X-Request-Id', 'MCP-Protocol-Version'];

/**
 * What a browser may send. MCP clients: MCP-Protocol-Version, and since the 2026-07-28 revision (SEP-2243)
 * Mcp-Method and Mcp-Name on every POST; Mcp-Session-Id and Last-Event-ID from clients of earlier revisions,
 * which send them when they hold a session or resume a stream (this server has neither, and ignores them).
 * A2A clients send A2A-Version with every request, the agent card's GET included.
 */
const ALLOWED_REQUEST_HEADERS = ['Content-Type', 'Authorization', 'Idempotency-Key',
  'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Mcp-Session-Id', 'Last-Event-ID', 'A2A-Version', 'A2A-Extensions'];

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
    allowedHeaders: ALLOWED_REQUEST_HEADERS.join(', '),
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
