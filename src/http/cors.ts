import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * "site": only the allowed origins may call this route from a browser (inquiries, MCP). Default:
     * any origin. Rewritten at registration into the @fastify/cors route option it stands for.
     */
    cors?: 'site' | FastifyCorsOptions;
  }
}

const EXPOSED = ['ETag', 'Link', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy',
  'Deprecation', 'Sunset', 'WWW-Authenticate'];

/**
 * Public reads answer any origin; routes marked `cors: "site"` answer only the allowed origins, their
 * preflights included. One static policy plus a route option, so no request pays for building options
 * (a per-request delegator cost about 5% of a read in the profile).
 */
export async function registerCors(app: FastifyInstance, allowedOrigins: string[]): Promise<{ registerPreflights(): void }> {
  const sitePolicy: FastifyCorsOptions = { origin: allowedOrigins };
  const sitePaths = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.cors !== 'site') return;
    route.config.cors = sitePolicy;
    sitePaths.add(route.url);
  });
  await app.register(cors, {
    hook: 'onRequest',
    origin: '*',
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'MCP-Protocol-Version', 'Mcp-Session-Id'],
    exposedHeaders: EXPOSED,
    maxAge: 600,
    // A preflight is answered even for unknown paths, like any static CORS policy would.
    strictPreflight: false,
  });
  return {
    // The plugin answers preflights on its own catch-all OPTIONS route, which knows no route option:
    // a site-only path gets an OPTIONS route of its own carrying the site policy.
    registerPreflights() {
      for (const url of sitePaths) {
        app.options(url, { schema: { hide: true }, config: { cors: sitePolicy, rateLimit: false } }, async (_request, reply) => reply.code(204).send());
      }
    },
  };
}
