import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pino from 'pino';
import type { InboxStore } from '../src/inquiries/ports.js';
import { openDatabase } from '../src/store/db/database.js';
import { migrateToLatest } from '../src/store/db/migrate.js';
import { KyselyInboxStore } from '../src/store/inquiries/inbox.js';
import { createPgDatabase } from '../test/helpers/postgres.js';
import { COMMON_WORD, fillInbox, OPERATORS, RARE_WORDS } from './inbox-seed.js';
import type { BenchRow } from './lib.js';

// `npm run bench search`: the inbox's search (the list's first page of "All", spam left out) and its
// counts, at 100 and at 100,000 stored inquiries (with a note on a third of them and two messages on a
// fifth), on a SQLite file and on a PostgreSQL database made and dropped here. Server-side time of each
// store call, p50 and p95 over BENCH_SEARCH_RUNS runs after a warm-up; the ratio 100,000 / 100 of the
// p50 says whether a cost grows with the inbox. Issue 26's goals: search p95 < 20 ms at 100,000 on both
// stores; the unfiltered counts flat.

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '100,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 100);
const PAGE = 50;
const SEARCH_GOAL_MS = 20;
const ME = OPERATORS[0]!;

interface Case { name: string; search: boolean; call(inbox: InboxStore): Promise<unknown> }

const all = (search: string) => (inbox: InboxStore) => inbox.page({ search, exceptFolder: 'spam' }, PAGE);
const CASES: Case[] = [
  { name: `search a rare word of a message ("${RARE_WORDS.message}")`, search: true, call: all(RARE_WORDS.message) },
  { name: `search a rare word of a note ("${RARE_WORDS.note}")`, search: true, call: all(RARE_WORDS.note) },
  { name: `search a rare word of a conversation ("${RARE_WORDS.conversation}")`, search: true, call: all(RARE_WORDS.conversation) },
  { name: `search a common word ("${COMMON_WORD}", 4 in 10)`, search: true, call: all(COMMON_WORD) },
  { name: `search two words ("${COMMON_WORD} ${RARE_WORDS.note}")`, search: true, call: all(`${COMMON_WORD} ${RARE_WORDS.note}`) },
  { name: 'search a rare word in "archived", stage won', search: true,
    call: (inbox) => inbox.page({ search: RARE_WORDS.message, folder: 'archived', stage: 'won' }, PAGE) },
  { name: 'search a two-letter word ("gy": no trigram)', search: true, call: all('gy') },
  { name: 'counts of every view, unfiltered (summary)', search: false, call: (inbox) => inbox.counts({}, ME) },
  { name: 'the unread count of every page (summary)', search: false, call: (inbox) => inbox.unreadCount() },
  { name: 'counts under a rare-word search', search: false, call: (inbox) => inbox.counts({ search: RARE_WORDS.message }, ME) },
  { name: 'counts under a filter (location, grouped)', search: false, call: (inbox) => inbox.counts({ location: 'hamptons' }, ME) },
];

interface Timing { p50: number; p95: number }

async function time(call: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 5; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(RUNS / 2)]!, p95: samples[Math.min(RUNS - 1, Math.ceil(RUNS * 0.95) - 1)]! };
}

async function measure(store: string, url: string, size: number): Promise<Map<string, Timing>> {
  const db = openDatabase(url, pino({ level: 'silent' }));
  try {
    await migrateToLatest(db);
    const seconds = (await fillInbox(db, size)) / 1000;
    // As a running service finds it: autovacuum would vacuum and analyze the loaded tables within a minute.
    if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
    console.log(`# search: ${store}, ${size.toLocaleString('en')} inquiries seeded in ${seconds.toFixed(1)} s`);
    const inbox = new KyselyInboxStore(db);
    const timings = new Map<string, Timing>();
    for (const item of CASES) timings.set(item.name, await time(() => item.call(inbox)));
    return timings;
  } finally {
    await db.close();
  }
}

async function measureSqlite(size: number): Promise<Map<string, Timing>> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-search-bench-'));
  try {
    return await measure('SQLite', `sqlite:${join(dir, 'inbox.db')}`, size);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measurePostgres(size: number): Promise<Map<string, Timing> | undefined> {
  const pg = await createPgDatabase('studio_search_bench');
  if (typeof pg === 'string') {
    console.log(`# search: skipping PostgreSQL: ${pg}`);
    return undefined;
  }
  try {
    return await measure('PostgreSQL', pg.url, size);
  } finally {
    await pg.drop();
  }
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

function printStore(store: string, bySize: Array<[number, Map<string, Timing>]>): void {
  const [smallest, largest] = [bySize[0]!, bySize.at(-1)!];
  const sizes = bySize.map(([size]) => size.toLocaleString('en'));
  console.log(`\n## search and counts, ${store}: ms per store call over ${RUNS} runs\n`);
  console.log(`| case | ${sizes.map((size) => `${size}: p50 | p95`).join(' | ')} | p50 ${sizes.at(-1)} / ${sizes[0]} |`);
  console.log(`| --- | ${sizes.map(() => '---: | ---:').join(' | ')} | ---: |`);
  for (const item of CASES) {
    const cells = bySize.map(([, timings]) => `${ms(timings.get(item.name)!.p50)} | ${ms(timings.get(item.name)!.p95)}`);
    const ratio = largest[1].get(item.name)!.p50 / smallest[1].get(item.name)!.p50;
    const missed = item.search && item.name.startsWith('search a rare') && largest[1].get(item.name)!.p95 >= SEARCH_GOAL_MS ? ' (p95 misses 20 ms)' : '';
    console.log(`| ${item.name} | ${cells.join(' | ')} | ${ratio.toFixed(1)}${missed} |`);
  }
}

export async function run(): Promise<BenchRow[]> {
  const sqlite: Array<[number, Map<string, Timing>]> = [];
  const postgres: Array<[number, Map<string, Timing>]> = [];
  for (const size of SIZES) {
    sqlite.push([size, await measureSqlite(size)]);
    const timings = await measurePostgres(size);
    if (timings) postgres.push([size, timings]);
  }
  printStore('SQLite', sqlite);
  if (postgres.length > 0) printStore('PostgreSQL', postgres);
  return [];
}
