import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pino from 'pino';
import { BUDGETS, LOCATIONS, PHASES, placeOf, STAGES, type TriageState } from '../src/contract/inquiry.js';
import { uuidv7 } from '../src/inquiries/ids.js';
import type { InboxStore } from '../src/inquiries/ports.js';
import { openDatabase, type Db } from '../src/store/db/database.js';
import { KyselyInboxStore } from '../src/store/inquiries/inbox.js';
import { cursorAfter } from '../src/store/inquiries/inbox-where.js';
import { migrateToLatest } from '../src/store/db/migrate.js';
import type { InquiriesTable, NotificationJobsTable } from '../src/store/db/schema.js';
import { createPgDatabase } from '../test/helpers/postgres.js';

// `npx tsx bench/inbox-list.ts`: the web inbox list's store calls at 100,000 stored inquiries, on a SQLite
// file and on a fresh PostgreSQL database. Server-side time of each call (the query and the mapping to
// entries, in this process), median and p95 over RUNS runs after a warm-up. Not in `npm run bench`:
// that one measures HTTP throughput against a same-run baseline; this one measures latency at a size.

const INQUIRIES = Number(process.env.BENCH_INQUIRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const PAGE = 50;
const YEAR = 365 * 86_400_000;
const NOW = Date.UTC(2026, 10, 23);
/** BENCH_WITHOUT_SEARCH_INDEX=1 drops PostgreSQL's trigram index first: the figures it was added for. */
const WITHOUT_SEARCH_INDEX = process.env.BENCH_WITHOUT_SEARCH_INDEX === '1';
const RARE_WORD = 'zanzibar';
const COMMON_WORD = 'house';

// A deterministic generator, so both databases hold the same inquiries and runs compare.
let seed = 20261123;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const FIRST = ['Ada', 'Grace', 'José', 'Mia', 'Noah', 'Liam', 'Olivia', 'Ava', 'Lucas', 'Sofia', 'Ethan', 'Isabella', 'Mateo', 'Chloe'];
const LAST = ['Lovelace', 'Hopper', 'Núñez', 'García', 'Smith', 'Cohen', 'Rossi', 'Okafor', 'Tanaka', 'Silva', 'Müller', 'Dubois'];
const WORDS = ('a the of and with on by for in to pool terrace beach garden kitchen bedrooms bath renovation addition permit '
  + 'architect budget timeline waterfront lot acres views modern classic glass stone wood steel roof foundation '
  + 'hurricane code zoning survey guest cottage garage studio office library wine cellar gym spa dock').split(' ');

function message(): string {
  const words = Array.from({ length: 20 + Math.floor(random() * 140) }, () => pick(WORDS));
  if (random() < 0.4) words.splice(Math.floor(random() * words.length), 0, COMMON_WORD);
  return `${words.join(' ')}.`;
}

/** Of the inquiries not caught by the honeypot: most are handled, the newest are still new. */
function stateOf(receivedAt: number, spam: boolean): TriageState {
  if (spam) return 'spam';
  const age = NOW - receivedAt;
  const r = random();
  if (age < 14 * 86_400_000) return r < 0.7 ? 'new' : 'read';
  return r < 0.05 ? 'new' : r < 0.55 ? 'read' : r < 0.98 ? 'archived' : 'spam';
}

function inquiryRowAt(i: number, receivedAt: number): InquiriesTable {
  const spam = random() < 0.03;
  const state = stateOf(receivedAt, spam);
  const first = pick(FIRST);
  const last = pick(LAST);
  return {
    id: uuidv7(receivedAt), received_at: receivedAt, name: `${first} ${last}`,
    email: `${first}.${last}${i}@example.com`.toLowerCase(), phone: random() < 0.5 ? '+1 305 555 0100' : null,
    message: i % 20_000 === 7 ? `${message()} A ${RARE_WORD} retreat.` : message(),
    location: pick(LOCATIONS), budget: pick(BUDGETS), phase: pick(PHASES),
    client_ip: '203.0.113.9', user_agent: 'Mozilla/5.0', channel: pick(['form', 'api', 'mcp']), client_id: null,
    spam: spam ? 1 : 0, fingerprint: `fp-${i}`, folder: placeOf(state).folder, unread: state === 'new' ? 1 : 0,
    stage: pick(STAGES), assignee: null, last_activity_at: receivedAt, contact: `${first}.${last}${i}@example.com`.toLowerCase(), reply_token: null,
    state_changed_at: state === 'new' || (spam && state === 'spam') ? null : receivedAt + 3_600_000,
    state_changed_by: state === 'new' || (spam && state === 'spam') ? null : 'studio@example.com',
  };
}

function jobsOf(row: InquiriesTable): NotificationJobsTable[] {
  if (row.spam === 1) return [];
  return (['email', 'webhook'] as const).map((channel) => {
    const failed = random() < 0.01;
    return {
      id: `${row.id}:${channel}`, inquiry_id: row.id, channel, event: 'inquiry.received', ref: '', payload: null, status: failed ? 'failed' : 'done', attempts: failed ? 9 : 1,
      created_at: row.received_at, next_attempt_at: row.received_at, locked_until: null,
      last_error: failed ? 'webhook delivery failed: HTTP 500' : null, delivered_at: failed ? null : row.received_at + 2_000,
    };
  });
}

/**
 * When the inquiries arrived: spread over two years, a little more recent than old (the studio grows), in
 * the order they arrived, as the service stores them (so the table's physical order follows received_at).
 */
function arrivals(): number[] {
  return Array.from({ length: INQUIRIES }, () => NOW - Math.floor(2 * YEAR * random() ** 1.2)).sort((a, b) => a - b);
}

/** Batched inserts, in one transaction per batch; returns how long the seeding took. */
async function fill(db: Db): Promise<number> {
  const started = performance.now();
  seed = 20261123;
  const times = arrivals();
  const BATCH = 500;
  for (let start = 0; start < INQUIRIES; start += BATCH) {
    const rows = times.slice(start, start + BATCH).map((receivedAt, i) => inquiryRowAt(start + i, receivedAt));
    await db.kysely.transaction().execute(async (tx) => {
      await tx.insertInto('inquiries').values(rows).execute();
      await tx.insertInto('notification_jobs').values(rows.flatMap(jobsOf)).execute();
    });
  }
  return performance.now() - started;
}

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
    if (WITHOUT_SEARCH_INDEX) await db.kysely.schema.dropIndex('inquiries_search').ifExists().execute();
    const seconds = (await fill(db)) / 1000;
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
