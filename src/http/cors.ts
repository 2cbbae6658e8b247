import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { RouteRegistry } from './route-registry.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** "site": only the allowed origins may call this route from a browser (inquiries). Default: any origin. */
    cors?: 'site';
  }
}

const EXPOSED = ['ETag', 'Link', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy',
  'Deprecation', 'Sunset', 'WWW-Authenticate'];

/** Public reads answer any origin; routes marked `cors: "site"` answer only the allowed origins. */
export async function registerCors(app: FastifyInstance, allowedOrigins: string[], registry: RouteRegistry): Promise<void> {
  let sitePaths: Set<string> | undefined;
  const isSiteOnly = (path: string) => {
    sitePaths ??= new Set(registry.routes.filter((r) => r.config?.cors === 'site').map((r) => r.url));
    return sitePaths.has(path);
  };
  const common = {
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'MCP-Protocol-Version', 'Mcp-Session-Id'],
    exposedHeaders: EXPOSED,
    maxAge: 600,
    // A preflight is answered even for unknown paths, like any static CORS policy would.
    strictPreflight: false,
  };
  const publicPolicy = { ...common, origin: '*' };
  const sitePolicy = { ...common, origin: allowedOrigins };
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      callback(null, isSiteOnly(request.url.split('?', 1)[0] ?? '') ? sitePolicy : publicPolicy);
    },
  });
}
