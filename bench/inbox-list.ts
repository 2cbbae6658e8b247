import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pino from 'pino';
import { placeOf, type TriageState } from '../src/contract/inquiry.js';
import type { InboxStore } from '../src/inquiries/ports.js';
import { openDatabase, type Db } from '../src/store/db/database.js';
import { KyselyInboxStore } from '../src/store/inquiries/inbox.js';
import { cursorAfter } from '../src/store/inquiries/inbox-where.js';
import { migrateToLatest } from '../src/store/db/migrate.js';
import { COMMON_WORD, fillInbox, RARE_WORDS } from './inbox-seed.js';
import { createPgDatabase } from '../test/helpers/postgres.js';

// `npx tsx bench/inbox-list.ts`: the web inbox list's store calls at 100,000 stored inquiries, on a SQLite
// file and on a fresh PostgreSQL database. Server-side time of each call (the query and the mapping to
// entries, in this process), median and p95 over RUNS runs after a warm-up. Not in `npm run bench`:
// that one measures HTTP throughput against a same-run baseline; this one measures latency at a size.

const INQUIRIES = Number(process.env.BENCH_INQUIRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const PAGE = 50;
/** BENCH_WITHOUT_SEARCH_INDEX=1 drops PostgreSQL's trigram index first: the figures it was added for. */
const WITHOUT_SEARCH_INDEX = process.env.BENCH_WITHOUT_SEARCH_INDEX === '1';
const RARE_WORD = RARE_WORDS.message;

interface Timing { median: number; p95: number }

async function time(call: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 5; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)]!, p95: samples[Math.min(RUNS - 1, Math.ceil(RUNS * 0.95) - 1)]! };
}

/** A cursor `depth` rows into the newest-first order of the whole inbox. */
async function cursorAt(db: Db, depth: number, state?: TriageState): Promise<string> {
  let query = db.kysely.selectFrom('inquiries').select(['received_at', 'id']);
  if (state) {
    const place = placeOf(state);
    query = query.where('folder', '=', place.folder);
    if (place.unread !== undefined) query = query.where('unread', '=', place.unread ? 1 : 0);
  }
  const row = await query.orderBy('received_at', 'desc').orderBy('id', 'desc').offset(depth).limit(1).executeTakeFirstOrThrow();
  return cursorAfter(row);
}

/** The operator whose Mine the counts include. */
const ME = 'desk@studio.example';

async function cases(db: Db, inbox: InboxStore): Promise<Array<[string, () => Promise<unknown>]>> {
  const deepAll = await cursorAt(db, Math.floor(INQUIRIES * 0.6));
  const deepArchived = await cursorAt(db, Math.floor(INQUIRIES * 0.3), 'archived');
  return [
    ['first page of "new" (50)', () => inbox.page({ state: 'new' }, PAGE)],
    ['first page of all (50)', () => inbox.page({}, PAGE)],
    ['page at 60% of all, by cursor', () => inbox.page({}, PAGE, deepAll)],
    ['page at 30% of "archived", by cursor', () => inbox.page({ state: 'archived' }, PAGE, deepArchived)],
    ['counts of every view (no filter)', () => inbox.counts({}, ME)],
    [`search a rare word ("${RARE_WORD}")`, () => inbox.page({ search: RARE_WORD }, PAGE)],
    [`search a common word ("${COMMON_WORD}")`, () => inbox.page({ search: COMMON_WORD }, PAGE)],
    [`counts of every view, rare-word search`, () => inbox.counts({ search: RARE_WORD }, ME)],
    ['filter location+budget (hamptons, over-10m)', () => inbox.page({ location: 'hamptons', budget: 'over-10m' }, PAGE)],
    ['filter location+budget in "archived"', () => inbox.page({ state: 'archived', location: 'hamptons', budget: 'over-10m' }, PAGE)],
    ['list view: "new" page + counts + unread', () => Promise.all([inbox.page({ state: 'new' }, PAGE), inbox.counts({}, ME), inbox.unreadCount()])],
  ];
}

async function measure(label: string, url: string): Promise<Map<string, Timing>> {
  const db = openDatabase(url, pino({ level: 'silent' }));
  try {
    await migrateToLatest(db);
    if (WITHOUT_SEARCH_INDEX) await db.kysely.schema.dropIndex('inquiry_search_body').ifExists().execute();
    const seconds = (await fillInbox(db, INQUIRIES)) / 1000;
    // PostgreSQL's autovacuum would vacuum and analyze the freshly loaded table within a minute (its
    // visibility map lets counts read the index alone); do it now, as a running service finds it.
    if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
    console.log(`# ${label}: seeded ${INQUIRIES} inquiries in ${seconds.toFixed(1)} s`);
    const inbox = new KyselyInboxStore(db);
    const timings = new Map<string, Timing>();
    for (const [name, call] of await cases(db, inbox)) timings.set(name, await time(call));
    return timings;
  } finally {
    await db.close();
  }
}

function printTable(results: Array<[string, Map<string, Timing>]>): void {
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
  const index = WITHOUT_SEARCH_INDEX ? ', without the PostgreSQL search index' : '';
  console.log(`\n## inbox list at ${INQUIRIES.toLocaleString('en')} inquiries${index}: server-side ms over ${RUNS} runs\n`);
  console.log(`| case | ${results.map(([label]) => `${label} median | ${label} p95`).join(' | ')} |`);
  console.log(`| --- | ${results.map(() => '---: | ---:').join(' | ')} |`);
  for (const name of results[0]![1].keys()) {
    console.log(`| ${name} | ${results.map(([, t]) => `${ms(t.get(name)!.median)} | ${ms(t.get(name)!.p95)}`).join(' | ')} |`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'studio-inbox-bench-'));
const results: Array<[string, Map<string, Timing>]> = [];
try {
  results.push(['SQLite', await measure('SQLite', `sqlite:${join(dir, 'inbox.db')}`)]);
  const pg = await createPgDatabase('studio_inbox_bench');
  if (typeof pg === 'string') console.log(`# skipping PostgreSQL: ${pg}`);
  else {
    try {
      results.push(['PostgreSQL', await measure('PostgreSQL', pg.url)]);
    } finally {
      await pg.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
printTable(results);
