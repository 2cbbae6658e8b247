import type ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { systemClock, type Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import { mergeIntervals, type Interval } from './availability.js';
import { busyIntervals, IcsError, parseCalendar } from './ics-busy.js';
import type { BusyCalendar } from './ports.js';

// The studio's own calendars (CALENDAR_BUSY_URLS) as one BusyCalendar: each feed is fetched every
// CALENDAR_REFRESH_MINUTES, expanded over the booking window (src/consultations/ics-busy.ts) and merged
// with the others into one sorted list, which every slots request searches in memory. A feed that fails
// (the network, an HTTP status, a body that is not iCalendar) keeps its last good copy, expanded again over
// the moving window, and says so in its report (/readyz, not required). Its address is a secret (whoever
// has it reads the studio's calendar): logs and reports name its host only.

export const FETCH_TIMEOUT_MS = 15_000;
/** Larger than years of a busy studio's events; a feed beyond it is refused, not read into memory. */
export const MAX_FEED_BYTES = 8 * 1024 * 1024;
const DAY_MS = 86_400_000;

export type FeedStatus = 'up' | 'down' | 'unknown';

/** What was last learnt of one feed, as /readyz shows it (no address: its host is in the name). */
export interface FeedReport {
  status: FeedStatus;
  /** Why the last read failed: "HTTP 500", "timed out", "unreachable", "too large", "not iCalendar". */
  error?: string;
  checkedAt?: number;
  via?: 'fetch';
}

export interface BusyFeedsOptions {
  urls: readonly string[];
  /** The studio's zone: all-day events and floating times are its days and its clock. */
  zone: string;
  horizonDays: number;
  refreshMinutes: number;
  log: Logger;
  clock?: Clock;
  timeoutMs?: number;
  maxBytes?: number;
}

class FeedError extends Error {}

/** The body of a successful answer, read up to `maxBytes`; a FeedError says what went wrong. */
async function download(url: string, timeoutMs: number, maxBytes: number, stop: AbortSignal): Promise<string> {
  let response: Response;
  const signal = AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)]);
  try {
    // Node's fetch keeps no cookies; redirects are followed (calendars move their feeds), at most 20.
    response = await fetch(url, { signal, headers: { Accept: 'text/calendar, */*;q=0.5' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedError(`HTTP ${response.status}`);
    }
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body?.cancel();
      throw new FeedError('too large');
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += (chunk as Uint8Array).byteLength;
      if (size > maxBytes) throw new FeedError('too large');
      chunks.push(chunk as Uint8Array);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError(signal.aborted && !stop.aborted ? 'timed out' : 'unreachable', { cause: error });
  }
}

/** One feed: its last good copy and what its last read said. */
class BusyFeed {
  readonly host: string;
  /** The last good copy, and its busy times over the last window. */
  calendar: ICAL.Component | undefined;
  intervals: Interval[] = [];
  private last: { ok: boolean; at: number; error?: string } | undefined;

  constructor(readonly url: string, readonly name: string) {
    this.host = new URL(url).host;
  }

  succeeded(calendar: ICAL.Component, intervals: Interval[], at: number): void {
    this.calendar = calendar;
    this.intervals = intervals;
    this.last = { ok: true, at };
  }

  failed(error: string, at: number): void {
    this.last = { ok: false, at, error };
  }

  report(): FeedReport {
    if (!this.last) return { status: 'unknown' };
    const { ok, at, error } = this.last;
    return { status: ok ? 'up' : 'down', checkedAt: at, via: 'fetch', ...(error ? { error: this.calendar ? `${error}; last good copy kept` : error } : {}) };
  }
}

/** Readiness names: the host, numbered when two feeds share it (two Google calendars). */
function feedNames(urls: readonly string[]): string[] {
  const hosts = urls.map((url) => new URL(url).host);
  return hosts.map((host, index) => {
    const nth = hosts.slice(0, index).filter((h) => h === host).length;
    return `calendar:${host}${nth > 0 ? `#${nth + 1}` : ''}`;
  });
}

/** The first index whose interval ends after `at` (ends are sorted too: the intervals are merged). */
function firstEndingAfter(intervals: readonly Interval[], at: number): number {
  let low = 0;
  let high = intervals.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (intervals[middle]!.end <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class BusyFeeds implements BusyCalendar {
  /** Each feed with its readiness name and report(), for /readyz. */
  readonly feeds: readonly BusyFeed[];
  private intervals: Interval[] = [];
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  private readonly clock: Clock;

  constructor(private readonly options: BusyFeedsOptions) {
    const names = feedNames(options.urls);
    this.feeds = options.urls.map((url, index) => new BusyFeed(url, names[index]!));
    this.clock = options.clock ?? systemClock;
  }

  /** Merged busy intervals meeting [from, to): two binary searches and one slice. */
  busy(from: number, to: number): readonly Interval[] {
    const first = firstEndingAfter(this.intervals, from);
    let end = first;
    while (end < this.intervals.length && this.intervals[end]!.start < to) end += 1;
    return this.intervals.slice(first, end);
  }

  /** Reads every feed now, then every CALENDAR_REFRESH_MINUTES; resolves after the first reads. */
  start(): Promise<void> {
    if (this.feeds.length === 0) return Promise.resolve();
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMinutes * 60_000).unref();
    return this.refresh();
  }

  /** One refresh at a time: a tick during a slow read waits for it. */
  refresh(): Promise<void> {
    this.refreshing ??= this.readAll().finally(() => { this.refreshing = undefined; });
    return this.refreshing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.refreshing;
  }

  /** The window the slots may ask about until the next refresh, a day either side. */
  private window(): Interval {
    const now = this.clock();
    const { zone, horizonDays, refreshMinutes } = this.options;
    return { start: now - DAY_MS, end: DateTime.fromMillis(now, { zone }).plus({ days: horizonDays + 1 }).toMillis() + refreshMinutes * 60_000 };
  }

  private async readAll(): Promise<void> {
    const window = this.window();
    await Promise.all(this.feeds.map((feed) => this.read(feed, window)));
    if (this.stopping.signal.aborted) return;
    this.intervals = mergeIntervals(this.feeds.flatMap((feed) => feed.intervals));
  }

  /** A new copy replaces the last good one only once it is read and expanded whole; else the old one moves with the window. */
  private async read(feed: BusyFeed, window: Interval): Promise<void> {
    const { timeoutMs = FETCH_TIMEOUT_MS, maxBytes = MAX_FEED_BYTES, zone } = this.options;
    try {
      const calendar = parseCalendar(await download(feed.url, timeoutMs, maxBytes, this.stopping.signal));
      feed.succeeded(calendar, busyIntervals(calendar, window, zone), this.clock());
    } catch (error) {
      if (this.stopping.signal.aborted) return;
      if (feed.calendar) feed.intervals = busyIntervals(feed.calendar, window, zone);
      // ical.js throws plain errors for a rule or a time it cannot read.
      const reason = error instanceof FeedError || error instanceof IcsError ? error.message : 'not iCalendar';
      feed.failed(reason, this.clock());
      this.options.log.warn({ feed: feed.name, host: feed.host, reason, err: errorClass((error as Error).cause ?? error) },
        'a busy calendar could not be read; its last good copy is kept');
    }
  }
}
