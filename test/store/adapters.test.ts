import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import { uuidv7 } from '../../src/inquiries/ids.js';
import { RECEIVED, storedInquiryFromRecord, type CommitRequest } from '../../src/inquiries/ports.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { KyselyOutboxStore } from '../../src/store/inquiries/outbox.js';
import { inquiryRow } from '../../src/store/inquiries/rows.js';
import type { InquiriesTable } from '../../src/store/db/schema.js';
import { onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { suiteScope } from '../helpers/server.js';

// The store adapters hold their ports' promises (src/inquiries/ports.ts) on
// SQLite and on PostgreSQL alike: what a commit answers, what the operator reads and deletes, and
// that a worker's marks count only while its claim on a job holds.

const MINUTE = 60_000;
let sequence = 0;

/** A commit of a fresh inquiry received at `receivedAt`, its fingerprint unique unless given. */
function commitOf(receivedAt: number, overrides: Partial<CommitRequest> & { fingerprint?: string } = {}): CommitRequest {
  sequence += 1;
  const id = uuidv7(receivedAt);
  return {
    record: {
      id, receivedAt, spam: false, fingerprint: overrides.fingerprint ?? `fingerprint-${id}`, channel: 'api',
      clientIp: '203.0.113.9', userAgent: 'agent/1', clientId: undefined,
      inquiry: { name: `Person ${sequence}`, email: 'ada@example.com', message: 'A house by the sea.', location: 'miami', budget: 'undisclosed', phase: 'unsure', language: 'en' },
    },
    notify: ['email', 'webhook'],
    idempotency: undefined,
    duplicateSince: receivedAt - 10 * MINUTE,
    ...overrides,
  };
}

function adapterSuite({ url }: DialectDatabase): void {
  const suite = suiteScope();
  let db: Db;
  let inbox: KyselyInboxStore;
  let outbox: KyselyOutboxStore;
  before(async () => {
    db = await openMigrated(suite, url);
    inbox = new KyselyInboxStore(db);
    outbox = new KyselyOutboxStore(db);
  });

  it('commit: stored, then the same key and body replayed, another body key_reused, the same fields a duplicate', async () => {
    const now = Date.UTC(2026, 2, 1);
    const idempotency = { key: `key-${now}`, bodyHash: 'hash-a', notBefore: now - MINUTE };
    const first = commitOf(now, { idempotency });
    assert.deepEqual(await inbox.commit(first), { kind: 'stored', id: first.record.id });
    assert.deepEqual(await inbox.commit(commitOf(now + 1, { idempotency })), { kind: 'replayed', id: first.record.id });
    assert.deepEqual(await inbox.commit(commitOf(now + 2, { idempotency: { ...idempotency, bodyHash: 'hash-b' } })), { kind: 'key_reused' });
    const again = commitOf(now + 3, { fingerprint: first.record.fingerprint });
    assert.deepEqual(await inbox.commit(again), { kind: 'duplicate', id: first.record.id });
    assert.equal(await inbox.load(again.record.id), undefined, 'a duplicate is not stored');
    // After its TTL the key is free again: the same key with another body stores a new inquiry.
    const later = commitOf(now + 2 * MINUTE, { idempotency: { key: idempotency.key, bodyHash: 'hash-c', notBefore: now + MINUTE } });
    assert.deepEqual(await inbox.commit(later), { kind: 'stored', id: later.record.id });
  });

  it('commit under a lease: those channels\' jobs come back claimed (the acknowledgement only when queued), the rest due', async () => {
    const now = Date.UTC(2026, 2, 2);
    const lease = { channels: ['webhook', 'acknowledgement'] as const, until: now + MINUTE };
    const acknowledge = { address: `lease-${now}@example.com`, notBefore: now - 60 * MINUTE };
    const first = commitOf(now, { lease, acknowledge });
    const outcome = await inbox.commit(first);
    assert.deepEqual(outcome, {
      kind: 'stored', id: first.record.id,
      claimed: ['webhook', 'acknowledgement'].map((channel) => ({
        id: `${first.record.id}:${channel}`, inquiryId: first.record.id, channel, notice: RECEIVED, attempts: 1, queuedAt: now, leasedUntil: lease.until,
      })),
    });
    assert.deepEqual(await inbox.load(first.record.id), storedInquiryFromRecord(first.record), 'load reads back what the use case hands over');
    const claimedNow = await outbox.claimDue(['email', 'webhook', 'acknowledgement'], now, MINUTE, 10);
    assert.deepEqual(claimedNow.filter((job) => job.inquiryId === first.record.id).map((job) => job.channel), ['email'], 'the unleased job is due, the leased ones are not');
    // The address was acknowledged a moment ago: no acknowledgement is queued, so none comes back claimed.
    const second = commitOf(now + 1, { lease, acknowledge });
    const again = await inbox.commit(second);
    assert.deepEqual(again.kind === 'stored' && again.claimed?.map((job) => job.channel), ['webhook']);
  });

  it('load, find and list read what was committed; delete and purge remove it with its jobs', async () => {
    const now = Date.UTC(2026, 3, 1);
    const old = commitOf(now - 400 * 24 * 60 * MINUTE);
    const spam = commitOf(now, { notify: [] });
    spam.record.spam = true;
    const recent = commitOf(now + 1);
    for (const request of [old, spam, recent]) await inbox.commit(request);

    const loaded = await inbox.load(recent.record.id);
    assert.equal(loaded?.name, recent.record.inquiry.name);
    assert.equal(loaded?.phone, null);
    assert.equal(loaded?.receivedAt.getTime(), now + 1);
    const entry = await inbox.find(recent.record.id);
    assert.equal(entry?.userAgent, 'agent/1');
    assert.equal(entry?.clientId, null);
    assert.deepEqual(entry?.notifications.map((n) => [n.channel, n.status, n.attempts]), [['email', 'pending', 0], ['webhook', 'pending', 0]]);

    const listed = await inbox.list({ since: now });
    assert.deepEqual(listed.map((e) => e.id).slice(0, 2), [recent.record.id, spam.record.id], 'newest first');
    assert.ok((await inbox.list({ since: now, spam: true })).every((e) => e.spam));
    assert.equal((await inbox.list({ since: now, spam: true })).find((e) => e.id === spam.record.id)?.notifications.length, 0);

    assert.equal(await inbox.delete(recent.record.id), true);
    assert.equal(await inbox.delete(recent.record.id), false);
    assert.equal(await inbox.find(recent.record.id), undefined);
    assert.equal(await inbox.purge(now - 365 * 24 * 60 * MINUTE), 1);
    assert.equal(await inbox.find(old.record.id), undefined);
    assert.equal(await outbox.requeueFailed(now, old.record.id), 0);
    assert.ok(await inbox.find(spam.record.id), 'the young one is kept');
  });

  it('the language is stored and read back by load, find, list and page; a row written without one reads en', async () => {
    const now = Date.UTC(2026, 3, 5);
    const spanish = commitOf(now);
    spanish.record.inquiry.language = 'es';
    await inbox.commit(spanish);
    assert.equal((await inbox.load(spanish.record.id))?.language, 'es');
    assert.equal((await inbox.find(spanish.record.id))?.language, 'es');
    assert.equal((await inbox.list({ since: now, until: now + 1 })).find((e) => e.id === spanish.record.id)?.language, 'es');
    assert.equal((await inbox.page({ since: now, until: now + 1 }, 10)).entries[0]?.language, 'es');
    // An inquiry from before migration 011 has no language of its own: the column's default says English.
    const { language: _, ...withoutLanguage } = inquiryRow(commitOf(now + 1).record);
    await db.kysely.insertInto('inquiries').values(withoutLanguage as InquiriesTable).execute();
    assert.equal((await inbox.find(withoutLanguage.id))?.language, 'en');
  });

  it('a worker\'s marks count only while its claim holds; failed jobs can be re-queued', async () => {
    const now = Date.UTC(2026, 4, 1);
    const request = commitOf(now, { notify: ['webhook'] });
    await inbox.commit(request);
    // Earlier tests left jobs due too: only this inquiry's are looked at.
    const claim = async (channel: 'email' | 'webhook', at: number) =>
      (await outbox.claimDue([channel], at, MINUTE, 100)).filter((job) => job.inquiryId === request.record.id);
    const [first] = await claim('webhook', now);
    assert.ok(first);
    assert.equal(first.attempts, 1);
    assert.equal(first.queuedAt, now);
    assert.equal((await claim('webhook', now + 1)).length, 0, 'held by the first claim');
    assert.equal((await claim('email', now + MINUTE)).length, 0, 'only the asked channels');

    // The first claim's lease runs out and another worker takes the job over.
    const [second] = await claim('webhook', now + MINUTE);
    assert.equal(second?.id, first.id);
    assert.equal(second.attempts, 2);
    await outbox.settle([{ job: first, outcome: 'delivered', at: now + MINUTE }]);
    await outbox.settle([{ job: first, outcome: 'retry', at: now + 10 * MINUTE, error: 'late' }]);
    await outbox.settle([{ job: first, outcome: 'failed', error: 'late' }]);
    let state = (await inbox.find(request.record.id))!.notifications[0]!;
    assert.deepEqual([state.status, state.lastError], ['pending', null], 'the stale claim changed nothing');

    await outbox.settle([{ job: second, outcome: 'failed', error: 'webhook delivery failed: HTTP 500' }]);
    state = (await inbox.find(request.record.id))!.notifications[0]!;
    assert.deepEqual([state.status, state.lastError], ['failed', 'webhook delivery failed: HTTP 500']);
    assert.equal(await outbox.requeueFailed(now + 2 * MINUTE, request.record.id), 1);
    const [third] = await claim('webhook', now + 2 * MINUTE);
    assert.deepEqual([third?.id, third?.attempts, third?.queuedAt], [first.id, 1, now + 2 * MINUTE]);
    await outbox.settle([{ job: third!, outcome: 'delivered', at: now + 2 * MINUTE + 5 }]);
    state = (await inbox.find(request.record.id))!.notifications[0]!;
    assert.deepEqual([state.status, state.deliveredAt], ['done', now + 2 * MINUTE + 5]);
  });

  it('pendingByChannel: the pending jobs per channel and their earliest next attempt (the metrics read it)', async () => {
    const pending = async (channel: string) => (await outbox.pendingByChannel()).find((row) => row.channel === channel);
    const [email, webhook] = [(await pending('email'))?.count ?? 0, (await pending('webhook'))?.count ?? 0];
    // Before every other test's jobs: the earliest next attempt is this one's, and only it is due then.
    const earliest = Date.UTC(2020, 0, 1);
    await inbox.commit(commitOf(earliest, { notify: ['email'] }));
    assert.deepEqual(await pending('email'), { channel: 'email', count: email + 1, earliestAttemptAt: earliest });
    assert.equal((await pending('webhook'))?.count ?? 0, webhook);
    const [job] = await outbox.claimDue(['email'], earliest, MINUTE, 100);
    await outbox.settle([{ job: job!, outcome: 'delivered', at: earliest + 1 }]);
    assert.equal((await pending('email'))?.count ?? 0, email, 'a delivered job is no longer pending');
  });
}

await onEachDialect((dialect) => `store adapters on ${dialect}`, 'studio_inq_adapters', adapterSuite);
