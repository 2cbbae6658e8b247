import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Inquiry, TriageState } from '../../src/contract/inquiry.js';
import { uuidv7 } from '../../src/inquiries/ids.js';
import type { InboxEntry, InboxQuery, InquiryRecord, NotificationChannel } from '../../src/inquiries/ports.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { inquiryRow } from '../../src/store/inquiries/rows.js';
import { migrateToLatest } from '../../src/store/db/migrate.js';
import { migrations } from '../../src/store/db/migrations/index.js';
import { openStore } from '../helpers/inquiries.js';
import { onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { suiteScope } from '../helpers/server.js';

// The inbox store's triage side on SQLite and PostgreSQL alike: pages newest first by keyset cursor,
// every filter and the search words, the folder counts, and state changes (leaving spam queues the
// notifications the inquiry lacks, once). Each test works in its own span of time, so the tests share
// one database without seeing each other's inquiries.

const DAY = 86_400_000;
let span = 0;
/** The start of a span of time no other test uses; filter by `{ since: start, until: start + DAY }`. */
function freshSpan(): number {
  span += 1;
  return Date.UTC(2026, 0, 1) + span * 10 * DAY;
}

type Fields = Partial<Inquiry> & { spam?: boolean };

function recordOf(receivedAt: number, fields: Fields = {}): InquiryRecord {
  const { spam = false, ...inquiry } = fields;
  const id = uuidv7(receivedAt);
  return {
    id, receivedAt, spam, fingerprint: `fp-${id}`, channel: 'form', clientIp: '203.0.113.7', userAgent: undefined, clientId: undefined,
    inquiry: {
      name: 'Ada Lovelace', email: 'ada@example.com', message: 'A house by the sea.', location: 'miami', budget: 'undisclosed', phase: 'unsure', language: 'en',
      ...inquiry,
    },
  };
}

/** Rows and jobs written directly, many per statement: seeding hundreds through commit() would be slow. */
async function seed(db: Db, records: InquiryRecord[], jobsOf: (record: InquiryRecord) => NotificationChannel[] = () => []): Promise<void> {
  for (let start = 0; start < records.length; start += 200) {
    const batch = records.slice(start, start + 200);
    await db.kysely.insertInto('inquiries').values(batch.map(inquiryRow)).execute();
    const jobs = batch.flatMap((record) => jobsOf(record).map((channel) => ({
      id: `${record.id}:${channel}`, inquiry_id: record.id, channel, event: 'inquiry.received', ref: '', payload: null, status: 'done' as const, attempts: 1,
      created_at: record.receivedAt, next_attempt_at: record.receivedAt, locked_until: null, last_error: null, delivered_at: record.receivedAt,
    })));
    if (jobs.length > 0) await db.kysely.insertInto('notification_jobs').values(jobs).execute();
  }
}

/** Newest first, the id settling equal times: the order every page must follow. */
const newestFirst = (records: InquiryRecord[]) => [...records]
  .sort((a, b) => b.receivedAt - a.receivedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((r) => r.id);

const ids = (entries: InboxEntry[]) => entries.map((e) => e.id);

function triageSuite({ dialect, url, another }: DialectDatabase): void {
  const suite = suiteScope();
  let db: Db;
  let inbox: KyselyInboxStore;
  before(async () => {
    db = await openMigrated(suite, url);
    inbox = new KyselyInboxStore(db);
  });

  /** Every page of `query`, following the cursors; fails on an endless walk. */
  async function walk(query: InboxQuery, limit: number): Promise<{ pages: string[][]; all: string[] }> {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await inbox.page(query, limit, cursor);
      pages.push(ids(page.entries));
      cursor = page.next;
      assert.ok(pages.length < 100, 'the walk ends');
    } while (cursor !== undefined);
    return { pages, all: pages.flat() };
  }

  it('pages walk the inbox newest first by cursor: no gap, no repeat, equal times included', async () => {
    const start = freshSpan();
    // Four inquiries share each millisecond: only the id tells them apart.
    const records = Array.from({ length: 23 }, (_, i) => recordOf(start + Math.floor(i / 4), { spam: i % 5 === 0 }));
    await seed(db, records);
    const window = { since: start, until: start + DAY };
    const expected = newestFirst(records);
    for (const limit of [1, 4, 5, 22, 23, 100]) {
      const { pages, all } = await walk(window, limit);
      assert.deepEqual(all, expected, `limit ${limit}`);
      assert.ok(pages.slice(0, -1).every((page) => page.length === limit), `full pages before the last, limit ${limit}`);
      assert.ok(pages.at(-1)!.length > 0, `no empty last page, limit ${limit}`);
    }
    const spam = records.filter((r) => r.spam);
    assert.deepEqual((await walk({ ...window, state: 'spam' }, 2)).all, newestFirst(spam), 'one folder, by cursor');
    assert.deepEqual((await walk({ ...window, state: 'new' }, 3)).all, newestFirst(records.filter((r) => !r.spam)));
  });

  it('a missing, malformed or foreign cursor starts at the first page; a limit below 1 is refused', async () => {
    const start = freshSpan();
    const records = Array.from({ length: 3 }, (_, i) => recordOf(start + i));
    await seed(db, records);
    const window = { since: start, until: start + DAY };
    const first = ids((await inbox.page(window, 2)).entries);
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = ['', 'garbage', '!!!', encoded([1, 2]), encoded({ a: 1 }), encoded([1e300, 'x']), encoded(['1', 'x']),
      encoded([1.5, 'x']), encoded([1, 'x'.repeat(101)]), encoded([1, 'x', 3]), 'a'.repeat(5000)];
    for (const cursor of bad) assert.deepEqual(ids((await inbox.page(window, 2, cursor)).entries), first, `cursor ${cursor.slice(0, 20)}`);
    // A cursor names a place in the order, not a query: another folder's cursor still reads on from that place.
    const { next } = await inbox.page({ ...window, state: 'new' }, 1);
    assert.deepEqual(ids((await inbox.page(window, 5, next)).entries), newestFirst(records).slice(1));
    await assert.rejects(inbox.page(window, 0), RangeError);
    await assert.rejects(inbox.page(window, 1.5), RangeError);
  });

  it('every filter narrows the page and the list: location, budget, phase, since (inclusive), until (exclusive), state', async () => {
    const start = freshSpan();
    const a = recordOf(start, { location: 'hamptons', budget: 'over-10m', phase: 'permitted' });
    const b = recordOf(start + 1000, { location: 'hamptons', budget: '1m-3m', phase: 'permitted' });
    const c = recordOf(start + 2000, { location: 'other', budget: 'over-10m', phase: 'pre-planning', spam: true });
    const d = recordOf(start + 3000, { location: 'miami', budget: 'over-10m', phase: 'permitted' });
    await seed(db, [a, b, c, d]);
    const window = { since: start, until: start + DAY };
    const cases: Array<[InboxQuery, InquiryRecord[]]> = [
      [{ location: 'hamptons' }, [a, b]],
      [{ budget: 'over-10m' }, [a, c, d]],
      [{ phase: 'permitted' }, [a, b, d]],
      [{ location: 'hamptons', budget: 'over-10m' }, [a]],
      [{ location: 'hamptons', budget: 'over-10m', phase: 'pre-planning' }, []],
      [{ state: 'spam' }, [c]],
      [{ state: 'new', budget: 'over-10m' }, [a, d]],
      [{ state: 'archived' }, []],
      [{ since: start + 1000, until: start + 3000 }, [b, c]],
      [{ since: start + 1001, until: start + 3001 }, [c, d]],
    ];
    for (const [query, expected] of cases) {
      const what = JSON.stringify(query);
      const scoped = { ...window, ...query };
      assert.deepEqual(ids((await inbox.page(scoped, 10)).entries), newestFirst(expected), `page ${what}`);
      assert.deepEqual(ids(await inbox.list(scoped)), newestFirst(expected), `list ${what}`);
    }
    assert.deepEqual(ids(await inbox.list({ ...window, exceptFolder: 'spam', limit: 2 })), newestFirst([b, d]), 'every folder but spam, at most 2');
    assert.deepEqual(ids(await inbox.list({ ...window, spam: true })), [c.id], 'the honeypot fact');
  });

  it('search: every word, in the name, email or message, any letter case; % _ and \\ stand for themselves', async () => {
    const start = freshSpan();
    const percent = recordOf(start, { message: 'The budget is 100% firm, no less.' });
    const hundred = recordOf(start + 1, { message: 'One hundred and 100 reasons to build.' });
    const underscore = recordOf(start + 2, { message: 'Our lot is on a_b street, by the water.' });
    const lookalike = recordOf(start + 3, { message: 'Our lot is on axb street, by the water.' });
    const backslash = recordOf(start + 4, { message: 'Plans are in C:\\plans\\house, ask for them.' });
    const named = recordOf(start + 5, { name: 'José Núñez', email: 'Jose.Nunez@Example.ORG', message: 'Renovation of a 1920s villa.' });
    await seed(db, [percent, hundred, underscore, lookalike, backslash, named]);
    const found = async (search: string) => ids((await inbox.page({ since: start, until: start + DAY, search }, 10)).entries);
    const cases: Array<[string, InquiryRecord[]]> = [
      ['100%', [percent]],
      ['%', [percent]],
      ['100', [percent, hundred]],
      ['_', [underscore]],
      ['a_b', [underscore]],
      ['A_B  STREET', [underscore]],
      ['lot street', [underscore, lookalike]],
      ['\\', [backslash]],
      ['c:\\plans', [backslash]],
      ['NÚÑEZ', [named]],
      ['jose.nunez@example.org villa', [named]],
      ['josé 1920s', [named]],
      ['lot villa', []],
      ['%%', []],
      ['   ', [percent, hundred, underscore, lookalike, backslash, named]],
    ];
    for (const [search, expected] of cases) assert.deepEqual(await found(search), newestFirst(expected), `search ${JSON.stringify(search)}`);
    const counts = await inbox.counts({ since: start, until: start + DAY, search: 'street' }, 'op@example.com');
    assert.deepEqual(counts.folders, { inbox: { total: 2, unread: 2 }, archived: { total: 0, unread: 0 }, spam: { total: 0, unread: 0 } });
  });

  it('unreadCount: the inbox folder\'s unread inquiries, whatever their stage, never archived or spam', async () => {
    const before = await inbox.unreadCount();
    const start = freshSpan();
    const records = Array.from({ length: 5 }, (_, i) => recordOf(start + i, { spam: i === 0 }));
    await seed(db, records);
    await inbox.setState(records[1]!.id, 'read', 'op@example.com', start, []);
    await inbox.setState(records[2]!.id, 'archived', 'op@example.com', start, []);
    await db.kysely.updateTable('inquiries').set({ stage: 'proposal' }).where('id', '=', records[3]!.id).execute();
    assert.equal(await inbox.unreadCount() - before, 2);
  });

  it('counts: each folder with its unread, the stages and Mine / Unassigned outside spam, under the same filters', async () => {
    const start = freshSpan();
    const records = Array.from({ length: 8 }, (_, i) => recordOf(start + i, { spam: i < 2, location: i % 2 === 0 ? 'miami' : 'other' }));
    await seed(db, records);
    const window = { since: start, until: start + DAY };
    await inbox.setState(records[2]!.id, 'read', 'op@example.com', start, []);
    await inbox.setState(records[3]!.id, 'archived', 'op@example.com', start, []);
    await db.kysely.updateTable('inquiries').set({ stage: 'proposal', assignee: 'ana@studio.example' }).where('id', 'in', [records[0]!.id, records[4]!.id, records[5]!.id]).execute();
    await db.kysely.updateTable('inquiries').set({ assignee: 'bo@studio.example' }).where('id', '=', records[6]!.id).execute();
    const counts = await inbox.counts(window, 'ana@studio.example');
    assert.deepEqual(counts.folders, { inbox: { total: 5, unread: 4 }, archived: { total: 1, unread: 1 }, spam: { total: 2, unread: 2 } });
    assert.deepEqual(counts.stages, { new: 4, contacted: 0, consultation: 0, proposal: 2, won: 0, lost: 0 }, 'spam is left out');
    assert.deepEqual([counts.mine, counts.unassigned], [2, 3]);
    const miami = await inbox.counts({ ...window, location: 'miami' }, 'ana@studio.example');
    assert.deepEqual([miami.folders.inbox.total, miami.stages.proposal, miami.mine], [3, 1, 1]);
  });

  it('setState: changed with who and when, unchanged writes nothing, not_found; spam arrives as a fact and stays one', async () => {
    const start = freshSpan();
    const clean = recordOf(start);
    const bot = recordOf(start + 1, { spam: true });
    for (const record of [clean, bot]) await inbox.commit({ record, notify: record.spam ? [] : ['webhook'], idempotency: undefined, duplicateSince: start });
    assert.deepEqual((await inbox.find(clean.id))!.triage, { state: 'new', changedAt: null, changedBy: null });
    assert.deepEqual((await inbox.find(bot.id))!.triage, { state: 'spam', changedAt: null, changedBy: null });

    const steps: Array<[TriageState, string]> = [['read', 'changed'], ['read', 'unchanged'], ['archived', 'changed'], ['spam', 'changed'], ['new', 'changed']];
    for (const [i, [state, outcome]] of steps.entries()) {
      const before = (await inbox.find(clean.id))!.triage;
      assert.equal(await inbox.setState(clean.id, state, `op${i}@example.com`, start + 100 + i, ['webhook']), outcome, `step ${i}: ${state}`);
      const after = (await inbox.find(clean.id))!;
      assert.deepEqual(after.triage, outcome === 'changed' ? { state, changedAt: start + 100 + i, changedBy: `op${i}@example.com` } : before, `step ${i}`);
      assert.equal(after.spam, false, 'the honeypot fact never changes');
      assert.deepEqual(after.notifications.map((n) => [n.channel, n.status]), [['webhook', 'pending']], 'its one job, untouched');
    }
    assert.equal(await inbox.setState('no-such-id', 'read', 'op@example.com', start, ['webhook']), 'not_found');
    // The state shows wherever the inquiry is read.
    assert.equal((await inbox.page({ since: start, until: start + DAY, state: 'new' }, 5)).entries[0]?.triage.changedBy, 'op4@example.com');
    assert.equal((await inbox.list({ since: start, until: start + DAY, state: 'spam' }))[0]?.spam, true);
  });

  it('leaving spam queues the jobs the inquiry has none for, due then, once; even called twice or at once', async () => {
    const start = freshSpan();
    const bot = recordOf(start, { spam: true });
    const flagged = recordOf(start + 1);
    await seed(db, [bot, flagged], (record) => (record === flagged ? ['webhook'] : []));
    await inbox.setState(flagged.id, 'spam', 'op@example.com', start + 2, []);
    const jobs = async (id: string) => (await db.kysely.selectFrom('notification_jobs').selectAll().where('inquiry_id', '=', id).orderBy('channel').execute())
      .map((j) => [j.channel, j.status, j.created_at, j.next_attempt_at]);

    assert.equal(await inbox.setState(bot.id, 'read', 'op@example.com', start + 10, ['email', 'webhook']), 'changed');
    assert.deepEqual(await jobs(bot.id), [['email', 'pending', start + 10, start + 10], ['webhook', 'pending', start + 10, start + 10]]);
    assert.equal(await inbox.setState(bot.id, 'read', 'op@example.com', start + 11, ['email', 'webhook']), 'unchanged');
    // Back into spam and out again: the jobs exist, none is queued twice or reset.
    await inbox.setState(bot.id, 'spam', 'op@example.com', start + 12, ['email', 'webhook']);
    assert.equal(await inbox.setState(bot.id, 'archived', 'op@example.com', start + 13, ['email', 'webhook']), 'changed');
    assert.deepEqual(await jobs(bot.id), [['email', 'pending', start + 10, start + 10], ['webhook', 'pending', start + 10, start + 10]]);
    assert.equal((await inbox.find(bot.id))!.spam, true, 'still a filled honeypot');

    // An inquiry delivered before an operator called it spam: only the channel it lacks is queued.
    assert.equal(await inbox.setState(flagged.id, 'new', 'op@example.com', start + 20, ['email', 'webhook']), 'changed');
    assert.deepEqual(await jobs(flagged.id), [['email', 'pending', start + 20, start + 20], ['webhook', 'done', start + 1, start + 1]]);

    // Two operators take the same inquiry out of spam at the same moment: one change, one set of jobs.
    const raced = recordOf(start + 30, { spam: true });
    await seed(db, [raced]);
    const outcomes = await Promise.all(['a', 'b', 'c'].map((who) => inbox.setState(raced.id, 'read', `${who}@example.com`, start + 31, ['email', 'webhook'])));
    assert.deepEqual(outcomes.sort(), ['changed', 'unchanged', 'unchanged']);
    assert.equal((await jobs(raced.id)).length, 2);
  });

  it('list returns every match with its own jobs, past the 500 ids of one statement', async () => {
    const start = freshSpan();
    const records = Array.from({ length: 1_101 }, (_, i) => recordOf(start + i, { name: `Person ${i}` }));
    const channelsOf = (record: InquiryRecord): NotificationChannel[] => {
      const i = records.indexOf(record);
      return i % 3 === 0 ? [] : i % 3 === 1 ? ['webhook'] : ['email', 'webhook'];
    };
    await seed(db, records, channelsOf);
    const listed = await inbox.list({ since: start, until: start + DAY });
    assert.deepEqual(ids(listed), newestFirst(records));
    for (const entry of listed) {
      const record = records.find((r) => r.id === entry.id)!;
      assert.deepEqual(entry.notifications.map((n) => n.channel), channelsOf(record), entry.name);
    }
  });

  it('migrations 003 and 006 file the inquiries of earlier versions in their folders, keep their jobs, and come down again', async () => {
    // A database of its own, migrated only as far as 002 before the rows go in.
    const target = await another();
    const old = openStore(target.url);
    try {
      const migrator = new Migrator({
        db: old.kysely, provider: { getMigrations: async () => migrations },
        migrationTableName: 'studio_migrations', migrationLockTableName: 'studio_migrations_lock',
      });
      assert.equal((await migrator.migrateTo('002_oauth')).error, undefined);
      const start = freshSpan();
      const [flagged, clean, read, archived] = [recordOf(start, { spam: true }), recordOf(start + 1, { email: '  Ada@Example.COM ' }), recordOf(start + 2), recordOf(start + 3)];
      // The rows as 001 wrote them: no state, no pipeline columns yet.
      for (const record of [flagged, clean, read, archived]) {
        const { id, received_at, name, email, phone, message, location, budget, phase, client_ip, user_agent, channel, client_id, spam, fingerprint } = inquiryRow(record);
        await old.kysely.insertInto('inquiries')
          .values({ id, received_at, name, email, phone, message, location, budget, phase, client_ip, user_agent, channel, client_id, spam, fingerprint } as never).execute();
        await old.kysely.insertInto('notification_jobs').values({
          id: `${id}:email`, inquiry_id: id, channel: 'email', status: 'done', attempts: 1, created_at: received_at, next_attempt_at: received_at,
          locked_until: null, last_error: null, delivered_at: received_at,
        } as never).execute();
      }
      assert.equal((await migrator.migrateTo('005_acknowledgements')).error, undefined);
      const stateOf = async (id: string) => (await sql<{ state: string }>`select state from inquiries where id = ${id}`.execute(old.kysely)).rows[0]!.state;
      assert.equal(await stateOf(flagged.id), 'spam', '003 files the flagged ones in spam');
      assert.equal(await stateOf(clean.id), 'new');
      await sql`update inquiries set state = 'read', state_changed_at = ${start}, state_changed_by = 'ana@studio.example' where id = ${read.id}`.execute(old.kysely);
      await sql`update inquiries set state = 'archived' where id = ${archived.id}`.execute(old.kysely);
      // PostgreSQL answers the search words from a trigram index (pg_trgm ships with it and is installed here).
      const searchIndexes = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'inquiries_search'`
        .execute(old.kysely)).rows[0]!.n;
      if (dialect === 'postgres') assert.equal(await searchIndexes(), 1);

      await migrateToLatest(old);
      const store = new KyselyInboxStore(old);
      const place = async (id: string) => {
        const entry = (await store.find(id))!;
        return [entry.folder, entry.unread, entry.triage.state, entry.stage, entry.assignee];
      };
      assert.deepEqual(await place(flagged.id), ['spam', true, 'spam', 'new', null]);
      assert.deepEqual(await place(clean.id), ['inbox', true, 'new', 'new', null]);
      assert.deepEqual(await place(read.id), ['inbox', false, 'read', 'new', null]);
      assert.deepEqual(await place(archived.id), ['archived', false, 'archived', 'new', null]);
      const readEntry = (await store.find(read.id))!;
      assert.deepEqual(readEntry.triage, { state: 'read', changedAt: start, changedBy: 'ana@studio.example' });
      assert.equal(readEntry.lastActivityAt, start, 'the last filing is the last activity');
      assert.equal((await store.find(clean.id))!.contact, 'ada@example.com', 'the contact is the address in comparable form');
      assert.deepEqual((await store.find(archived.id))!.notifications.map((n) => [n.channel, n.status]), [['email', 'done']], 'the jobs survive the rebuild');
      assert.deepEqual(ids((await store.page({ state: 'new' }, 10)).entries.filter((e) => e.receivedAt.getTime() >= start)), [clean.id]);

      assert.equal((await migrator.migrateTo('005_acknowledgements')).error, undefined, '006 comes down');
      assert.equal(await stateOf(read.id), 'read');
      assert.equal(await stateOf(clean.id), 'new');
      assert.equal(await stateOf(archived.id), 'archived');
      assert.equal((await migrator.migrateTo('002_oauth')).error, undefined);
      if (dialect === 'postgres') assert.equal(await searchIndexes(), 0, 'down drops it');
      const columns = await old.kysely.introspection.getTables().then((tables) => tables.find((t) => t.name === 'inquiries')!.columns.map((c) => c.name));
      assert.ok(!columns.includes('state') && !columns.includes('folder') && columns.includes('spam'), columns.join(', '));
      assert.equal((await old.kysely.selectFrom('inquiries').select('spam').where('id', '=', flagged.id).executeTakeFirstOrThrow()).spam, 1);
      const jobs = await sql<{ n: number }>`select count(*) as n from notification_jobs`.execute(old.kysely);
      assert.equal(Number(jobs.rows[0]!.n), 4, 'the jobs come down with them');
    } finally {
      await old.close();
      await target.drop();
    }
  });
}

await onEachDialect((dialect) => `inbox triage on ${dialect}`, 'studio_inbox_triage', triageSuite);
