import type { FastifyInstance } from 'fastify';

/**
 * One JSON line per request. Only the method, path (no query string), route, status and timing are
 * logged: no IP address, no header, no body, no token in a path, so that no personal data reaches the logs. Fastify's
 * request logger adds the request id (reqId), the one the answer names in X-Request-Id (request-id.ts).
 * `client` is the OAuth client the bearer hook found (src/oauth/http/bearer-auth.ts), where it runs.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const query = request.url.indexOf('?');
    const route = request.routeOptions.url;
    // A path that holds a secret (a booking's manage link, the studio's calendar address) is logged as its route.
    const path = route?.includes(':token') ? route : query === -1 ? request.url : request.url.slice(0, query);
    request.log.info(
      {
        method: request.method,
        path,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: request.clientId,
      },
      'request',
    );
    done();
  });
}
