import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

const SLUG = 'aspen-ranch-house';

describe('content reload without a restart (runtime.reload(), SIGHUP in production)', () => {
  const suite = suiteScope();
  let dir: string;
  let content: string;
  let server: TestServer;
  const logs: string[] = [];

  const projectFile = (slug: string) => join(content, 'projects', `${slug}.md`);
  function retitle(title: string): void {
    const text = readFileSync(projectFile(SLUG), 'utf8');
    writeFileSync(projectFile(SLUG), text.replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
  }
  const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-reload-'));
    content = join(dir, 'content');
    cpSync('content', content, { recursive: true });
    const logger = pino({ level: 'info' }, { write: (line: string) => { logs.push(line); } }) as FastifyBaseLogger;
    // Limits lifted: the swap test sends a few hundred reads from one address.
    server = await startServer(suite, { CONTENT_DIR: content, RATE_LIMIT_SCALE: '100' }, { logger });
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a changed title with new ETags on the API and the page, counting on the same rate limiter', async () => {
    const list = await get('/api/v1/projects');
    const page = await get(`/projects/${SLUG}`);
    const remaining = Number(list.headers.get('ratelimit-remaining'));
    assert.doesNotMatch(await list.text(), /Aspen Meadow House/);

    retitle('Aspen Meadow House');
    assert.equal(await server.runtime.reload(), true);

    const newList = await get('/api/v1/projects', { 'If-None-Match': list.headers.get('etag')! });
    assert.equal(newList.status, 200, 'the old ETag no longer matches');
    assert.match(await newList.text(), /"title":"Aspen Meadow House"/);
    assert.notEqual(newList.headers.get('etag'), list.headers.get('etag'));
    assert.equal(Number(newList.headers.get('ratelimit-remaining')), remaining - 1, 'the limiter kept counting: the same adapter');
    const newPage = await get(`/projects/${SLUG}`);
    assert.match(await newPage.text(), /<h1[^>]*>Aspen Meadow House<\/h1>/);
    assert.notEqual(newPage.headers.get('etag'), page.headers.get('etag'));
    assert.ok(logs.some((line) => line.includes('content reloaded')));
  });

  it('serves a project added to the content at its own address', async () => {
    assert.equal((await get('/projects/reload-test-house')).status, 404);
    writeFileSync(projectFile('reload-test-house'), '---\ntitle: "Reload Test House"\nregion: "other"\n---\nA house added while serving.\n');
    assert.equal(await server.runtime.reload(), true);
    assert.equal((await get('/projects/reload-test-house')).status, 200);
    assert.match(await (await get('/api/v1/projects')).text(), /Reload Test House/);
  });

  it('keeps the previous content, and says why, when the new content is broken', async () => {
    const list = await get('/api/v1/projects');
    const body = await list.text();
    const good = readFileSync(projectFile(SLUG), 'utf8');
    writeFileSync(projectFile(SLUG), good.replace(/^region: .*$/m, 'region: "atlantis"'));
    const before = logs.length;

    assert.equal(await server.runtime.reload(), false);
    const failure = logs.slice(before).find((line) => line.includes('content not reloaded'));
    assert.ok(failure, logs.slice(before).join('\n'));
    assert.match(failure, new RegExp(`${SLUG}\\.md`), 'the log names the file');
    const still = await get('/api/v1/projects');
    assert.equal(still.headers.get('etag'), list.headers.get('etag'));
    assert.equal(await still.text(), body);

    writeFileSync(projectFile(SLUG), good);
    assert.equal(await server.runtime.reload(), true);
  });

  it('drops no request while apps are swapped: an open request finishes on the app that took it', async () => {
    const inquiry = Buffer.from(JSON.stringify(validInquiry()));
    const open = request(`${server.url}/api/v1/contact`, {
      method: 'POST',
      // The server answers 100 Continue when it hands the request to an app: the swap happens after that.
      headers: { 'Content-Type': 'application/json', 'Content-Length': inquiry.length, Expect: '100-continue' },
    });
    const answered = once(open, 'response');
    open.flushHeaders();
    await once(open, 'continue');

    const reads = ['/api/v1/projects', `/projects/${SLUG}`, '/services', '/healthz'];
    const statuses: number[] = [];
    const load = (async () => {
      for (let round = 0; round < 20; round++) {
        const answers = await Promise.all(reads.map(async (path) => { const r = await get(path); await r.arrayBuffer(); return r.status; }));
        statuses.push(...answers);
      }
    })();
    for (let i = 0; i < 4; i++) {
      retitle(`Aspen House ${i}`);
      assert.equal(await server.runtime.reload(), true);
    }
    await load;
    open.end(inquiry);
    const [response] = await answered as [import('node:http').IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    assert.equal(response.statusCode, 200, Buffer.concat(chunks).toString());
    assert.deepEqual(JSON.parse(Buffer.concat(chunks).toString()), { ok: true });
    assert.deepEqual([...new Set(statuses)], [200], `every read answered 200 (${statuses.length} reads)`);
    assert.match(await (await get('/api/v1/projects')).text(), /Aspen House 3/);
  });

  it('answers a request too malformed for any app as the current app does (its client-error handler)', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.end('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n');
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const answer = Buffer.concat(chunks).toString();
    // Node alone would answer a bare 400; Fastify's handler sends its JSON body.
    assert.match(answer, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.match(answer, /"statusCode":400/);
  });
});
