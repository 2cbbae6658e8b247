import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { ApiError } from '../../src/contract/errors.js';
import { INQUIRY_POLICY } from '../../src/contract/inquiry.js';
import type { SubmissionContext, SubmissionResult } from '../../src/inquiries/inquiry-service.js';
import { createInquiryService } from '../../src/inquiries/submit.js';
import { uuidv7 } from '../../src/inquiries/ids.js';
import type { CommitRequest } from '../../src/inquiries/ports.js';
import { RateLimiter } from '../../src/rate-limit/limiter.js';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-store.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { openStore, postInquiry, racingOn, silentLogger, validInquiry } from '../helpers/inquiries.js';
import { onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { freePort, startServer, suiteScope } from '../helpers/server.js';

// Group commit in the inbox store, on SQLite and on PostgreSQL: submissions that arrive together share
// one transaction. Submissions made in one turn of the event loop go in one batch (GroupCommitter), which
// is how these tests put several in one. Faults are real: triggers in the database that refuse a marked
// message, either as a constraint (that member's own fault) or as a plain error (the store's fault).

/** A message with this word fails its batch's transaction (a plain error, not a constraint). */
const FAILS_BATCH = 'FAULT-BATCH';
/** A message with this word breaks a constraint (a trigger raising one): the member's own fault. */
const BREAKS_CONSTRAINT = 'FAULT-MEMBER';

async function installFaults(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') {
    // abs() of the smallest integer is a runtime error (SQLITE_ERROR), not a constraint.
    await sql.raw(`create trigger fail_batch before insert on inquiries when new.message like '%${FAILS_BATCH}%'
      begin select abs(-9223372036854775808); end`).execute(db.kysely);
    await sql.raw(`create trigger break_constraint before insert on inquiries when new.message like '%${BREAKS_CONSTRAINT}%'
      begin select raise(abort, 'refused'); end`).execute(db.kysely);
    return;
  }
  await sql.raw(`create function inject_fault() returns trigger language plpgsql as $$ begin
      if new.message like '%${FAILS_BATCH}%' then raise exception 'injected fault'; end if;
      if new.message like '%${BREAKS_CONSTRAINT}%' then raise exception 'refused' using errcode = 'check_violation'; end if;
      return new; end $$`).execute(db.kysely);
  await sql.raw('create trigger inject_fault before insert on inquiries for each row execute function inject_fault()').execute(db.kysely);
}

const stored = async (db: Db, message: string) => db.kysely.selectFrom('inquiries').select('id').where('message', '=', message).execute();
const jobsOf = async (db: Db, id: string) =>
  (await db.kysely.selectFrom('notification_jobs').select('channel').where('inquiry_id', '=', id).execute()).map((j) => j.channel).sort();

let ipCounter = 0;
const context = (overrides: Partial<SubmissionContext> = {}): SubmissionContext => ({ channel: 'api', ip: `203.0.113.${++ipCounter % 250}`, ...overrides });

function codeOf(result: PromiseSettledResult<SubmissionResult>): string {
  if (result.status === 'fulfilled') return 'ok';
  assert.ok(result.reason instanceof ApiError, `an ApiError, not ${String(result.reason)}`);
  return result.reason.code;
}

function groupCommitSuite({ url }: DialectDatabase): void {
  const suite = suiteScope();
  let db: Db;
  let inbox: KyselyInboxStore;
  let service: ReturnType<typeof createInquiryService>;
  before(async () => {
    db = await openMigrated(suite, url);
    await installFaults(db);
    inbox = new KyselyInboxStore(db);
    service = createInquiryService({
      inbox, storeReady: () => true, limiter: new RateLimiter(new MemoryRateLimitStore(), 1_000_000),
      allowedOrigins: [], channels: ['email', 'webhook'], log: silentLogger,
    });
  });

  it('a batch whose transaction fails answers inbox_unavailable (503) to each of its members and stores none; the next batch commits', async () => {
    const bodies = [validInquiry(), validInquiry({ message: `${FAILS_BATCH}: ${String(validInquiry().message)}` }), validInquiry()];
    const results = await Promise.allSettled(bodies.map((body) => service.submit(body, context())));
    assert.deepEqual(results.map(codeOf), ['inbox_unavailable', 'inbox_unavailable', 'inbox_unavailable']);
    for (const result of results) assert.equal((result as PromiseRejectedResult).reason.status, 503);
    for (const body of bodies) assert.deepEqual(await stored(db, String(body.message)), [], 'nothing of the failed batch is stored');
    const later = validInquiry();
    const { id } = await service.submit(later, context());
    assert.deepEqual((await stored(db, String(later.message))).map((r) => r.id), [id]);
    assert.deepEqual(await jobsOf(db, id), ['email', 'webhook']);
  });

  it('a member that breaks a constraint fails alone: the others of its batch are stored with their jobs', async () => {
    const bodies = [validInquiry(), validInquiry({ message: `${BREAKS_CONSTRAINT}: ${String(validInquiry().message)}` }), validInquiry()];
    const results = await Promise.allSettled(bodies.map((body) => service.submit(body, context())));
    assert.deepEqual(results.map(codeOf), ['ok', 'inbox_unavailable', 'ok']);
    assert.deepEqual(await stored(db, String(bodies[1]!.message)), []);
    for (const i of [0, 2]) {
      const { id } = (results[i] as PromiseFulfilledResult<SubmissionResult>).value;
      assert.deepEqual((await stored(db, String(bodies[i]!.message))).map((r) => r.id), [id]);
      assert.deepEqual(await jobsOf(db, id), ['email', 'webhook']);
    }
  });

  it('within one batch, the second of two identical submissions is the first\'s duplicate, stored once', async () => {
    const body = validInquiry();
    const results = await Promise.all([service.submit(body, context()), service.submit({ ...body }, context()), service.submit(validInquiry(), context())]);
    assert.equal(results[0].id, results[1].id);
    assert.notEqual(results[2].id, results[0].id);
    assert.deepEqual((await stored(db, String(body.message))).map((r) => r.id), [results[0].id]);
  });

  it('within one batch, a key used twice with one body is replayed, and with another body is key_reused', async () => {
    const key = `group-key-${Math.random()}`;
    const body = validInquiry();
    const other = validInquiry();
    const results = await Promise.allSettled([
      service.submit(body, context({ idempotencyKey: key })),
      service.submit(body, context({ idempotencyKey: key })),
      service.submit(other, context({ idempotencyKey: key })),
    ]);
    assert.deepEqual(results.map(codeOf), ['ok', 'ok', 'idempotency_key_reused']);
    const [first, replay] = results as PromiseFulfilledResult<SubmissionResult>[];
    assert.equal(replay!.value.id, first!.value.id);
    assert.deepEqual((await stored(db, String(body.message))).map((r) => r.id), [first!.value.id]);
    assert.deepEqual(await stored(db, String(other.message)), []);
    const keys = await db.kysely.selectFrom('idempotency_keys').select('inquiry_id').where('key', '=', key).execute();
    assert.deepEqual(keys, [{ inquiry_id: first!.value.id }]);
  });

  it('a new key committed at once by two instances with different bodies: one is stored, the other is key_reused, none fails', async () => {
    const now = Date.now();
    const key = `race-key-${now}`;
    const commitOf = (fingerprint: string): CommitRequest => ({
      record: {
        id: uuidv7(now), receivedAt: now, inquiry: { ...validInquiry(), location: 'miami', budget: '3m-10m', phase: 'pre-planning' } as never,
        spam: false, clientIp: '203.0.113.9', userAgent: undefined, channel: 'api', clientId: undefined, fingerprint,
      },
      notify: ['webhook'], idempotency: { key, bodyHash: fingerprint, notBefore: now - INQUIRY_POLICY.idempotencyKeyTtlSeconds * 1000 },
      duplicateSince: now - INQUIRY_POLICY.duplicateWindowSeconds * 1000,
    });
    // Two stores: two instances, two transactions (one store's commits would share one).
    const instances = [new KyselyInboxStore(db), new KyselyInboxStore(db)];
    const commits = [commitOf(`fp-a-${now}`), commitOf(`fp-b-${now}`)];
    const outcomes = await racingOn(db, 'idempotency_keys', 2, () => Promise.all(commits.map((c, i) => instances[i]!.commit(c))));
    assert.deepEqual(outcomes.map((o) => o.kind).sort(), ['key_reused', 'stored']);
  });
}

await onEachDialect((dialect) => `group commit on ${dialect}`, 'studio_inq_group', groupCommitSuite);

describe('group commit over HTTP', () => {
  it('many concurrent submissions are each answered 200 and stored once with their jobs', async (t) => {
    const server = await startServer(t, {
      RATE_LIMIT_SCALE: '1000000',
      // Both channels to closed ports: each inquiry gets its jobs, no delivery succeeds meanwhile.
      INBOX_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/hook`, INBOX_WEBHOOK_SECRET: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, INBOX_EMAIL_TO: 'studio@example.com', OUTBOX_RETRY_BASE_MS: '3600000',
    });
    const db = openStore(server.config.databaseUrl);
    try {
      const bodies = Array.from({ length: 80 }, () => validInquiry());
      const answers = await Promise.all(bodies.map((body) => postInquiry(server.url, '/api/v1/contact', body)));
      assert.deepEqual(answers.map((a) => a.status), bodies.map(() => 200));
      for (const body of bodies) {
        const rows = await stored(db, String(body.message));
        assert.equal(rows.length, 1);
        assert.deepEqual(await jobsOf(db, rows[0]!.id), ['email', 'webhook']);
      }
    } finally {
      await db.close();
    }
  });
});
