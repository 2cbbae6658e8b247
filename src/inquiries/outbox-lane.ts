import { systemClock, type Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import { unobservedOutbox, type OutboxEvents } from './events.js';
import type { ClaimedJob, InboxStore, JobOutcome, NotificationChannel, Notifier, OutboxStore, StoredInquiry } from './ports.js';
import { DeliveryError } from './notifiers/delivery-error.js';
import { afterFailedAttempt, laneAfterFailure, pausedRetryDelayMs, type RetryPolicy } from './retry-policy.js';

// One channel's lane of the outbox worker (src/inquiries/outbox-worker.ts): its queue, its deliveries in
// flight, its outcomes written in batches, and its pause while the channel fails every delivery. When to
// retry and when to pause is decided by ./retry-policy.ts.

export interface LaneOptions extends RetryPolicy {
  outbox: OutboxStore;
  /** Where the worker reads the inquiry a claimed job notifies of. */
  inbox: Pick<InboxStore, 'load'>;
  log: Logger;
  pollIntervalMs: number;
  /** How long a claimed job belongs to this worker before another may take it. */
  leaseMs?: number;
  clock?: Clock;
  /** Told how each delivery attempt ended (metrics). */
  events?: OutboxEvents;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
export const DEFAULT_LEASE_MS = 120_000;
/**
 * Jobs a lane holds at most (in flight, waiting, promised to commits under way) before commits store
 * theirs due instead: a burst is handed over whole, and memory stays bounded while a channel stalls.
 */
export const LANE_HANDOFF_LIMIT = 512;

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

/** One channel's queue: its polling, the jobs it holds, its deliveries in flight, and the outcomes waiting to be written. */
export class ChannelLane {
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
  /** Polling since `start`: a lane never started (a test drives `drain`) is never woken nor handed jobs. */
  private polling = false;
  private stopped = false;
  private wakeRequested = false;
  /** Failed deliveries since the last one that went through. */
  private failuresInARow = 0;
  /**
   * While the channel fails every delivery: when the lane may try one job again. It takes no handed-over
   * job and claims nothing else meanwhile, so a dead channel costs no connection attempt per job.
   */
  private pausedUntil: number | undefined;
  private triesWhilePaused = 0;

  constructor(private readonly notifier: Notifier, private readonly options: LaneOptions) {
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
    if (!this.polling || this.stopped || this.pausedUntil !== undefined || this.held() >= LANE_HANDOFF_LIMIT) return false;
    this.reserved += 1;
    return true;
  }

  fulfil(jobs: readonly ClaimedJob[], inquiry: StoredInquiry): void {
    this.reserved -= 1;
    // Stopped or paused meanwhile: the jobs stay leased in the store, and are claimed again once the lease ends.
    if (this.stopped || this.pausedUntil !== undefined) return;
    for (const job of jobs) {
      // One that must wait reads its inquiry when it begins, as a claimed job does: an erasure meanwhile
      // then stops it. One that begins now goes with the inquiry just committed.
      const beginsNow = this.waiting.length === 0 && this.inFlight.size < this.concurrency;
      this.waiting.push(beginsNow ? { job, inquiry } : { job });
      this.beginWaiting();
    }
  }

  start(): void {
    this.polling = true;
    this.schedule(0);
  }

  wake(): void {
    if (!this.polling || this.stopped || (this.pausedUntil !== undefined && this.now() < this.pausedUntil)) return;
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

  private schedule(delayMs: number): void {
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
        const room = this.claimRoom();
        if (!this.stopped && room > 0 && (this.held() === 0 || room >= this.concurrency)) {
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
   * How many jobs a claim may bring: as many again as can be in flight, less what the lane holds; paused,
   * one once its time has come and nothing is in flight.
   */
  private claimRoom(): number {
    if (this.pausedUntil === undefined) return 2 * this.concurrency - this.held();
    return this.now() >= this.pausedUntil && this.held() === 0 ? 1 : 0;
  }

  /**
   * Starts waiting jobs while fewer than `concurrency` are in flight (paused: the one try). A job whose
   * lease is more than half gone is left alone: the slowest delivery (its timeouts) fits in half a lease,
   * and one begun later could still run when the lease ends and another worker claims the job. Its lease
   * runs out, and it is claimed again, by whichever worker.
   */
  private beginWaiting(): void {
    const halfLease = (this.options.leaseMs ?? DEFAULT_LEASE_MS) / 2;
    const limit = this.pausedUntil === undefined ? this.concurrency : 1;
    while (this.inFlight.size < limit && this.waiting.length > 0) {
      const held = this.waiting.shift()!;
      if (this.now() <= held.job.leasedUntil - halfLease) this.begin(held);
    }
  }

  private begin(held: HeldJob): void {
    const isTry = this.pausedUntil !== undefined;
    const delivery = this.attempt(held).then((outcome) => {
      this.inFlight.delete(delivery);
      this.outcomes.push(outcome);
      void this.writeOutcomes();
      this.follow(outcome, isTry);
      this.beginWaiting();
    });
    this.inFlight.add(delivery);
  }

  /**
   * Pauses the lane after PAUSE_AFTER_FAILURES failed deliveries in a row, and resumes it when a try goes
   * through; a delivery that goes through after failures claims the due jobs at once. What it was holding is dropped (still leased, claimed again once the lease runs out); a
   * failed try puts the next one further off, up to PAUSED_RETRY_MAX_MS.
   */
  private follow({ outcome, job }: JobOutcome, isTry: boolean): void {
    const { log } = this.options;
    if (outcome === 'delivered') {
      // Through after failures: the channel is back, and the jobs that failed meanwhile may be due now.
      const recovered = this.failuresInARow > 0;
      this.failuresInARow = 0;
      if (this.pausedUntil !== undefined) {
        this.pausedUntil = undefined;
        this.triesWhilePaused = 0;
        log.info({ channel: this.channel }, 'notification channel delivers again; its lane resumes');
      }
      if (recovered) this.wake();
      return;
    }
    this.failuresInARow += 1;
    const next = laneAfterFailure({ failuresInARow: this.failuresInARow, paused: this.pausedUntil !== undefined, wasTry: isTry });
    if (next === 'go-on') return;
    this.pausedUntil = this.now() + pausedRetryDelayMs(++this.triesWhilePaused, this.options);
    if (next === 'pause') {
      this.waiting.length = 0;
      log.warn({ channel: this.channel, failures: this.failuresInARow, job: job.id }, 'notification channel failed every delivery lately; its lane pauses and tries one job now and then until one goes through');
    }
  }

  /** One delivery; never throws: a failure is an outcome. */
  private async attempt({ job, inquiry: held }: HeldJob): Promise<JobOutcome> {
    try {
      const inquiry = held ?? await this.options.inbox.load(job.inquiryId);
      // Deleted by the operator meanwhile (privacy request): nothing left to tell.
      if (inquiry) await this.notifier.deliver(inquiry, job.notice);
      return { job, outcome: 'delivered', at: this.now() };
    } catch (error) {
      const reason = describe(error);
      this.options.log.warn({ job: job.id, channel: job.channel, attempts: job.attempts, error: reason }, 'notification failed');
      return this.afterFailure(job, reason);
    }
  }

  private afterFailure(job: ClaimedJob, error: string): JobOutcome {
    const next = afterFailedAttempt(job, this.now(), this.options);
    if (next.outcome === 'failed') {
      this.options.log.error({ job: job.id, channel: job.channel, attempts: job.attempts, error }, 'notification permanently failed; see `studio inbox list --status failed`');
      return { job, outcome: 'failed', error };
    }
    return { job, outcome: 'retry', at: next.at, error };
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
