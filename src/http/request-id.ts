import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Visible ASCII only, so that a client's id cannot break a log line or a response header. */
const ACCEPTABLE_ID = /^[\x21-\x7e]{1,200}$/;

/**
 * Fastify's genReqId: the id of every request, which its logger puts on every line of the request (reqId).
 * Behind a trusted proxy (TRUST_PROXY) the proxy's X-Request-Id is kept, so one id follows the request
 * through both logs; an absent or unusable one, or any sent directly by a client, is replaced by a UUID.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  if (!trustProxy) return () => randomUUID();
  return (request) => {
    const offered = request.headers[REQUEST_ID_HEADER];
    return typeof offered === 'string' && ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
  };
}
