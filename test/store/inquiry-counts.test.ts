import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { FOLDERS, STAGES } from '../../src/contract/inquiry.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { FOLD_AT, foldCounts } from '../../src/store/inquiries/inbox-queries.js';
import { DIALECT_LABELS, onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { inquiryRow } from '../helpers/inquiry-rows.js';
import { suiteScope } from '../helpers/server.js';

// The summary table inquiry_counts (migration 009_search) is kept by triggers on inquiries: after every
// kind of change an inquiry goes through (arrival alone and in a batch, folder, unread, stage, assignee,
// an update that changes none of them, delete, purge, erasure) it equals a GROUP BY over the rows, and
// the inbox's unfiltered counts, read from it, equal the filtered path's grouped read.

const OPERATORS = ['ana@studio.example', 'ben@studio.example', null] as const;
const STEPS = 300;

/** A deterministic generator: a failing step is the same step on the next run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function countsSuite({ url }: DialectDatabase): void {
  const suite = suiteScope();
  let db: Db;
  let inbox: KyselyInboxStore;
  before(async () => {
    db = await openMigrated(suite, url);
    inbox = new KyselyInboxStore(db);
  });

  /** The summary's non-empty groups and a GROUP BY of the rows, in one comparable form. */
  async function summaryAndGroups(): Promise<[string[], string[]]> {
    // PostgreSQL's summary is rows of deltas: their sums per key are the counts.
    const summary = await db.kysely.selectFrom('inquiry_counts')
      .select((eb) => ['folder', 'unread', 'stage', 'assignee', eb.fn.sum<number>('n').as('n')])
      .groupBy(['folder', 'unread', 'stage', 'assignee']).having((eb) => eb.fn.sum('n'), '<>', 0).execute();
    const grouped = await db.kysely.selectFrom('inquiries')
      .select((eb) => ['folder', 'unread', 'stage', 'assignee', eb.fn.countAll().as('n')])
      .groupBy(['folder', 'unread', 'stage', 'assignee']).execute();
    const key = (row: { folder: string; unread: number; stage: string; assignee: string | null; n: unknown }) =>
      `${row.folder}|${Number(row.unread)}|${row.stage}|${row.assignee ?? ''}|${Number(row.n)}`;
    return [summary.map(key).sort(), grouped.map(key).sort()];
  }

  it('equals a GROUP BY after each of 300 random changes, and the unfiltered counts equal the grouped ones', async () => {
    const random = generator(20261127);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const base = Date.UTC(2026, 0, 1);
    const emails = ['ada@example.com', 'grace@example.com', 'jose@example.com', 'mia@example.com'];
    const kinds: string[] = [];
    const insert = async (count: number) => {
      const rows = Array.from({ length: count }, () => inquiryRow({
        received_at: base + Math.floor(random() * 100 * 86_400_000), email: pick(emails),
        folder: pick(FOLDERS), unread: random() < 0.5 ? 1 : 0, stage: pick(STAGES), assignee: pick(OPERATORS),
      }));
      await db.kysely.insertInto('inquiries').values(rows).execute();
    };
    const anyId = async () => (await db.kysely.selectFrom('inquiries').select('id').orderBy('fingerprint').limit(1)
      .offset(Math.floor(random() * 10)).executeTakeFirst())?.id;
    const update = async (set: Record<string, unknown>) => {
      const id = await anyId();
      if (id) await db.kysely.updateTable('inquiries').set(set).where('id', '=', id).execute();
    };
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['insert', () => insert(1)],
      ['insert a batch', () => insert(1 + Math.floor(random() * 20))],
      ['folder', () => update({ folder: pick(FOLDERS) })],
      ['unread', () => update({ unread: random() < 0.5 ? 1 : 0 })],
      ['stage', () => update({ stage: pick(STAGES) })],
      ['assignee', () => update({ assignee: pick(OPERATORS) })],
      ['several columns at once', () => update({ folder: pick(FOLDERS), stage: pick(STAGES), assignee: pick(OPERATORS) })],
      ['every row at once', () => db.kysely.updateTable('inquiries').set({ unread: 0 }).where('stage', '=', pick(STAGES)).execute()],
      ['no counted column', () => update({ last_activity_at: Date.now() })],
      ['fold', () => foldCounts(db)],
      ['delete', async () => { const id = await anyId(); if (id) await inbox.delete(id); }],
      ['purge', () => inbox.purge(base + Math.floor(random() * 10 * 86_400_000))],
      ['erasure', async () => { const email = pick(emails); await inbox.deleteMany(await inbox.idsWhereEmail((address) => address === email)); }],
    ];
    await insert(40);
    for (let step = 0; step < STEPS; step++) {
      const [kind, run] = pick(steps);
      kinds.push(kind);
      await run();
      const [summary, grouped] = await summaryAndGroups();
      assert.deepEqual(summary, grouped, `step ${step} (${kind})`);
    }
    for (const [kind] of steps) assert.ok(kinds.includes(kind), `the run took a "${kind}" step`);
    const me = 'ana@studio.example';
    // A search every inquiry matches ("@" is in every address) takes the grouped path.
    assert.deepEqual(await inbox.counts({}, me), await inbox.counts({ search: '@' }, me));
    const unreadInInbox = (await inbox.counts({ search: '@' }, me)).folders.inbox.unread;
    assert.equal(await inbox.unreadCount(), unreadInInbox, 'the unread count of every page, from the summary');
  });

  it('an arrival never waits on another transaction\'s arrival: the summary takes no row lock they share', async (t) => {
    if (db.dialect === 'sqlite') {
      t.skip('SQLite runs one write transaction at a time: there is no other transaction to wait on');
      return;
    }
    const before = await inbox.counts({}, 'nobody');
    // The first transaction stays open while the second inserts an inquiry of the same group: with a row
    // per key, the second would wait for the first's commit (here: fail after the lock timeout).
    await db.kysely.transaction().execute(async (first) => {
      await first.insertInto('inquiries').values(inquiryRow({ folder: 'inbox', unread: 1, stage: 'new', assignee: null })).execute();
      await db.kysely.transaction().execute(async (second) => {
        await sql`set local lock_timeout = '2s'`.execute(second);
        await second.insertInto('inquiries').values(inquiryRow({ folder: 'inbox', unread: 1, stage: 'new', assignee: null })).execute();
      });
    });
    const after = await inbox.counts({}, 'nobody');
    assert.equal(after.folders.inbox.unread, before.folders.inbox.unread + 2);
  });

  it('folds its deltas once they pile up (PostgreSQL), and the counts stay what they were', async () => {
    const grouped = await inbox.counts({ search: '@' }, 'ana@studio.example');
    for (let i = 0; i < FOLD_AT / 2 + 10; i++) {
      // One arrives and goes again: each statement appends a delta row, and the sums come back to what they were.
      await db.kysely.insertInto('inquiries').values(inquiryRow({ assignee: 'fold@studio.example' })).execute();
      await db.kysely.deleteFrom('inquiries').where('assignee', '=', 'fold@studio.example').execute();
    }
    const rows = async () => Number((await db.kysely.selectFrom('inquiry_counts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const piled = await rows();
    assert.deepEqual(await inbox.counts({}, 'ana@studio.example'), grouped, 'read through the fold');
    if (db.dialect === 'postgres') {
      assert.ok(piled > FOLD_AT, `${piled} delta rows piled up`);
      assert.ok(await rows() < 100, 'folded into a row per key');
    }
  });
}

await onEachDialect((dialect) => `inquiry counts summary (${DIALECT_LABELS[dialect]})`, 'studio_counts', countsSuite);
