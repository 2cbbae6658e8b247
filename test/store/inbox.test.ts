import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import { INQUIRY_POLICY } from '../../src/contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { countInquiries, eventually, formEncode, openStore, postInquiry, validInquiry, type ErrorJson } from '../helpers/inquiries.js';
import { onEachDialect, type DialectDatabase } from '../helpers/dialects.js';
import { startSmtpSink, startWebhookReceiver, type SmtpSink, type WebhookReceiver } from '../helpers/inquiry-peers.js';
import type { Db } from '../../src/store/db/database.js';

// The inbox store end to end, on SQLite and on PostgreSQL: what 200 commits, idempotency, the
// honeypot, duplicates, the shared rate-limit bucket, and the notifications sent from the outbox.

const THANK_YOU = /<h1[^>]*>Thank you<\/h1>/;

let ipCounter = 10;
/** A distinct client address per test (TRUST_PROXY is on), so each test has its own rate-limit bucket. */
function freshClient(): Record<string, string> {
  ipCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${ipCounter}` };
}

function storeSuite({ url }: DialectDatabase): void {
  const suite = suiteScope();
  let server: TestServer;
  let db: Db;
  let webhook: WebhookReceiver;
  let smtp: SmtpSink;
  before(async () => {
    webhook = await startWebhookReceiver();
    suite.after(() => webhook.close());
    smtp = await startSmtpSink();
    suite.after(() => smtp.close());
    server = await startServer(suite, {
      DATABASE_URL: url,
      TRUST_PROXY: 'true',
      INBOX_WEBHOOK_URL: webhook.url,
      INBOX_WEBHOOK_SECRET: webhook.secret,
      SMTP_URL: smtp.url,
      INBOX_EMAIL_TO: 'studio@example.com',
      OUTBOX_POLL_INTERVAL_MS: '50',
      OUTBOX_RETRY_BASE_MS: '100',
    });
    db = openStore(server.config.databaseUrl);
    suite.after(() => db.close());
  });

  /** Stored once, not flagged as spam, with an outbox job for each of the two channels. */
  async function assertRealInquiry(message: string, what: string): Promise<void> {
    const row = await db.kysely.selectFrom('inquiries').select(['id', 'spam']).where('message', '=', message).executeTakeFirstOrThrow();
    assert.equal(row.spam, 0, what);
    const jobs = await db.kysely.selectFrom('notification_jobs').select('channel').where('inquiry_id', '=', row.id).execute();
    assert.deepEqual(jobs.map((j) => j.channel).sort(), ['email', 'webhook'], what);
  }

  it('200 means the inquiry and one outbox job per channel are committed, then both notifications go out', async () => {
    const body = validInquiry({ name: 'Ada\u00a0Lovelace' });
    const response = await postInquiry(server.url, '/api/v1/contact', body, { headers: { ...freshClient(), 'user-agent': 'ua/1' } });
    assert.equal(response.status, 200);
    const row = await db.kysely.selectFrom('inquiries').selectAll().where('message', '=', String(body.message)).executeTakeFirstOrThrow();
    assert.equal(row.user_agent, 'ua/1');
    assert.match(row.client_ip, /^198\.51\.100\./);
    const jobs = await db.kysely.selectFrom('notification_jobs').selectAll().where('inquiry_id', '=', row.id).execute();
    assert.deepEqual(jobs.map((j) => j.channel).sort(), ['email', 'webhook']);
    await eventually(async () => webhook.received.find((w) => w.id === row.id));
    const delivered = webhook.received.find((w) => w.id === row.id)!;
    assert.equal(delivered.payload.type, 'inquiry.received');
    assert.equal(delivered.payload.data.id, row.id);
    await eventually(async () => smtp.mails.find((m) => m.raw.includes(row.id)));
    assert.deepEqual(smtp.mails.find((m) => m.raw.includes(row.id))!.to, ['studio@example.com']);
    await eventually(async () => {
      const done = await db.kysely.selectFrom('notification_jobs').select('status').where('inquiry_id', '=', row.id).execute();
      return done.every((j) => j.status === 'done') || undefined;
    });
  });

  it('the same Idempotency-Key and body returns the first answer without a second row; another body is 422', async () => {
    const client = freshClient();
    const key = `key-${Math.random()}`;
    const body = validInquiry();
    const first = await postInquiry(server.url, '/api/v1/contact', body, { headers: { ...client, 'idempotency-key': key } });
    assert.equal(first.status, 200);
    const count = await countInquiries(db);
    // The legacy alias and the form encoding are the same operation: the key still matches.
    const replay = await postInquiry(server.url, '/api/contact', body, { type: 'form', headers: { ...client, 'idempotency-key': key } });
    assert.equal(replay.status, 200);
    assert.deepEqual(await replay.json(), { ok: true });
    assert.equal(await countInquiries(db), count);
    const other = await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: { ...client, 'idempotency-key': key } });
    assert.equal(other.status, 422);
    const error = await other.json() as ErrorJson;
    assert.equal(error.code, 'idempotency_key_reused');
    assert.equal(await countInquiries(db), count);
    const keys = await db.kysely.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    assert.equal(keys.length, 1);
  });

  it('refuses an Idempotency-Key that is not printable ASCII or too long', async () => {
    for (const key of ['x'.repeat(INQUIRY_POLICY.idempotencyKeyMaxLength + 1), 'two words']) {
      const response = await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: { ...freshClient(), 'idempotency-key': key } });
      assert.equal(response.status, 400);
      assert.equal((await response.json() as ErrorJson).code, 'invalid_request');
    }
    const atLimit = await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: { ...freshClient(), 'idempotency-key': 'x'.repeat(INQUIRY_POLICY.idempotencyKeyMaxLength) } });
    assert.equal(atLimit.status, 200);
  });

  it('a filled honeypot is stored flagged as spam, answered 200, and never notified', async () => {
    // The honeypot is the HTML form's: it is read on the form route only.
    const body = validInquiry({ website: 'http://spam.example' });
    const response = await postInquiry(server.url, '/contact', body, { type: 'form', headers: freshClient() });
    assert.equal(response.status, 200);
    assert.match(await response.text(), THANK_YOU);
    const row = await db.kysely.selectFrom('inquiries').selectAll().where('message', '=', String(body.message)).executeTakeFirstOrThrow();
    assert.equal(row.spam, 1);
    assert.deepEqual([row.folder, row.state_changed_at, row.state_changed_by], ['spam', null, null], 'it arrives in the spam folder');
    const jobs = await db.kysely.selectFrom('notification_jobs').selectAll().where('inquiry_id', '=', row.id).execute();
    assert.equal(jobs.length, 0);
    const empty = validInquiry({ website: '  ' });
    assert.equal((await postInquiry(server.url, '/contact', empty, { type: 'form', headers: freshClient() })).status, 200);
    const kept = await db.kysely.selectFrom('inquiries').select(['spam', 'folder']).where('message', '=', String(empty.message)).executeTakeFirstOrThrow();
    assert.deepEqual(kept, { spam: 0, folder: 'inbox' }, 'an empty honeypot is not spam');
  });

  it('an API client\'s own "website" field is not the honeypot: the inquiry is real and notified', async () => {
    for (const route of ['/api/v1/contact', '/api/contact']) {
      for (const type of ['json', 'form'] as const) {
        const body = validInquiry({ website: 'https://client.example' });
        const response = await postInquiry(server.url, route, body, { type, headers: freshClient() });
        assert.equal(response.status, 200, `${route} ${type}`);
        await assertRealInquiry(String(body.message), `${route} ${type}`);
      }
    }
  });

  it('a "website" field that is an object or array (toString not a function) is ignored by the API, never a 5xx', async () => {
    const odd: unknown[] = [{ toString: 1 }, [{ toString: 1 }], { toString: 1, valueOf: 1 }, { constructor: 1 }, ['a', 'b'], 42, null];
    for (const route of ['/api/v1/contact', '/api/contact']) {
      for (const website of odd) {
        const what = `${route} website=${JSON.stringify(website)}`;
        const body = validInquiry({ website });
        const response = await postInquiry(server.url, route, body, { headers: freshClient() });
        assert.equal(response.status, 200, what);
        await assertRealInquiry(String(body.message), what);
        // With an invalid inquiry beside it, the answer names the field at fault, not the honeypot.
        const invalid = await postInquiry(server.url, route, validInquiry({ name: 'x', website }), { headers: freshClient() });
        assert.equal(invalid.status, 400, what);
        assert.equal((await invalid.json() as ErrorJson).code, 'invalid_field', what);
      }
      // A prototype key is refused by the JSON parser itself: a 400 naming the body, never a 5xx.
      const poisoned = `${JSON.stringify(validInquiry()).slice(0, -1)},"website":{"__proto__":{"toString":1}}}`;
      const refused = await postInquiry(server.url, route, poisoned, { headers: freshClient() });
      assert.equal(refused.status, 400, `${route} __proto__`);
      assert.equal((await refused.json() as ErrorJson).code, 'invalid_body', `${route} __proto__`);
      for (const honeypot of ['website[toString]=1', 'website=a&website=b', 'website[]=1&website[toString]=x']) {
        const body = validInquiry();
        const response = await postInquiry(server.url, route, `${formEncode(body)}&${honeypot}`, { type: 'form', headers: freshClient() });
        assert.equal(response.status, 200, `${route} ${honeypot}`);
        await assertRealInquiry(String(body.message), `${route} ${honeypot}`);
      }
    }
  });

  it('the form route answers odd "website" fields and prototype names with a page, never a 5xx', async () => {
    const extras = ['website[toString]=1', 'website=a&website=b', 'website[]=1', 'toString=1&__proto__=x&constructor=y&hasOwnProperty=z'];
    for (const extra of extras) {
      const response = await postInquiry(server.url, '/contact', `${formEncode(validInquiry())}&${extra}`, { type: 'form', headers: freshClient() });
      assert.equal(response.status, 200, extra);
      assert.match(await response.text(), THANK_YOU, extra);
      const refused = await postInquiry(server.url, '/contact', `name=x&${extra}`, { type: 'form', headers: freshClient() });
      assert.equal(refused.status, 400, extra);
      assert.match(refused.headers.get('content-type') ?? '', /^text\/html/, extra);
    }
  });

  it('an identical duplicate within the window is stored once; a different one is stored', async () => {
    const body = validInquiry();
    const client = freshClient();
    for (const route of ['/api/v1/contact', '/api/contact', '/api/v1/contact']) {
      assert.equal((await postInquiry(server.url, route, { ...body, name: `  ${String(body.name)} ` }, { headers: client })).status, 200);
    }
    const rows = await db.kysely.selectFrom('inquiries').select('id').where('message', '=', String(body.message)).execute();
    assert.equal(rows.length, 1);
    assert.equal((await postInquiry(server.url, '/api/v1/contact', { ...body, phase: 'permitted' }, { headers: client })).status, 200);
    const after = await db.kysely.selectFrom('inquiries').select('id').where('message', '=', String(body.message)).execute();
    assert.equal(after.length, 2);
  });

  it('identical submissions arriving at the same instant are stored once', async () => {
    for (let round = 0; round < 3; round++) {
      const body = validInquiry();
      const answers = await Promise.all(Array.from({ length: 4 }, () => postInquiry(server.url, '/api/v1/contact', body, { headers: freshClient() })));
      assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200]);
      const rows = await db.kysely.selectFrom('inquiries').select('id').where('message', '=', String(body.message)).execute();
      assert.equal(rows.length, 1, `round ${round}`);
    }
  });

  it('both routes share one inquiry bucket: the submission past the limit is 429 with Retry-After', async () => {
    const client = freshClient();
    const { limit } = RATE_LIMIT_POLICIES.inquiry;
    // The routes alternate, so the bucket is seen to be one.
    const routes = Array.from({ length: limit }, (_, i) => (i % 2 === 0 ? '/api/v1/contact' : '/api/contact'));
    for (const [i, route] of routes.entries()) {
      // A refused body counts too: the limit is on submissions, not on stored inquiries.
      const body = i === 2 ? validInquiry({ name: 'x' }) : validInquiry();
      const response = await postInquiry(server.url, route, body, { headers: client });
      assert.equal(response.status, i === 2 ? 400 : 200);
      assert.equal(response.headers.get('ratelimit-remaining'), String(limit - 1 - i));
      assert.equal(response.headers.get('ratelimit-limit'), String(limit));
    }
    const before = await countInquiries(db);
    for (const route of ['/api/contact', '/api/v1/contact']) {
      const limited = await postInquiry(server.url, route, validInquiry(), { headers: client });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      assert.equal(limited.headers.get('ratelimit-remaining'), '0');
      assert.equal((await limited.json() as ErrorJson).code, 'rate_limited');
      if (route === '/api/contact') assert.match(limited.headers.get('deprecation') ?? '', /^@\d+$/);
    }
    assert.equal(await countInquiries(db), before);
    const other = await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: freshClient() });
    assert.equal(other.status, 200, 'another client has its own bucket');
  });

  it('a webhook answering 500 is retried with backoff until it answers 200', async () => {
    // Earlier inquiries' notifications must be out first, or they would take the 500 answers.
    await eventually(async () => {
      const pending = await db.kysely.selectFrom('notification_jobs').select('id').where('status', '=', 'pending').execute();
      return pending.length === 0 || undefined;
    });
    webhook.failNext(2);
    const body = validInquiry();
    assert.equal((await postInquiry(server.url, '/api/v1/contact', body, { headers: freshClient() })).status, 200);
    const row = await db.kysely.selectFrom('inquiries').select('id').where('message', '=', String(body.message)).executeTakeFirstOrThrow();
    // The receiver records the delivery before the worker marks the job done: wait for the job itself.
    const job = await eventually(async () => {
      const current = await db.kysely.selectFrom('notification_jobs').selectAll().where('id', '=', `${row.id}:webhook`).executeTakeFirstOrThrow();
      return current.status === 'done' ? current : undefined;
    });
    const tries = webhook.attempts.filter((a) => a.id === row.id);
    assert.deepEqual(tries.map((a) => a.status), [500, 500, 204]);
    // Backoff: the second wait is at least half of twice the base (jitter is in [0.5, 1)).
    assert.ok(tries[2]!.at - tries[1]!.at >= 100, `second retry waited ${tries[2]!.at - tries[1]!.at} ms`);
    assert.equal(job.attempts, 3);
    assert.equal(webhook.received.filter((w) => w.id === row.id).length, 1);
  });
}

await onEachDialect((dialect) => `inbox store on ${dialect}`, 'studio_inq_store', storeSuite);
