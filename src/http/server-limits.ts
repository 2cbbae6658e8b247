import { createServer, type RequestListener, type Server } from 'node:http';
import type { ClientLimits } from '../config/http-limits.js';

/**
 * How often Node looks for requests past their headers or request timeout. Its default is 30 s, so a
 * 30 s request timeout could fire only after up to 60 s; checking every second keeps the cut-off within
 * a second of the configured time, and a check only walks the connections with a request in progress.
 */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/**
 * The HTTP server, with the limits on slow and abusive clients: a request (headers and body) must arrive
 * within REQUEST_TIMEOUT_MS and its headers within HEADERS_TIMEOUT_MS, or it is answered 408 and closed;
 * a kept-alive connection idle for KEEP_ALIVE_TIMEOUT_MS is closed; beyond MAX_CONNECTIONS new
 * connections are dropped. There is no socket idle timeout: these cover every phase of receiving a
 * request, and one would also cut a slow answer the client is still reading.
 */
export function createLimitedServer(limits: ClientLimits, handler: RequestListener): Server {
  const server = createServer({
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
  }, handler);
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
  return server;
}
