import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { ClientLimits } from '../config/http-limits.js';
import { createLimitedServer } from './server-limits.js';

/** An app that answers requests, and how many of them it has not answered yet. */
interface Serving {
  app: FastifyInstance;
  open: number;
  onIdle?: () => void;
}

/**
 * The process's one listening HTTP server, and which Fastify app answers it. A content reload builds a new
 * app; `use()` sends every new request to it, while the requests the previous app holds finish there, and
 * that app is closed after its last answer. Fastify lets an app run on a server it did not make (the
 * `serverFactory` option): each app gets a stand-in that never listens (Fastify hangs its client-error
 * handler there), and the listening server, which holds the limits on slow clients, outlives them. With a
 * factory Fastify applies none of its own server options (timeouts), so the limits are set here only.
 */
export class AppServer {
  /** The listening server (its limits are what a slow client meets). */
  readonly server: Server;
  private serving?: Serving;
  private readonly retiring = new Set<Promise<void>>();
  /** Requests under way, on every app (the current one and those retiring). */
  private inFlight = 0;

  constructor(limits: ClientLimits) {
    this.server = createLimitedServer(limits, (request, response) => this.dispatch(request, response));
    // A request too malformed to reach an app is answered by the current app's handler, as on its own server.
    this.server.on('clientError', (error, socket) => this.app.server.emit('clientError', error, socket));
  }

  /** The `serverFactory` option of every app this server runs: a stand-in that never listens. */
  readonly serverFactory: FastifyServerFactory = () => createServer();

  /** The app that answers new requests. */
  get app(): FastifyInstance {
    if (!this.serving) throw new Error('no app installed yet');
    return this.serving.app;
  }

  /** Sends every new request to `app` (ready); the previous app answers what it holds, then closes. */
  use(app: FastifyInstance): void {
    const previous = this.serving;
    this.serving = { app, open: 0 };
    if (previous) this.retire(previous);
  }

  async listen(port: number, host: string): Promise<void> {
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  /**
   * Stops accepting connections, lets the current app refuse new requests on open ones (503, Fastify's
   * `return503OnClosing`) while it finishes the ones it holds, and resolves when every connection has ended
   * and every app is closed. Once no request is in flight, every connection left is closed: by this
   * server's own count, not Node's idea of an idle connection, which missed a keep-alive connection whose
   * answer was sent as SIGTERM arrived (it then stayed open for its keep-alive time, 72 s, past the grace).
   * The app's own onClose hooks run as it starts closing, not after its last answer.
   */
  async close(): Promise<void> {
    const server = this.server;
    const ended = new Promise<void>((resolve) => server.close(() => resolve()));
    this.closeConnectionsWhenIdle();
    await this.app.close();
    await ended;
    await Promise.all(this.retiring);
  }

  /** While closing (no longer listening, which only close() ends), with no answer under way: ends every connection. */
  private closeConnectionsWhenIdle(): void {
    if (this.inFlight === 0 && !this.server.listening) this.server.closeAllConnections();
  }

  private dispatch(request: IncomingMessage, response: ServerResponse): void {
    const serving = this.serving;
    if (!serving) throw new Error('no app installed yet');
    serving.open += 1;
    this.inFlight += 1;
    // A response emits 'close' once, answered (after 'finish': handed to the OS) or cut off (about 0.3 µs a
    // request, measured, for `on`).
    response.on('close', () => {
      serving.open -= 1;
      this.inFlight -= 1;
      if (serving.open === 0) serving.onIdle?.();
      this.closeConnectionsWhenIdle();
    });
    serving.app.routing(request, response);
  }

  private retire(serving: Serving): void {
    const idle = serving.open === 0 ? Promise.resolve() : new Promise<void>((resolve) => { serving.onIdle = resolve; });
    const closed = idle.then(() => serving.app.close())
      .catch((error: unknown) => serving.app.log.error({ err: error }, 'closing the app of the previous content failed'))
      .finally(() => this.retiring.delete(closed));
    this.retiring.add(closed);
  }
}
