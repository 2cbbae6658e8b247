import { afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { loadConfig } from '../../src/config/load.js';
import { CONNECTIONS_CHECKING_INTERVAL_MS } from '../../src/http/server-limits.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// Raw sockets that speak HTTP too slowly, or not at all, against short configured limits. Each case waits
// for the server to close the connection, with a bound far above the limit so that only a missing cut-off
// fails (no assertion on speed).

const REQUEST_TIMEOUT_MS = 2_000;
const HEADERS_TIMEOUT_MS = 1_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_000;
/** The limit, plus Node's check interval, plus room for a busy machine. */
const CUT_OFF_BOUND_MS = REQUEST_TIMEOUT_MS + CONNECTIONS_CHECKING_INTERVAL_MS + 8_000;

interface Connection {
  socket: Socket;
  /** Everything the server sent. */
  received(): string;
  /** Resolves when the server closes the connection; rejects after `boundMs`. */
  closed(boundMs: number): Promise<void>;
}

/** Every socket a test opened: destroyed after it, so a connection the server failed to cut cannot hold the next test. */
const opened: Socket[] = [];

async function open(url: string): Promise<Connection> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let data = '';
  socket.on('data', (chunk) => { data += chunk.toString('latin1'); });
  socket.on('error', () => { /* a reset is a close too */ });
  const whenClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    received: () => data,
    closed: (boundMs) => {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the server kept the connection open for ${boundMs} ms`)), boundMs);
      });
      return Promise.race([whenClosed, bound]).finally(() => clearTimeout(timer));
    },
  };
}

/** Writes one byte at a time, `everyMs` apart, until the connection closes. */
function trickle(connection: Connection, text: string, everyMs: number): NodeJS.Timeout {
  let next = 0;
  const timer = setInterval(() => {
    if (connection.socket.destroyed || next >= text.length) return;
    connection.socket.write(text[next]!);
    next += 1;
  }, everyMs);
  connection.socket.once('close', () => clearInterval(timer));
  return timer;
}

afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy();
});

describe('slow clients', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => {
    server = await startServer(suite, {
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    });
  });

  it('answers 408 and closes a connection whose body arrives one byte a second', async () => {
    const connection = await open(server.url);
    const body = JSON.stringify({ name: 'Slow Loris', message: 'x'.repeat(200) });
    connection.socket.write(`POST /api/v1/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    trickle(connection, body, 1_000);
    await connection.closed(CUT_OFF_BOUND_MS);
    assert.match(connection.received(), /^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a connection whose headers arrive one byte at a time (slowloris)', async () => {
    const connection = await open(server.url);
    connection.socket.write('GET /api/v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    trickle(connection, `X-Padding: ${'a'.repeat(100)}\r\n`, 200);
    await connection.closed(CUT_OFF_BOUND_MS);
    assert.match(connection.received(), /^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends a byte', async () => {
    const connection = await open(server.url);
    await connection.closed(CUT_OFF_BOUND_MS);
  });

  it('closes a kept-alive connection once it is idle for the keep-alive timeout', async () => {
    const connection = await open(server.url);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await connection.closed(CUT_OFF_BOUND_MS);
    assert.match(connection.received(), /^HTTP\/1\.1 200 /, 'the request itself was answered');
    assert.match(connection.received(), /\r\nkeep-alive: timeout=1\r\n/i, 'the client was told how long the connection is kept');
  });

  it('still serves a client that sends a whole request at once', async () => {
    const response = await fetch(`${server.url}/api/v1/projects`);
    assert.equal(response.status, 200);
  });
});

describe('connection limit', () => {
  it(`refuses connections beyond MAX_CONNECTIONS, and accepts again once one closes`, async (t) => {
    const server = await startServer(t, { MAX_CONNECTIONS: '2', HEADERS_TIMEOUT_MS: '30000' });
    const held: Connection[] = [];
    try {
      held.push(await open(server.url), await open(server.url));
      const third = await open(server.url);
      third.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await third.closed(CUT_OFF_BOUND_MS);
      assert.equal(third.received(), '', 'dropped without an answer');
      held.shift()!.socket.destroy();
      // The server counts the closed connection out when it sees the close: ask until it has.
      let answer = '';
      for (let attempt = 0; attempt < 50 && answer === ''; attempt += 1) {
        const next = await open(server.url);
        next.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
        await next.closed(CUT_OFF_BOUND_MS);
        answer = next.received();
      }
      assert.match(answer, /^HTTP\/1\.1 200 /);
    } finally {
      for (const connection of held) connection.socket.destroy();
    }
  });
});

describe('client limits by default', () => {
  it('cuts a slow request off within 30 s: the configured timeouts reach the listening server', async (t) => {
    const defaults = loadConfig({});
    assert.equal(defaults.requestTimeoutMs, 30_000);
    assert.equal(defaults.headersTimeoutMs, 10_000);
    assert.equal(defaults.keepAliveTimeoutMs, 72_000);
    assert.equal(defaults.maxConnections, 10_000);
    assert.ok(CONNECTIONS_CHECKING_INTERVAL_MS <= 1_000, 'Node checks often enough for a 30 s timeout to fire by 31 s');
    const server = await startServer(t);
    const http = server.runtime.httpServer;
    assert.equal(http.requestTimeout, 30_000);
    assert.equal(http.headersTimeout, 10_000);
    assert.equal(http.keepAliveTimeout, 72_000);
    assert.equal(http.maxConnections, 10_000);
  });
});

describe('shutdown and a client in the middle of its headers', () => {
  it('ends the connection at once, without waiting out the headers timeout', async (t) => {
    // The headers timeout would cut it after 30 s; the shutdown grace is 10 s. Node counts a connection
    // whose request has begun as busy, not idle, so only the server's own count of requests in flight
    // (none reached an app here) lets close() end it.
    const server = await startServer(t, { HEADERS_TIMEOUT_MS: '30000' });
    const half = await open(server.url);
    half.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = server.close();
    await half.closed(5_000);
    await closing;
  });
});
