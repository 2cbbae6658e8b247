import type { FastifyInstance } from 'fastify';

/**
 * One JSON line per request. Only the method, path (no query string), route, status and timing are
 * logged: no IP address, no header, no body, so that no personal data reaches the logs. Fastify's
 * request logger adds the request id (reqId), the one the answer names in X-Request-Id (request-id.ts).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    request.log.info(
      {
        method: request.method,
        path,
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: request.clientId,
      },
      'request',
    );
    done();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The OAuth client of a valid bearer token, when one was sent. */
    clientId?: string;
  }
}
