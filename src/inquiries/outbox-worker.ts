import { INQUIRY_POLICY } from '../contract/inquiry.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import type { InboxStore } from './inbox-store.js';
import type { NotificationChannel, Notifier } from './notifier.js';
import { unobservedOutbox, type OutboxEvents } from './events.js';
import { DeliveryError } from './notifiers/delivery-error.js';
import type { ClaimedJob, JobOutcome, OutboxStore } from './outbox-store.js';

export interface OutboxWorkerOptions {
  outbox: OutboxStore;
  /** Where the worker reads the inquiry a job notifies of. */
  inbox: Pick<InboxStore, 'load'>;
  notifiers: Notifier[];
  log: Logger;
  pollIntervalMs: number;
  /** First retry delay; each further attempt doubles it, up to maxRetryDelayMs, with jitter. */
  retryBaseMs: number;
  maxRetryDelayMs?: number;
  /** How long a claimed job belongs to this worker before another may take it. */
  leaseMs?: number;
  /** Waits before the first poll (e.g. until migrations ran). */
  ready?: Promise<void>;
  clock?: Clock;
  random?: () => number;
  /** Told how each delivery attempt ended (metrics). */
  events?: OutboxEvents;
}

const HOUR_MS = 3_600_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const DEFAULT_LEASE_MS = 120_000;

/** Exponential backoff with jitter: base * 2^(attempt-1), capped, scaled by a random factor in [0.5, 1). */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(exponential * (0.5 + random() / 2));
}

/** A short failure description for the operator and the logs: never a driver message (personal data). */
function describe(error: unknown): string {
  // DeliveryError messages are written to be logged: channel and status or code only.
  if (error instanceof DeliveryError) return error.message;
  const e = error as { name?: string; code?: string; responseCode?: number; status?: number };
  return [e.name ?? 'Error', e.code, e.responseCode ?? e.status].filter((part) => part !== undefined).join(' ');
}

/**
 * Delivers the outbox: one lane per channel, each with its own queue and its own number of deliveries
 * in flight (the notifier's `concurrency`), so a slow or hung channel never holds up another. A lane
 * claims due jobs in batches, delivers them in parallel, and records their outcomes in batches: done,
 * due again after a backoff, or failed once the retry horizon (24 h) has passed since it was queued.
 */
export class OutboxWorker {
  private readonly lanes: ChannelLane[];

  constructor(private readonly options: OutboxWorkerOptions) {
    this.lanes = options.notifiers.map((notifier) => new ChannelLane(notifier, options));
  }

  start(): void {
    void (this.options.ready ?? Promise.resolve()).then(() => { for (const lane of this.lanes) lane.schedule(0); });
  }

  /** Polls now instead of at the next interval (a new job was just committed). */
  wake(): void {
    for (const lane of this.lanes) lane.wake();
  }

  /** Stops polling and waits for the deliveries in flight and their outcomes. */
  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
  }

  /** Delivers every due job of every channel, then resolves with how many it handled (tests drive it). */
  async drain(): Promise<number> {
    const handled = await Promise.all(this.lanes.map((lane) => lane.drain()));
    return handled.reduce((sum, n) => sum + n, 0);
  }
}

/** One channel's queue: its polling, its deliveries in flight, and the outcomes waiting to be written. */
class ChannelLane {
  private readonly channel: NotificationChannel;
  /** Deliveries at once. */
  private readonly concurrency: number;
  private readonly now: Clock;
  private readonly events: OutboxEvents;
  private readonly inFlight = new Set<Promise<void>>();
  private outcomes: JobOutcome[] = [];
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  private wakeRequested = false;

  constructor(private readonly notifier: Notifier, private readonly options: OutboxWorkerOptions) {
    this.channel = notifier.channel;
    this.concurrency = Math.max(1, notifier.concurrency ?? 1);
    this.now = options.clock ?? systemClock;
    this.events = options.events ?? unobservedOutbox;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) { this.wakeRequested = true; return; }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.writeAllOutcomes();
  }

  schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().catch((error: unknown) => {
        this.options.log.warn({ err: errorClass(error), channel: this.channel }, 'outbox poll failed; retrying at the next poll');
      }).finally(() => {
        this.running = undefined;
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollIntervalMs);
      });
    }, delayMs);
  }

  /**
   * Claims and delivers until nothing of this channel is due and every delivery has ended, keeping up to
   * `concurrency` in flight and as many more claimed and waiting: each claim then brings a batch worth
   * its wait for the database, while a claimed job waits for at most one delivery before its own (its
   * lease outlasts two of the slowest). Stopped, it claims no more and delivers what it holds. Resolves
   * with how many jobs it claimed, once their outcomes are written.
   */
  async drain(): Promise<number> {
    const { outbox, leaseMs = DEFAULT_LEASE_MS } = this.options;
    const waiting: ClaimedJob[] = [];
    let claimed = 0;
    try {
      for (;;) {
        const room = 2 * this.concurrency - this.inFlight.size - waiting.length;
        if (!this.stopped && (this.inFlight.size + waiting.length === 0 || room >= this.concurrency)) {
          const jobs = await outbox.claimDue([this.channel], this.now(), leaseMs, room);
          claimed += jobs.length;
          waiting.push(...jobs);
        }
        while (this.inFlight.size < this.concurrency && waiting.length > 0) this.begin(waiting.shift()!);
        if (this.inFlight.size === 0) break;
        await Promise.race(this.inFlight);
      }
    } finally {
      await Promise.all(this.inFlight);
      await this.writeAllOutcomes();
    }
    return claimed;
  }

  private begin(job: ClaimedJob): void {
    const delivery = this.attempt(job).then((outcome) => {
      this.inFlight.delete(delivery);
      this.outcomes.push(outcome);
      void this.writeOutcomes();
    });
    this.inFlight.add(delivery);
  }

  /** One delivery; never throws: a failure is an outcome. */
  private async attempt(job: ClaimedJob): Promise<JobOutcome> {
    try {
      const inquiry = await this.options.inbox.load(job.inquiryId);
      // Deleted by the operator meanwhile (privacy request): nothing left to tell.
      if (inquiry) await this.notifier.deliver(inquiry);
      return { job, outcome: 'delivered', at: this.now() };
    } catch (error) {
      const reason = describe(error);
      this.options.log.warn({ job: job.id, channel: job.channel, attempts: job.attempts, error: reason }, 'notification failed');
      return this.afterFailure(job, reason);
    }
  }

  private afterFailure(job: ClaimedJob, error: string): JobOutcome {
    const { log, retryBaseMs, maxRetryDelayMs = HOUR_MS, random } = this.options;
    const now = this.now();
    // Give up only once an attempt made after the horizon has failed too: at least 24 h of retries.
    if (now - job.queuedAt >= INQUIRY_POLICY.notificationRetryHorizonSeconds * 1000) {
      log.error({ job: job.id, channel: job.channel, attempts: job.attempts, error }, 'notification permanently failed; see `studio inbox list --status failed`');
      return { job, outcome: 'failed', error };
    }
    return { job, outcome: 'retry', at: now + retryDelayMs(job.attempts, retryBaseMs, maxRetryDelayMs, random), error };
  }

  /**
   * Writes the outcomes gathered so far in one statement, one write at a time: those that end while it
   * runs go in the next. Resolves once nothing is left to write. A store that fails leaves those jobs
   * leased; their lease runs out and they are delivered again (at-least-once).
   */
  private writeOutcomes(): Promise<void> {
    this.writing ??= (async () => {
      // A turn of the event loop first: the deliveries that ended meanwhile (SQLite blocks the loop while
      // it writes) add their outcomes to this write instead of each waiting for one of its own.
      while ((await nextTurn(), this.outcomes.length > 0)) {
        const batch = this.outcomes;
        this.outcomes = [];
        try {
          await this.options.outbox.settle(batch);
          for (const { outcome } of batch) this.events.delivery(this.channel, outcome);
        } catch (error) {
          this.options.log.warn({ err: errorClass(error), channel: this.channel, jobs: batch.length }, 'outbox outcomes not recorded; the jobs are delivered again once their lease ends');
        }
      }
    })().finally(() => {
      this.writing = undefined;
      // Outcomes that arrived as the last write ended: another write, not a wait for the next one.
      if (this.outcomes.length > 0) void this.writeOutcomes();
    });
    return this.writing;
  }

  /** Resolves once every outcome gathered so far is written (or its write failed). */
  private async writeAllOutcomes(): Promise<void> {
    while (this.writing || this.outcomes.length > 0) await this.writeOutcomes();
  }
}
