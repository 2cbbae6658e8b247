import { INQUIRY_POLICY } from '../contract/inquiry.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import type { Logger } from '../lib/logger.js';
import type { InboxStore } from './inbox-store.js';
import type { NotificationChannel, Notifier } from './notifier.js';
import { unobservedOutbox, type OutboxEvents } from './events.js';
import { DeliveryError } from './notifiers/delivery-error.js';
import type { ClaimedJob, OutboxStore } from './outbox-store.js';

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
  batchSize?: number;
  /** Waits before the first poll (e.g. until migrations ran). */
  ready?: Promise<void>;
  clock?: Clock;
  random?: () => number;
  /** Told how each delivery attempt ended (metrics). */
  events?: OutboxEvents;
}

const HOUR_MS = 3_600_000;

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
 * Delivers the outbox: polls for due jobs, claims them, calls the channel's notifier, then marks each
 * done, or due again after a backoff, or failed once the retry horizon (24 h) has passed since it was queued.
 */
export class OutboxWorker {
  private readonly notifiers: Map<NotificationChannel, Notifier>;
  private readonly now: Clock;
  private readonly events: OutboxEvents;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wakeRequested = false;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.notifiers = new Map(options.notifiers.map((n) => [n.channel, n]));
    this.now = options.clock ?? systemClock;
    this.events = options.events ?? unobservedOutbox;
  }

  start(): void {
    void (this.options.ready ?? Promise.resolve()).then(() => this.schedule(0));
  }

  /** Polls now instead of at the next interval (a new job was just committed). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) { this.wakeRequested = true; return; }
    this.schedule(0);
  }

  /** Stops polling and waits for the deliveries in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pollUntilIdle().finally(() => {
        this.running = undefined;
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollIntervalMs);
      });
    }, delayMs);
  }

  /** Runs batches while there are due jobs. Never throws: the next poll tries again. */
  async pollUntilIdle(): Promise<void> {
    try {
      while (!this.stopped && (await this.runBatch()) > 0) { /* keep draining */ }
    } catch (error) {
      this.options.log.warn({ err: errorClass(error) }, 'outbox poll failed; retrying at the next poll');
    }
  }

  /** Claims and delivers one batch; returns how many jobs it handled. */
  async runBatch(): Promise<number> {
    const { outbox, leaseMs = 120_000, batchSize = 10 } = this.options;
    const jobs = await outbox.claimDue([...this.notifiers.keys()], this.now(), leaseMs, batchSize);
    await Promise.all(jobs.map((job) => this.deliver(job)));
    return jobs.length;
  }

  private async deliver(job: ClaimedJob): Promise<void> {
    const { inbox, outbox, log } = this.options;
    try {
      const inquiry = await inbox.load(job.inquiryId);
      // Deleted by the operator meanwhile (privacy request): nothing left to tell.
      if (inquiry) await this.notifiers.get(job.channel)!.deliver(inquiry);
      await outbox.markDelivered(job, this.now());
      this.events.delivery(job.channel, 'delivered');
    } catch (error) {
      await this.reschedule(job, describe(error));
      log.warn({ job: job.id, channel: job.channel, attempts: job.attempts, error: describe(error) }, 'notification failed');
    }
  }

  private async reschedule(job: ClaimedJob, error: string): Promise<void> {
    const { outbox, log, retryBaseMs, maxRetryDelayMs = HOUR_MS, random } = this.options;
    const now = this.now();
    // Give up only once an attempt made after the horizon has failed too: at least 24 h of retries.
    if (now - job.queuedAt >= INQUIRY_POLICY.notificationRetryHorizonSeconds * 1000) {
      await outbox.markFailed(job, error);
      this.events.delivery(job.channel, 'failed');
      log.error({ job: job.id, channel: job.channel, attempts: job.attempts, error }, 'notification permanently failed; see `studio inbox list --status failed`');
      return;
    }
    await outbox.markRetry(job, now + retryDelayMs(job.attempts, retryBaseMs, maxRetryDelayMs, random), error);
    this.events.delivery(job.channel, 'retry');
  }
}
