import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { validInquiry } from '../helpers/inquiries.js';
import { suiteScope } from '../helpers/server.js';
import { spawnServer } from '../helpers/service-process.js';

/** Polls `condition` every 20 ms until it holds; fails naming `what` after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!await condition()) {
    assert.ok(Date.now() < deadline, `${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Resolves true when a TCP connection to `port` is refused, false when it is accepted. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(false); });
    socket.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve(true) : reject(error)));
  });
}

/** Reads everything the socket receives; `text()` is what arrived so far. */
function collect(socket: Socket): { text(): string } {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { text: () => Buffer.concat(chunks).toString('utf8') };
}

/** The final (non-1xx) response in raw HTTP/1.1 text, once its Content-Length body is complete. */
function finalResponse(raw: string): { status: number; body: string } | undefined {
  const start = raw.search(/HTTP\/1\.1 [2-5]\d\d /);
  if (start < 0) return undefined;
  const head = raw.slice(start).split('\r\n\r\n', 1)[0]!;
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
  const body = raw.slice(start + head.length + 4);
  if (!raw.slice(start).includes('\r\n\r\n') || Buffer.byteLength(body) < length) return undefined;
  return { status: Number(head.slice(9, 12)), body };
}

describe('process lifecycle and logs', () => {
  const suite = suiteScope();
  let child: ChildProcess;
  let url: string;
  let port: number;
  let dir: string;
  let lines: string[];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-life-'));
    suite.after(() => rmSync(dir, { recursive: true, force: true }));
    const service = await spawnServer(suite, { DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, LOG_LEVEL: 'info' }, { captureStdout: true, waitForReady: false });
    ({ child, url, port, stdout: lines } = service);
    const deadline = Date.now() + 30_000;
    while (!lines.some((l) => l.includes('studio-api ready'))) {
      assert.ok(Date.now() < deadline, `the server did not start; its stderr:\n${service.stderr()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('serves /healthz and /readyz with a per-dependency report', async () => {
    const health = await fetch(`${url}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const ready = await fetch(`${url}/readyz`);
    assert.equal(ready.status, 200);
    const report = await ready.json() as { status: string; checks: Record<string, { status: string; latency_ms: number }> };
    assert.equal(report.status, 'ready');
    assert.equal(report.checks.database?.status, 'up');
  });

  it('logs one JSON line per request with no personal data', async () => {
    const before = lines.length;
    await (await fetch(`${url}/api/v1/projects?utm=secret-query`, { headers: { 'User-Agent': 'Private-Agent/1.0', 'X-Forwarded-For': '198.51.100.77' } })).text();
    const requestLines = () => lines.slice(before).filter((l) => l.includes('/api/v1/projects'));
    await until(() => requestLines().length > 0, 'the request log line');
    assert.equal(requestLines().length, 1, requestLines().join('\n'));
    const entry = JSON.parse(requestLines()[0]!) as Record<string, unknown>;
    assert.equal(entry.path, '/api/v1/projects');
    assert.equal(entry.status, 200);
    assert.equal(typeof entry.ms, 'number');
    assert.doesNotMatch(requestLines()[0]!, /127\.0\.0\.1|198\.51\.100\.77|Private-Agent|secret-query/);
  });

  it('shuts down gracefully on SIGTERM: stops accepting, finishes the open request, closes its kept-alive connection, then exits 0', async () => {
    const body = Buffer.from(JSON.stringify(validInquiry()));
    const half = Math.floor(body.length / 2);
    const socket = connect(port, '127.0.0.1');
    const received = collect(socket);
    await once(socket, 'connect');
    // "Expect: 100-continue" makes the server say when it holds the request: Node answers 100 right
    // before handing the request to Fastify, so SIGTERM below lands while this request is in flight.
    socket.write(`POST /api/v1/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n`
      + `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`);
    socket.write(body.subarray(0, half));
    await until(() => received.text().startsWith('HTTP/1.1 100 Continue'), 'the server taking the request');

    child.kill('SIGTERM');
    await until(() => lines.some((l) => l.includes('shutting down')), 'the shutdown log line');
    await until(() => connectionRefused(port), 'new connections being refused while the request is open');
    assert.equal(child.exitCode, null, 'the process waits for the open request');

    // The client keeps its connection open after the answer (keep-alive): the server must close it, not
    // wait for its keep-alive time (72 s) past the shutdown's 10 s grace.
    const serverEnded = once(socket, 'end');
    socket.write(body.subarray(half));
    await until(() => finalResponse(received.text()) !== undefined, 'the answer to the open request');
    const response = finalResponse(received.text())!;
    assert.equal(response.status, 200, received.text());
    assert.deepEqual(JSON.parse(response.body), { ok: true });
    await serverEnded;

    const [code] = child.exitCode === null ? await once(child, 'exit') as [number] : [child.exitCode];
    assert.equal(code, 0, lines.slice(-4).join('\n'));
    assert.ok(lines.some((l) => l.includes('"msg":"stopped"')), 'the log line that says the service stopped');
    assert.ok(await connectionRefused(port), 'nothing listens after the exit');
  });
});
