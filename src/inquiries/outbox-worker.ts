import { INQUIRY_POLICY } from '../contract/inquiry.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import type { InboxStore } from './inbox-store.js';
import type { JobLease } from './inbox-store.js';
import type { NotificationChannel, Notifier, StoredInquiry } from './notifier.js';
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
/**
 * Jobs a lane holds at most (in flight, waiting, promised to commits under way) before commits store
 * theirs due instead: a burst is handed over whole, and memory stays bounded while a channel stalls.
 */
export const LANE_HANDOFF_LIMIT = 512;

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

/** A job this lane holds, with its inquiry when it was handed over with it (else read before delivery). */
interface HeldJob {
  job: ClaimedJob;
  inquiry?: StoredInquiry;
}

/** Room a commit reserved on the lanes of some channels, for its jobs to be handed over once committed. */
export interface OutboxReservation {
  /** What the commit writes on the jobs of the reserved channels: claimed by this worker. */
  lease: JobLease;
  /**
   * After the commit: hands the jobs it stored under the lease to their lanes, with their inquiry, and
   * frees the room of those it did not store (a duplicate, no acknowledgement due, a failed commit).
   */
  fulfil(jobs: readonly ClaimedJob[], inquiry: StoredInquiry): void;
}

/**
 * Delivers the outbox: one lane per channel, each with its own queue and its own number of deliveries
 * in flight (the notifier's `concurrency`), so a slow or hung channel never holds up another. A lane
 * gets its jobs two ways: handed over in memory by the commit that stored them already leased to it
 * (`reserve`, while it has room and nothing older is due), or claimed from the store in batches (a
 * backlog, retries, jobs of other processes whose lease ran out). Outcomes are written in batches: done,
 * due again after a backoff, or failed once the retry horizon (24 h) has passed since it was queued.
 */
export class OutboxWorker {
  private readonly lanes: ChannelLane[];
  private started = false;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.lanes = options.notifiers.map((notifier) => new ChannelLane(notifier, options));
  }

  start(): void {
    void (this.options.ready ?? Promise.resolve()).then(() => {
      this.started = true;
      for (const lane of this.lanes) lane.schedule(0);
    });
  }

  /**
   * Reserves a place for one job on each of these channels' lanes that can take one now; undefined when
   * none can (the jobs are then stored due, and claimed from the store). The caller must `fulfil` it.
   */
  reserve(channels: readonly NotificationChannel[]): OutboxReservation | undefined {
    if (!this.started) return undefined;
    const lanes = this.lanes.filter((lane) => channels.includes(lane.channel) && lane.reserve());
    if (lanes.length === 0) return undefined;
    const { clock = systemClock, leaseMs = DEFAULT_LEASE_MS } = this.options;
    return {
      lease: { channels: lanes.map((lane) => lane.channel), until: clock() + leaseMs },
      fulfil: (jobs, inquiry) => {
        for (const lane of lanes) lane.fulfil(jobs.filter((job) => job.channel === lane.channel), inquiry);
      },
    };
  }

  /** Polls now instead of at the next interval: jobs of these channels (all by default) were just stored due. */
  wake(channels?: readonly NotificationChannel[]): void {
    for (const lane of this.lanes) if (!channels || channels.includes(lane.channel)) lane.wake();
  }

  /** Stops polling and taking jobs, and waits for the deliveries of the jobs it holds and their outcomes. */
  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
  }

  /** Delivers every due job of every channel, then resolves with how many it claimed (tests drive it). */
  async drain(): Promise<number> {
    const handled = await Promise.all(this.lanes.map((lane) => lane.drain()));
    return handled.reduce((sum, n) => sum + n, 0);
  }
}

/** One channel's queue: its polling, the jobs it holds, its deliveries in flight, and the outcomes waiting to be written. */
class ChannelLane {
  readonly channel: NotificationChannel;
  /** Deliveries at once. */
  private readonly concurrency: number;
  private readonly now: Clock;
  private readonly events: OutboxEvents;
  private readonly inFlight = new Set<Promise<void>>();
  /** Held, not yet begun, in the order they came. */
  private readonly waiting: HeldJob[] = [];
  /** Places promised to commits under way. */
  private reserved = 0;
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

  /** Jobs in flight, waiting, and promised to commits under way. */
  private held(): number {
    return this.inFlight.size + this.waiting.length + this.reserved;
  }

  reserve(): boolean {
    if (this.stopped || this.held() >= LANE_HANDOFF_LIMIT) return false;
    this.reserved += 1;
    return true;
  }

  fulfil(jobs: readonly ClaimedJob[], inquiry: StoredInquiry): void {
    this.reserved -= 1;
    // Stopped meanwhile: the jobs stay leased in the store, and are claimed again once the lease ends.
    if (this.stopped) return;
    this.waiting.push(...jobs.map((job) => ({ job, inquiry })));
    this.beginWaiting();
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
    // What it still holds is delivered; nothing more is taken.
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
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
   * Claims and delivers until nothing of this channel is due and every delivery has ended. It claims
   * whenever it holds no more than it can have in flight, as many as that again: each claim then brings a
   * batch worth its wait for the database, and jobs stored due get their turn among those handed over.
   * Stopped, it claims no more. Resolves with how many jobs it claimed, once their outcomes are written.
   */
  async drain(): Promise<number> {
    const { outbox, leaseMs = DEFAULT_LEASE_MS } = this.options;
    let claimed = 0;
    try {
      for (;;) {
        const room = 2 * this.concurrency - this.held();
        if (!this.stopped && (this.held() === 0 || room >= this.concurrency)) {
          const jobs = await outbox.claimDue([this.channel], this.now(), leaseMs, room);
          claimed += jobs.length;
          this.waiting.push(...jobs.map((job) => ({ job })));
          this.beginWaiting();
        }
        if (this.inFlight.size === 0) break;
        await Promise.race(this.inFlight);
      }
    } finally {
      await Promise.all(this.inFlight);
      await this.writeAllOutcomes();
    }
    return claimed;
  }

  /**
   * Starts waiting jobs while fewer than `concurrency` are in flight. A job whose lease is more than half
   * gone is left alone: the slowest delivery (its timeouts) fits in half a lease, and one begun later could
   * still run when the lease ends and another worker claims the job. Its lease runs out, and it is claimed
   * again, by whichever worker.
   */
  private beginWaiting(): void {
    const halfLease = (this.options.leaseMs ?? DEFAULT_LEASE_MS) / 2;
    while (this.inFlight.size < this.concurrency && this.waiting.length > 0) {
      const held = this.waiting.shift()!;
      if (this.now() <= held.job.leasedUntil - halfLease) this.begin(held);
    }
  }

  private begin(held: HeldJob): void {
    const delivery = this.attempt(held).then((outcome) => {
      this.inFlight.delete(delivery);
      this.outcomes.push(outcome);
      void this.writeOutcomes();
      this.beginWaiting();
    });
    this.inFlight.add(delivery);
  }

  /** One delivery; never throws: a failure is an outcome. */
  private async attempt({ job, inquiry: held }: HeldJob): Promise<JobOutcome> {
    try {
      const inquiry = held ?? await this.options.inbox.load(job.inquiryId);
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
