import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { TASK_KEY_PREFIX } from '../../src/redis/a2a-task-store.js';
import { TASK_TTL_SECONDS } from '../../src/a2a/task-store.js';
import { postA2a, type Json } from '../helpers/a2a.js';
import { openStore } from '../helpers/inquiries.js';
import { registerClient, requestToken } from '../helpers/oauth-helpers.js';
import { peerMissing } from '../helpers/peers.js';
import { REDIS_URL, redisReachable, withRedis } from '../helpers/redis.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The A2A tasks with REDIS_URL: two real instances sharing one Redis and one database, as behind the
// proxy of deploy/. An inquiry told in words waits on one instance and is completed by a follow-up sent to
// the other; a client's task stays its own there; Redis's expiry is the task's; and an instance that
// cannot reach Redis still serves, keeping its tasks in process.

const NOT_FOUND = -32001;
// Instances behind one proxy share BASE_URL: it is the issuer and audience of the tokens either accepts.
const BASE_URL = 'https://studio.example';
const WORDS = 'I\'d like to build in Miami, about $5M, we own the lot, I\'m ana@example.com';

/** One JSON-RPC call to /a2a (the raw form: the SDK's client would follow the card to BASE_URL); its body. */
async function call(server: TestServer, method: string, params: Json, bearer?: string): Promise<Json> {
  const response = await postA2a(server.url, { jsonrpc: '2.0', id: 1, method, params }, bearer ? { authorization: `Bearer ${bearer}` } : {});
  assert.equal(response.status, 200);
  return await response.json() as Json;
}

/** SendMessage with data or text parts, in a task when `taskId` is given; the body. */
const sendIn = (server: TestServer, taskId: string | undefined, parts: Json[], bearer?: string) =>
  call(server, 'SendMessage', { message: { messageId: randomUUID(), role: 'ROLE_USER', parts, ...(taskId && { taskId }) } }, bearer);

/** The task an answer carries, failing with the answer when it carries none. */
function taskOf(body: Json): Json {
  assert.ok(body.result?.task, `expected a task, got ${JSON.stringify(body)}`);
  return body.result.task as Json;
}

/** A logger whose lines the test reads (warnings and up). */
function recordingLogger(lines: string[]): FastifyBaseLogger {
  return pino({ level: 'warn' }, new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } })) as FastifyBaseLogger;
}

async function storedInquiries(databaseUrl: string): Promise<Json[]> {
  const db = openStore(databaseUrl);
  try {
    return await db.kysely.selectFrom('inquiries').select(['channel', 'name', 'email', 'location', 'budget', 'phase']).execute();
  } finally {
    await db.close();
  }
}

describe('A2A tasks shared by two instances through Redis', () => {
  const suite = suiteScope();
  let skip: string | undefined;
  let a: TestServer;
  let b: TestServer;
  let dir: string;
  const logLines: string[] = [];
  /** The tasks this file made, whose keys it removes (other files use the same Redis). */
  const taskIds: string[] = [];
  const guard = (t: TestContext) => { if (skip) t.skip(skip); return skip !== undefined; };
  const waiting = async (server: TestServer, bearer?: string) => {
    const task = taskOf(await sendIn(server, undefined, [{ text: WORDS }], bearer));
    taskIds.push(task.id as string);
    assert.equal(task.status.state, 'TASK_STATE_INPUT_REQUIRED');
    return task;
  };

  before(async () => {
    if (!await redisReachable()) { skip = peerMissing(`Redis is not reachable at ${REDIS_URL}`); return; }
    dir = mkdtempSync(join(tmpdir(), 'studio-a2a-shared-'));
    // Lifted limits: with REDIS_URL they count in the shared Redis, where this loopback address is every run's.
    const env = { REDIS_URL, BASE_URL, DATABASE_URL: `sqlite:${join(dir, 'shared.db')}`, RATE_LIMIT_SCALE: '100' };
    a = await startServer(suite, env, { logger: recordingLogger(logLines) });
    b = await startServer(suite, env, { logger: recordingLogger(logLines) });
  });
  after(async () => {
    if (taskIds.length > 0) await withRedis((redis) => redis.del(...taskIds.map((id) => TASK_KEY_PREFIX + id)));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('completes on B an inquiry told in words on A, stored once; A then sees it over', async (t) => {
    if (guard(t)) return;
    const task = await waiting(a);
    const [missing] = task.status.message.parts.flatMap((part: Json) => (part.data ? [part.data.missing as Json[]] : []));
    assert.deepEqual(missing.map((m: Json) => m.field).sort(), ['name', 'phase']);

    const got = await call(b, 'GetTask', { id: task.id });
    const { history, ...withoutHistory } = task;
    assert.ok((history as Json[]).length > 0, 'A\'s answer carries the history');
    assert.deepEqual(got.result, withoutHistory, 'B reads the task A saved, as A answered it but for the history');

    const done = taskOf(await sendIn(b, task.id, [{ data: { name: 'Ana Ruiz', phase: 'pre-planning' } }]));
    assert.equal(done.id, task.id);
    assert.equal(done.status.state, 'TASK_STATE_COMPLETED');
    assert.deepEqual(await storedInquiries(a.config.databaseUrl), [
      { channel: 'a2a', name: 'Ana Ruiz', email: 'ana@example.com', location: 'miami', budget: '3m-10m', phase: 'pre-planning' },
    ]);

    // A reads the completed task B saved: another message in it is refused, nothing is stored again.
    assert.equal((await call(a, 'GetTask', { id: task.id })).result.status.state, 'TASK_STATE_COMPLETED');
    assert.ok((await sendIn(a, task.id, [{ data: { name: 'Ana' } }])).error, 'a message to a completed task is refused');
    assert.equal((await storedInquiries(a.config.databaseUrl)).length, 1);

    const kept = await withRedis((redis) => redis.get(TASK_KEY_PREFIX + task.id));
    assert.ok(kept);
    assert.equal((JSON.parse(kept) as Json).task.history, undefined, 'Redis keeps the task without its history');
    assert.ok(!kept.includes('Ana Ruiz') && !kept.includes('we own the lot'), 'nor the caller\'s messages in any other form');
    assert.deepEqual(logLines.filter((line) => /unreachable/i.test(line)), [], 'neither instance fell back to its process');
  });

  it('keeps a task for TASK_TTL_SECONDS by Redis\'s expiry, and an expired task is found on neither instance', async (t) => {
    if (guard(t)) return;
    const task = await waiting(a);
    const ttl = await withRedis((redis) => redis.ttl(TASK_KEY_PREFIX + task.id));
    assert.ok(ttl > TASK_TTL_SECONDS - 60 && ttl <= TASK_TTL_SECONDS, `TTL ${ttl}`);
    // Another save (a follow-up still missing a field) sets the expiry again.
    await withRedis((redis) => redis.expire(TASK_KEY_PREFIX + task.id, 600));
    assert.equal(taskOf(await sendIn(b, task.id, [{ data: { phase: 'pre-planning' } }])).status.state, 'TASK_STATE_INPUT_REQUIRED');
    assert.ok(await withRedis((redis) => redis.ttl(TASK_KEY_PREFIX + task.id)) > 600, 'the follow-up\'s save renewed the hour');

    await withRedis((redis) => redis.pexpire(TASK_KEY_PREFIX + task.id, 1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const server of [a, b]) assert.equal((await call(server, 'GetTask', { id: task.id })).error?.code, NOT_FOUND);
    assert.equal((await sendIn(b, task.id, [{ data: { name: 'Ana Ruiz' } }])).error?.code, NOT_FOUND);
  });

  it('keeps an OAuth client\'s task its own on the other instance', async (t) => {
    if (guard(t)) return;
    const token = await requestToken(a.url, await registerClient(a.url));
    const task = await waiting(a, token);
    assert.equal((await call(b, 'GetTask', { id: task.id })).error?.code, NOT_FOUND, 'not for an anonymous caller');
    assert.equal((await sendIn(b, task.id, [{ data: { name: 'Eve', phase: 'pre-planning' } }])).error?.code, NOT_FOUND);
    const other = await requestToken(b.url, await registerClient(b.url));
    assert.equal((await call(b, 'GetTask', { id: task.id }, other)).error?.code, NOT_FOUND, 'not for another client');
    assert.equal((await call(b, 'GetTask', { id: task.id }, token)).result?.id, task.id, 'the client itself reads it on B');
  });
});

describe('A2A tasks when Redis is unreachable at start', () => {
  const suite = suiteScope();
  let server: TestServer;
  const logLines: string[] = [];
  before(async () => {
    server = await startServer(suite, { REDIS_URL: 'redis://127.0.0.1:1' }, { logger: recordingLogger(logLines) });
  });

  it('still serves an inquiry told in words and its follow-up, keeping the task in process, and says so', async () => {
    const task = taskOf(await sendIn(server, undefined, [{ text: WORDS }]));
    assert.equal(task.status.state, 'TASK_STATE_INPUT_REQUIRED');
    assert.equal((await call(server, 'GetTask', { id: task.id })).result?.status.state, 'TASK_STATE_INPUT_REQUIRED');
    const done = taskOf(await sendIn(server, task.id, [{ data: { name: 'Ana Ruiz', phase: 'pre-planning' } }]));
    assert.equal(done.status.state, 'TASK_STATE_COMPLETED');
    assert.equal((await storedInquiries(server.config.databaseUrl)).length, 1);
    assert.ok(logLines.some((line) => /A2A task store unreachable/.test(line)), 'the fall-back is logged');
  });
});
