import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import pino from 'pino';
import { parse } from 'yaml';
import type { ConsultationsSection } from '../src/catalog/content-schemas.js';
import { freeSlots } from '../src/consultations/availability.js';
import { BusyFeeds } from '../src/consultations/busy-feeds.js';
import { createConsultations } from '../src/consultations/consultations.js';
import type { BookingStore, BusyCalendar } from '../src/consultations/ports.js';
import { RateLimiter } from '../src/rate-limit/limiter.js';
import { MemoryRateLimitStore } from '../src/rate-limit/memory-store.js';
import { readSchedule, type Schedule } from '../src/consultations/schedule.js';
import { openDatabase, type Db } from '../src/store/db/database.js';
import { migrateToLatest } from '../src/store/db/migrate.js';
import { KyselyBookingStore } from '../src/store/consultations/bookings.js';
import { createPgDatabase } from '../test/helpers/postgres.js';
import type { BenchRow } from './lib.js';

// `npm run bench slots`: the free slots of the sample studio's introductory call for 60 days, with 1,000
// bookings in the store and a 500-event busy calendar (50 of them weekly, with an exception each) read
// from a feed on loopback, on a SQLite file and on a PostgreSQL database made and dropped here. Each
// sample is what the slots use case does per request: the store's blocked times, the feed's busy times
// from memory, merged, and the walk. The baseline, measured in the same interleaved loop, is the walk
// alone with nothing busy. Issue 27's goal: p95 under 10 ms.

const RUNS = Number(process.env.BENCH_SLOTS_RUNS ?? 400);
const BOOKINGS = 1_000;
const FEED_EVENTS = 500;
const DAYS = 60;
const GOAL_MS = 10;
const ZONE = 'America/New_York';
const MINUTE = 60_000;

const schedule: Schedule = readSchedule((parse(readFileSync('content/site.yaml', 'utf8')) as { consultations: ConsultationsSection }).consultations);
const kind = schedule.kinds[0]!;

/** The same numbers every run (a linear congruential generator), so runs compare. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/**
 * 1,000 half-hour bookings over the 60 days, on the hour: a fifth of the studio's opening hours
 * (its whole day could not hold 1,000 with their buffers), the rest in the evenings, nights and weekends
 * (the store keeps any time: an operator's reschedule, a changed week). Free slots remain between them.
 */
function bookingStarts(now: number): number[] {
  const random = sequence(14);
  const first = DateTime.fromMillis(now, { zone: ZONE }).startOf('day');
  const open: number[] = [];
  const closed: number[] = [];
  for (let day = 1; day <= DAYS; day++) {
    for (let hour = 0; hour < 24; hour++) {
      const at = first.plus({ days: day }).set({ hour });
      (at.weekday <= 5 && hour >= 9 && hour < 17 ? open : closed).push(at.toMillis());
    }
  }
  const picked = open.filter(() => random() < 0.2);
  return [...picked, ...closed.filter(() => random() < (BOOKINGS - picked.length) / closed.length)].slice(0, BOOKINGS);
}

async function seedBookings(db: Db, now: number): Promise<{ store: KyselyBookingStore; count: number }> {
  const store = new KyselyBookingStore(db);
  const limits = { maxUpcomingPerAddress: BOOKINGS, maxHoldsPerCaller: BOOKINGS };
  const starts = bookingStarts(now);
  for (const [i, start] of starts.entries()) {
    const email = `person${i}@example.com`;
    await store.insert({
      id: `bench-${String(i).padStart(5, '0')}`, type: kind.slug, start, end: start + 30 * MINUTE, blockedUntil: start + 45 * MINUTE, status: 'booked',
      name: `Person ${i}`, email, contact: email, phone: null, message: null, inquiryId: null, holdExpiresAt: null,
      manageToken: `token-${i}`, caller: '127.0.0.1', channel: 'api',
    }, limits, now, () => []);
  }
  return { store, count: starts.length };
}

/** 450 one-off events of half an hour to an hour and a half, from 6:00 to 21:30, and 50 weekly ones (9 weeks, the fifth taken out), at the studio's wall clock. */
function feedText(now: number): string {
  const random = sequence(27);
  const local = (at: DateTime) => at.toFormat("yyyyMMdd'T'HHmmss");
  const events: string[] = [];
  for (let i = 0; i < FEED_EVENTS; i++) {
    const start = DateTime.fromMillis(now, { zone: ZONE }).plus({ days: Math.floor(random() * DAYS) })
      .set({ hour: 6 + Math.floor(random() * 16), minute: random() < 0.5 ? 0 : 30, second: 0, millisecond: 0 });
    const end = start.plus({ minutes: 30 * (1 + Math.floor(random() * 3)) });
    const weekly = i % 10 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=9', `EXDATE;TZID=${ZONE}:${local(start.plus({ weeks: 4 }))}`] : [];
    events.push('BEGIN:VEVENT', `UID:bench-${i}@studio.example`, 'DTSTAMP:20270101T000000Z',
      `DTSTART;TZID=${ZONE}:${local(start)}`, `DTEND;TZID=${ZONE}:${local(end)}`, ...weekly, 'END:VEVENT');
  }
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//studio-api//bench//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}

async function startFeed(now: number): Promise<{ feeds: BusyFeeds; close(): Promise<void> }> {
  const body = feedText(now);
  const server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/calendar' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret.ics`;
  const feeds = new BusyFeeds({ urls: [url], zone: ZONE, horizonDays: DAYS, refreshMinutes: 60, log: pino({ level: 'silent' }) });
  const started = performance.now();
  await feeds.start();
  console.log(`# slots: feed of ${FEED_EVENTS} events (${Math.round(body.length / 1024)} KiB) read and expanded in ${(performance.now() - started).toFixed(0)} ms: ${feeds.busy(0, Infinity).length} busy intervals`);
  return { feeds, close: async () => { await feeds.stop(); server.closeAllConnections(); server.close(); } };
}

/** A store with nothing booked: slots() reads only blocked(). */
const NOTHING_BOOKED = { blocked: () => Promise.resolve([]) } as unknown as BookingStore;

/** The consultations use case as the REST route calls it: its slots for a range of days. */
function useCase(store: BookingStore, busy: BusyCalendar | undefined, now: number) {
  const service = createConsultations({
    store, schedule: () => schedule, zone: ZONE, horizonDays: DAYS, busy,
    limiter: new RateLimiter(new MemoryRateLimitStore(), 1), allowedOrigins: [], storeReady: () => true, baseUrl: 'http://127.0.0.1',
    invite: { homeowner: false, studio: false }, log: pino({ level: 'silent' }), clock: () => now,
  });
  return (days: { from: string; to: string }) => service.slots(kind.slug, days);
}

interface Timing { p50: number; p95: number }
type Sample = () => Promise<unknown> | unknown;

/** The cases one sample after another in each run, so a drift of the machine's speed reaches them all. */
async function interleaved(cases: Sample[]): Promise<Timing[]> {
  const samples = cases.map((): number[] => []);
  for (let run = -10; run < RUNS; run++) {
    for (const [index, sample] of cases.entries()) {
      const started = performance.now();
      await sample();
      if (run >= 0) samples[index]!.push(performance.now() - started);
    }
  }
  return samples.map((times) => {
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length / 2)]!, p95: times[Math.ceil(times.length * 0.95) - 1]! };
  });
}

async function measure(label: string, url: string, feeds: BusyFeeds, now: number): Promise<Array<[string, Timing]>> {
  const db = openDatabase(url, pino({ level: 'silent' }));
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const { store, count } = await seedBookings(db, now);
    console.log(`# slots: ${label}, ${count} bookings stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const fromDay = DateTime.fromMillis(now, { zone: ZONE });
    const days = { from: fromDay.toISODate()!, to: fromDay.plus({ days: DAYS - 1 }).toISODate()! };
    const walk = { schedule, kind, zone: ZONE, fromDay: days.from, toDay: days.to, now, horizonDays: DAYS, busy: [] };
    const [from, to] = [fromDay.toMillis() - 86_400_000, fromDay.plus({ days: DAYS + 1 }).toMillis()];
    const slots = useCase(store, feeds, now);
    const empty = useCase(NOTHING_BOOKED, undefined, now);
    const [full, none] = [await slots(days), await empty(days)];
    console.log(`# slots: ${label}: ${full.slots.length} free slots of ${none.slots.length} with nothing busy`);
    const timings = await interleaved([() => freeSlots(walk), () => slots(days), () => store.blocked(from, to, now), () => feeds.busy(from, to), () => empty(days)]);
    const names = [
      'the walk alone, nothing busy (baseline)', "the use case's slots(): blocked() + the feed + merge + walk + RFC 3339 of each slot",
      "the store's blocked() alone", "the feed's busy() alone", `slots() with nothing busy: every slot (${none.slots.length}) formatted`,
    ];
    return names.map((name, index) => [name, timings[index]!]);
  } finally {
    await db.close();
  }
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

function print(label: string, rows: Array<[string, Timing]>): void {
  const baseline = rows[0]![1];
  console.log(`\n## slots for ${DAYS} days, ${label}: ms per request over ${RUNS} runs\n`);
  console.log('| case | p50 | p95 | p95 / baseline p95 | goal |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const [index, [name, timing]] of rows.entries()) {
    const goal = index === 1 ? `p95 < ${GOAL_MS} ms${timing.p95 >= GOAL_MS ? ' (missed)' : ''}` : '';
    console.log(`| ${name} | ${ms(timing.p50)} | ${ms(timing.p95)} | ${(timing.p95 / baseline.p95).toFixed(2)} | ${goal} |`);
  }
}

export async function run(): Promise<BenchRow[]> {
  const now = DateTime.now().setZone(ZONE).startOf('hour').toMillis();
  const feed = await startFeed(now);
  const dir = mkdtempSync(join(tmpdir(), 'studio-slots-bench-'));
  try {
    print('SQLite', await measure('SQLite', `sqlite:${join(dir, 'slots.db')}`, feed.feeds, now));
    const pg = await createPgDatabase('studio_slots_bench');
    if (typeof pg === 'string') console.log(`# slots: skipping PostgreSQL: ${pg}`);
    else {
      try {
        print('PostgreSQL', await measure('PostgreSQL', pg.url, feed.feeds, now));
      } finally {
        await pg.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await feed.close();
  }
  return [];
}
