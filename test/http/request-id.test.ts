import { connect } from 'node:net';
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// Every answer carries X-Request-Id, and the request's log lines carry the same id (reqId). A client's
// X-Request-Id is kept only behind a trusted proxy (TRUST_PROXY), and only when it is visible ASCII of
// at most 200 characters.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine { level: number; msg: string; reqId?: string; path?: string; status?: number }

/** A logger whose JSON lines a test can read. */
function capturingLogger(): { logger: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink) as FastifyBaseLogger, lines };
}

/** The request log line of the answer `response` (looked up by its X-Request-Id). */
function requestLine(lines: LogLine[], response: Response): LogLine | undefined {
  return lines.find((line) => line.msg === 'request' && line.reqId === response.headers.get('x-request-id'));
}

/** The answer's id is in its request log line (written at onResponse, after the client has the answer). */
async function assertLogged(lines: LogLine[], response: Response): Promise<LogLine> {
  for (let attempt = 0; attempt < 50 && !requestLine(lines, response); attempt++) await new Promise((r) => setTimeout(r, 20));
  const line = requestLine(lines, response);
  assert.ok(line, `a request log line with reqId ${response.headers.get('x-request-id')}`);
  assert.equal(line.status, response.status);
  return line;
}

/** A server whose log lines the tests of the enclosing describe read; started before them, closed after. */
function serverWithLog(env: Record<string, string>, options: { waitForStore?: boolean } = {}): { server: TestServer; lines: LogLine[] } {
  const suite = suiteScope();
  const state = {} as { server: TestServer; lines: LogLine[] };
  before(async () => {
    const capture = capturingLogger();
    state.lines = capture.lines;
    state.server = await startServer(suite, env, { ...options, logger: capture.logger });
  });
  return state;
}

describe('request ids, without a trusted proxy', () => {
  const run = serverWithLog({});

  it('makes a UUID for every request, answers it and logs it', async () => {
    const first = await fetch(`${run.server.url}/api/v1/projects`);
    const second = await fetch(`${run.server.url}/api/v1/projects`);
    assert.match(first.headers.get('x-request-id') ?? '', UUID);
    assert.notEqual(first.headers.get('x-request-id'), second.headers.get('x-request-id'));
    const line = await assertLogged(run.lines, first);
    assert.equal(line.path, '/api/v1/projects');
  });

  it("ignores the client's X-Request-Id", async () => {
    const response = await fetch(`${run.server.url}/healthz`, { headers: { 'X-Request-Id': 'client-chosen-id' } });
    assert.match(response.headers.get('x-request-id') ?? '', UUID);
    await assertLogged(run.lines, response);
  });

  it('is on error answers too: 404 (page and JSON), 405, 400, 401 and 429, and in their log lines', async () => {
    const answers = [
      await fetch(`${run.server.url}/no-such-page`),
      await fetch(`${run.server.url}/api/v1/nothing`),
      await fetch(`${run.server.url}/healthz`, { method: 'DELETE' }),
      await fetch(`${run.server.url}/api/v1/projects`, { headers: { Authorization: 'Bearer not-a-jwt' } }),
    ];
    // The inquiry bucket (5 per 15 minutes) counts refused bodies too: the sixth is 429.
    for (let i = 0; i < 6; i++) answers.push(await postInquiry(run.server.url, '/api/v1/contact', validInquiry({ budget: undefined })));
    assert.deepEqual(answers.map((r) => r.status), [404, 404, 405, 401, 400, 400, 400, 400, 400, 429]);
    for (const response of answers) {
      assert.match(response.headers.get('x-request-id') ?? '', UUID, `${response.status} carries the id`);
      await assertLogged(run.lines, response);
    }
    assert.match(answers[0]!.headers.get('access-control-expose-headers') ?? '', /X-Request-Id/i);
  });
});

describe('request ids behind a trusted proxy (TRUST_PROXY)', () => {
  const run = serverWithLog({ TRUST_PROXY: 'true' });

  it("keeps the proxy's X-Request-Id, in the answer and the log line", async () => {
    const id = 'edge-7f3a:2026-11-22T10:00:00Z/abc';
    const response = await fetch(`${run.server.url}/api/v1/services`, { headers: { 'X-Request-Id': id } });
    assert.equal(response.headers.get('x-request-id'), id);
    assert.equal((await assertLogged(run.lines, response)).path, '/api/v1/services');
    const longest = 'r'.repeat(200);
    assert.equal((await fetch(`${run.server.url}/healthz`, { headers: { 'X-Request-Id': longest } })).headers.get('x-request-id'), longest);
  });

  it('replaces an unusable one with a UUID', async () => {
    for (const bad of ['r'.repeat(201), 'two words', '']) {
      const response = await fetch(`${run.server.url}/healthz`, { headers: { 'X-Request-Id': bad } });
      assert.match(response.headers.get('x-request-id') ?? '', UUID, JSON.stringify(bad));
    }
  });

  it('replaces one with a tab or a byte outside ASCII, and a DEL never reaches the app (sent raw: fetch would refuse them)', async () => {
    const { port } = new URL(run.server.url);
    const answerTo = async (id: Buffer): Promise<string> => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.end(Buffer.concat([Buffer.from('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nX-Request-Id: '), id, Buffer.from('\r\n\r\n')]));
      const chunks: Buffer[] = [];
      for await (const chunk of socket) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('latin1');
    };
    for (const bad of [Buffer.from('a\tb'), Buffer.from([0x61, 0xe9, 0x62])]) {
      const answer = await answerTo(bad);
      assert.match(answer, /^HTTP\/1\.1 200 /, JSON.stringify(bad.toString('latin1')));
      assert.match(/\r\nx-request-id: ([^\r]*)\r\n/i.exec(answer)?.[1] ?? '', UUID, JSON.stringify(bad.toString('latin1')));
    }
    // Node's HTTP parser refuses a DEL in a header value before any app sees it.
    assert.match(await answerTo(Buffer.from('a\x7fb')), /^HTTP\/1\.1 400 /);
  });
});

describe('request ids on a 5xx answer', () => {
  // Nothing listens on port 1: the store never becomes ready, so an inquiry is answered 503.
  const run = serverWithLog({ DATABASE_URL: 'postgres://studio@127.0.0.1:1/none' }, { waitForStore: false });

  it('carries the id on 503 inbox_unavailable and logs it', async () => {
    const response = await postInquiry(run.server.url, '/api/v1/contact', validInquiry());
    assert.equal(response.status, 503);
    assert.equal(((await response.json()) as { code: string }).code, 'inbox_unavailable');
    assert.match(response.headers.get('x-request-id') ?? '', UUID);
    await assertLogged(run.lines, response);
  });
});
