import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INQUIRY_POLICY } from '../../src/contract/inquiry.js';
import { uuidv7 } from '../../src/inquiries/ids.js';
import { RECEIVED, type JobLease, type NotificationChannel, type Notifier, type OutboxStore, type StoredInquiry } from '../../src/inquiries/ports.js';
import { EmailNotifier } from '../../src/inquiries/notifiers/email.js';
import { WebhookNotifier } from '../../src/inquiries/notifiers/webhook.js';
import { LANE_HANDOFF_LIMIT } from '../../src/inquiries/outbox-lane.js';
import { PAUSE_AFTER_FAILURES, PAUSED_RETRY_MAX_MS, retryDelayMs } from '../../src/inquiries/retry-policy.js';
import { OutboxWorker, type OutboxWorkerOptions } from '../../src/inquiries/outbox-worker.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { KyselyOutboxStore } from '../../src/store/inquiries/outbox.js';
import { migrateToLatest } from '../../src/store/db/migrate.js';
import { eventually, openStore, silentLogger } from '../helpers/inquiries.js';
import { startSilentServer, startWebhookReceiver } from '../helpers/inquiry-peers.js';
import { createPgDatabase } from '../helpers/postgres.js';

// The outbox worker against a real store, with a test Notifier and a controlled clock: backoff,
// the 24-hour horizon, permanently failed jobs kept, re-queueing, and exclusive claims on PostgreSQL.

const HOUR = 3_600_000;

async function addInquiry(db: Db, receivedAt: number, name = 'Ada Lovelace', notify: NotificationChannel[] = ['webhook']): Promise<string> {
  return (await commitInquiry(db, receivedAt, name, notify)).id;
}

/** Commits an inquiry with a job per channel, those of `lease` stored claimed; returns what the store answered. */
async function commitInquiry(db: Db, receivedAt: number, name: string, notify: NotificationChannel[], lease?: JobLease) {
  const id = uuidv7(receivedAt);
  const outcome = await new KyselyInboxStore(db).commit({
    record: {
      id, receivedAt, spam: false, fingerprint: id, channel: 'api', clientIp: '203.0.113.9', userAgent: undefined, clientId: undefined,
      inquiry: { name, email: 'ada@example.com', message: 'A house by the sea.', location: 'miami', budget: 'undisclosed', phase: 'unsure', language: 'en' },
    },
    notify,
    idempotency: undefined,
    duplicateSince: receivedAt,
    lease,
  });
  assert.equal(outcome.kind, 'stored');
  return { id, claimed: outcome.kind === 'stored' ? outcome.claimed : undefined };
}

/** A worker over the store adapters of `db`, as compose.ts builds it. */
function workerOn(db: Db, options: Omit<OutboxWorkerOptions, 'outbox' | 'inbox' | 'log'>): OutboxWorker {
  return new OutboxWorker({ outbox: new KyselyOutboxStore(db), inbox: new KyselyInboxStore(db), log: silentLogger, ...options });
}

class ScriptedNotifier implements Notifier {
  readonly channel = 'webhook' as const;
  readonly delivered: string[] = [];
  failing: boolean | ((inquiry: StoredInquiry) => boolean) = true;
  delayMs = 0;
  readonly concurrency = 3;
  async deliver(inquiry: StoredInquiry): Promise<void> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (typeof this.failing === 'function' ? this.failing(inquiry) : this.failing) throw Object.assign(new Error(`refused mail for ${inquiry.email}`), { code: 'ECONNREFUSED' });
    this.delivered.push(inquiry.id);
  }
}

/** The store's methods bound to it, to stand in for it with one method replaced. */
function bound(store: KyselyOutboxStore): OutboxStore {
  return {
    claimDue: (...args) => store.claimDue(...args), settle: (outcomes) => store.settle(outcomes),
    requeueFailed: (...args) => store.requeueFailed(...args), pendingByChannel: () => store.pendingByChannel(),
  };
}

async function jobOf(db: Db, id: string) {
  return db.kysely.selectFrom('notification_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('outbox worker on SQLite', () => {
  let dir: string;
  let db: Db;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-outbox-'));
    db = openStore(`sqlite:${join(dir, 'inbox.db')}`);
    await migrateToLatest(db);
  });
  after(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs off exponentially with jitter, capped', () => {
    assert.equal(retryDelayMs(1, 1000, HOUR, () => 0), 500);
    assert.equal(retryDelayMs(2, 1000, HOUR, () => 0), 1000);
    assert.equal(retryDelayMs(5, 1000, HOUR, () => 0), 8000);
    assert.ok(retryDelayMs(5, 1000, HOUR, () => 0.999) < 16000);
    assert.equal(retryDelayMs(40, 1000, HOUR, () => 0), HOUR / 2);
  });

  it('the outbox\'s own writes leave the connection syncing every commit in full, as inquiries need', async () => {
    const notifier = new ScriptedNotifier();
    notifier.failing = false;
    const id = await addInquiry(db, Date.now());
    assert.equal(await workerOn(db, { notifiers: [notifier], pollIntervalMs: 1000, retryBaseMs: 1000 }).drain(), 1);
    assert.deepEqual(notifier.delivered, [id]);
    const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db.kysely);
    assert.equal(rows[0]!.synchronous, 2, 'synchronous=FULL restored after the claim and the outcome');
  });

  it('retries for at least 24 hours, then keeps the job as failed; retry re-queues it', async () => {
    let now = Date.UTC(2026, 0, 1);
    const notifier = new ScriptedNotifier();
    const worker = workerOn(db, { notifiers: [notifier], pollIntervalMs: 1000, retryBaseMs: 60_000, clock: () => now, random: () => 0 });
    const id = await addInquiry(db, now);
    const jobId = `${id}:webhook`;
    const waits: number[] = [];
    for (let attempt = 1; attempt < 100; attempt++) {
      assert.equal(await worker.drain(), 1, `attempt ${attempt} claims the job`);
      assert.equal(await worker.drain(), 0, 'not due again before its backoff');
      const job = await db.kysely.selectFrom('notification_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      assert.equal(job.attempts, attempt);
      assert.doesNotMatch(job.last_error ?? '', /ada@example\.com/, 'no personal data in the stored error');
      if (job.status === 'failed') break;
      waits.push(job.next_attempt_at - now);
      now = job.next_attempt_at;
    }
    const job = await db.kysely.selectFrom('notification_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    assert.equal(job.status, 'failed');
    assert.ok(now - job.created_at >= INQUIRY_POLICY.notificationRetryHorizonSeconds * 1000, 'gave up only after 24 h');
    assert.deepEqual(waits.slice(0, 4), [30_000, 60_000, 120_000, 240_000]);
    assert.ok(waits.every((w) => w <= HOUR));
    assert.equal(await worker.drain(), 0, 'a failed job is not retried by itself');

    assert.equal(await new KyselyOutboxStore(db).requeueFailed(now), 1);
    notifier.failing = false;
    // The failures in a row paused the lane: it tries again within PAUSED_RETRY_MAX_MS.
    assert.equal(await worker.drain(), 0);
    now += PAUSED_RETRY_MAX_MS;
    assert.equal(await worker.drain(), 1);
    assert.deepEqual(notifier.delivered, [id]);
    const done = await db.kysely.selectFrom('notification_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    assert.equal(done.status, 'done');
  });

  it('a job claimed by a worker that died is taken again once its lease has expired', async () => {
    let now = Date.UTC(2026, 1, 1);
    const notifier = new ScriptedNotifier();
    notifier.failing = false;
    const id = await addInquiry(db, now);
    // A claim without completion is what a killed worker leaves behind.
    await db.kysely.updateTable('notification_jobs').set({ locked_until: now + 60_000, attempts: 1 }).where('inquiry_id', '=', id).execute();
    const worker = workerOn(db, { notifiers: [notifier], pollIntervalMs: 1000, retryBaseMs: 1000, leaseMs: 60_000, clock: () => now });
    assert.equal(await worker.drain(), 0);
    now += 60_000;
    assert.equal(await worker.drain(), 1);
    assert.deepEqual(notifier.delivered, [id]);
  });

  it('a job committed into a reserved place is delivered from memory: no claim, no read of its inquiry', async () => {
    const notifier = new ScriptedNotifier();
    notifier.failing = false;
    const store = new KyselyOutboxStore(db);
    const claims: number[] = [];
    const outbox: OutboxStore = { ...bound(store), claimDue: async (...args) => { const jobs = await store.claimDue(...args); claims.push(jobs.length); return jobs; } };
    const inbox = { load: async (): Promise<StoredInquiry | undefined> => assert.fail('a handed-over job does not read its inquiry') };
    const worker = new OutboxWorker({ outbox, inbox, log: silentLogger, notifiers: [notifier], pollIntervalMs: 60_000, retryBaseMs: 1000 });
    worker.start();
    await eventually(async () => (claims.length > 0 ? true : undefined));
    const reservation = worker.reserve(['email', 'webhook']);
    assert.deepEqual(reservation?.lease.channels, ['webhook'], 'a place on the lanes this worker has');
    const { id, claimed } = await commitInquiry(db, Date.now(), 'Grace Hopper', ['webhook'], reservation!.lease);
    const row = await jobOf(db, `${id}:webhook`);
    assert.deepEqual([row.attempts, row.locked_until], [1, reservation!.lease.until], 'stored as a claim leaves it');
    assert.deepEqual(claimed, [{ id: `${id}:webhook`, inquiryId: id, channel: 'webhook', notice: RECEIVED, attempts: 1, queuedAt: row.created_at, leasedUntil: reservation!.lease.until }]);
    const inquiry = (await new KyselyInboxStore(db).load(id))!;
    const claimsBefore = claims.length;
    reservation!.fulfil(claimed!, inquiry);
    await eventually(async () => ((await jobOf(db, `${id}:webhook`)).status === 'done' ? true : undefined));
    await worker.stop();
    assert.deepEqual(notifier.delivered, [id]);
    assert.equal(claims.length, claimsBefore, 'nothing was claimed for it');
  });

  it('a handed-over job that has to wait reads its inquiry when it begins: one erased meanwhile is not sent', async () => {
    let release: (() => void) | undefined;
    const sent: string[] = [];
    const oneAtATime: Notifier = {
      channel: 'webhook', concurrency: 1,
      deliver: async (inquiry) => {
        if (sent.length === 0) await new Promise<void>((resolve) => { release = resolve; });
        sent.push(inquiry.id);
      },
    };
    const worker = workerOn(db, { notifiers: [oneAtATime], pollIntervalMs: 60_000, retryBaseMs: 1000 });
    worker.start();
    await new Promise((resolve) => setImmediate(resolve));
    const inbox = new KyselyInboxStore(db);
    const held = [];
    for (const name of ['First Client', 'Erased Client']) {
      const reservation = worker.reserve(['webhook'])!;
      const { id, claimed } = await commitInquiry(db, Date.now(), name, ['webhook'], reservation.lease);
      held.push({ id, fulfil: () => reservation.fulfil(claimed!, { id, name } as StoredInquiry) });
    }
    for (const { fulfil } of held) fulfil();
    await eventually(async () => (release ? true : undefined));
    assert.equal(await inbox.deleteMany([held[1]!.id]), 1);
    release!();
    await worker.stop();
    assert.deepEqual(sent, [held[0]!.id], 'the erased inquiry reached nobody');
  });

  it('a handed-over job still waiting when half its lease is gone is left to be claimed again once the lease ends', async () => {
    let now = Date.UTC(2026, 2, 1);
    const notifier = new ScriptedNotifier();
    notifier.failing = false;
    const worker = workerOn(db, { notifiers: [notifier], pollIntervalMs: 60_000, retryBaseMs: 1000, leaseMs: 60_000, clock: () => now });
    worker.start();
    await new Promise((resolve) => setImmediate(resolve));
    const reservation = worker.reserve(['webhook'])!;
    const { id, claimed } = await commitInquiry(db, now, 'Grace Hopper', ['webhook'], reservation.lease);
    now += 30_001;
    reservation.fulfil(claimed!, (await new KyselyInboxStore(db).load(id))!);
    await worker.stop();
    assert.deepEqual(notifier.delivered, [], 'not begun: it might outlive its lease');
    now += 30_000;
    assert.equal(await workerOn(db, { notifiers: [notifier], pollIntervalMs: 60_000, retryBaseMs: 1000, clock: () => now }).drain(), 1);
    assert.deepEqual(notifier.delivered, [id]);
    assert.equal((await jobOf(db, `${id}:webhook`)).attempts, 2);
  });

  it('a channel failing every delivery pauses its lane: no job is tried until its time, then one, and a success resumes it', async () => {
    let now = Date.UTC(2026, 4, 1);
    let attempts = 0;
    const notifier = new ScriptedNotifier();
    notifier.failing = () => { attempts += 1; return true; };
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await addInquiry(db, now, `Pause ${i}`));
    const options = { notifiers: [notifier], pollIntervalMs: 60_000, retryBaseMs: 1000, leaseMs: 10_000, random: () => 0.99, clock: () => now };
    const worker = workerOn(db, options);
    await worker.drain();
    const beforePause = attempts;
    assert.ok(beforePause >= PAUSE_AFTER_FAILURES && beforePause < 20, `paused after ${PAUSE_AFTER_FAILURES} failures in a row (${beforePause} tried)`);
    worker.start();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(worker.reserve(['webhook']), undefined, 'a paused lane takes no job handed over');
    now += 500;
    for (let i = 0; i < 3; i++) ids.push(await addInquiry(db, now, `Pause late ${i}`));
    worker.wake();
    await worker.drain();
    assert.equal(attempts, beforePause, 'nothing tried before its time');
    now += 20_000;
    assert.equal(await worker.drain(), 1, 'one job tried when its time has come');
    assert.equal(attempts, beforePause + 1);
    notifier.failing = false;
    now += 60_000;
    await worker.drain();
    await worker.stop();
    assert.deepEqual(new Set(notifier.delivered.filter((id) => ids.includes(id))), new Set(ids), 'resumed: every job delivered');
  });

  it('a lane holding its limit gives no more places: the jobs are stored due', async () => {
    // A channel no other test queues jobs for: the lane holds only the places given here.
    const lane: Notifier = { channel: 'acknowledgement', deliver: async () => {} };
    const worker = workerOn(db, { notifiers: [lane], pollIntervalMs: 60_000, retryBaseMs: 1000 });
    worker.start();
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < LANE_HANDOFF_LIMIT; i++) assert.ok(worker.reserve(['acknowledgement']), `place ${i + 1}`);
    assert.equal(worker.reserve(['acknowledgement']), undefined);
    await worker.stop();
  });

  it('a webhook goes out while the SMTP server hangs before its greeting: each channel has its own queue', async () => {
    const silent = await startSilentServer();
    const receiver = await startWebhookReceiver();
    // A greeting timeout far beyond the test: the mail is still waiting for it when the webhook arrives.
    const email = new EmailNotifier({ smtpUrl: silent.url, to: 'studio@example.com', baseUrl: 'https://studio.example', timeouts: { greetingMs: 120_000 } });
    const webhook = new WebhookNotifier({ url: receiver.url, secret: receiver.secret, concurrency: 4 });
    const worker = workerOn(db, { notifiers: [email, webhook], pollIntervalMs: 60_000, retryBaseMs: 60_000 });
    try {
      const id = await addInquiry(db, Date.now(), 'Ada Lovelace', ['email', 'webhook']);
      worker.start();
      await eventually(async () => receiver.received.find((r) => r.id === id));
      // nodemailer loads on the first mail, so the connection may open a moment after the webhook went out.
      await eventually(async () => (silent.connections >= 1 ? true : undefined));
      const mail = await jobOf(db, `${id}:email`);
      assert.deepEqual([mail.status, mail.attempts, mail.last_error], ['pending', 1, null], 'the mail attempt has not ended');
      assert.ok(mail.locked_until !== null, 'and its claim still holds');
      assert.equal((await jobOf(db, `${id}:webhook`)).status, 'done');
    } finally {
      // Ends the hung attempt (the socket closes), so stopping does not wait for the greeting timeout.
      await silent.close();
      await worker.stop();
      await email.close();
      await receiver.close();
    }
  });

  it('outcomes written together keep each job\'s attempts and backoff: failures due again, deliveries done', async () => {
    let now = Date.UTC(2026, 2, 1);
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => addInquiry(db, now - i, `Client ${i}`)));
    const failing = new Set(ids.slice(0, 4));
    const notifier = new ScriptedNotifier();
    notifier.failing = (inquiry) => failing.has(inquiry.id);
    const options = { notifiers: [notifier], pollIntervalMs: 1000, retryBaseMs: 10_000, clock: () => now, random: () => 0 };
    for (const [round, wait] of [[1, 5_000], [2, 10_000], [3, 20_000]] as const) {
      // A worker per round: one worker's lane would pause after PAUSE_AFTER_FAILURES failures in a row.
      await workerOn(db, options).drain();
      for (const id of ids.slice(0, 4)) {
        const job = await jobOf(db, `${id}:webhook`);
        assert.deepEqual([job.status, job.attempts, job.next_attempt_at - now, job.locked_until], ['pending', round, wait, null], `round ${round}`);
        assert.match(job.last_error!, /ECONNREFUSED/);
      }
      now += wait;
    }
    for (const id of ids.slice(4)) {
      const job = await jobOf(db, `${id}:webhook`);
      assert.deepEqual([job.status, job.attempts, job.last_error], ['done', 1, null]);
    }
    failing.clear();
    assert.equal(await workerOn(db, options).drain(), 4);
    assert.deepEqual([...notifier.delivered].sort(), [...ids].sort());
  });
});

const pg = await createPgDatabase('studio_inq_outbox');
if (typeof pg === 'string') console.log(`# skipping the PostgreSQL outbox suite: ${pg}`);

describe('outbox workers sharing PostgreSQL', { skip: typeof pg === 'string' ? pg : false }, () => {
  let db: Db;
  before(async () => {
    if (typeof pg === 'string') return;
    db = openStore(pg.url);
    await migrateToLatest(db);
  });
  after(async () => {
    if (typeof pg === 'string') return;
    await db.close();
    await pg.drop();
  });

  it('each job is delivered by exactly one of several concurrent workers', async () => {
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await addInquiry(db, now - i));
    const notifiers = [new ScriptedNotifier(), new ScriptedNotifier(), new ScriptedNotifier()];
    const workers = notifiers.map((notifier) => {
      notifier.failing = false;
      notifier.delayMs = 5;
      return workerOn(db, { notifiers: [notifier], pollIntervalMs: 1000, retryBaseMs: 1000 });
    });
    await Promise.all(workers.map(async (worker) => { while ((await worker.drain()) > 0) { /* drain */ } }));
    const all = notifiers.flatMap((n) => n.delivered);
    assert.equal(all.length, ids.length, 'no job delivered twice');
    assert.deepEqual([...new Set(all)].sort(), [...ids].sort());
  });

  it('two running workers posting to one receiver deliver every job once, never both at a time', async () => {
    const receiver = await startWebhookReceiver();
    const ids: string[] = [];
    const now = Date.now();
    for (let i = 0; i < 120; i++) ids.push(await addInquiry(db, now - 1000 - i, `Client ${i}`));
    const workers = [1, 2].map(() => workerOn(db, {
      notifiers: [new WebhookNotifier({ url: receiver.url, secret: receiver.secret, concurrency: 8 })], pollIntervalMs: 20, retryBaseMs: 60_000,
    }));
    try {
      for (const worker of workers) worker.start();
      await eventually(async () => (ids.every((id) => receiver.received.some((r) => r.id === id)) ? true : undefined));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await receiver.close();
    }
    const perId = new Map<string, number>();
    for (const { id } of receiver.attempts) perId.set(id, (perId.get(id) ?? 0) + 1);
    assert.deepEqual(ids.filter((id) => perId.get(id) !== 1), [], 'each job reached the receiver exactly once');
  });
});
