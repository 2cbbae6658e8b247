import { systemClock, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { afterFailedAttempt, type RetryPolicy } from '../inquiries/retry-policy.js';
import type { ClaimedInvitation, InvitationJobStore, InvitationOutcome } from './invitation-ports.js';
import type { InvitationJob } from './ports.js';
import type { ChannelReport } from '../inquiries/notifiers/monitored.js';

// The invitations' outbox worker: claims due booking_jobs with a lease, mails each, and writes its outcome:
// done, due again after the outbox's backoff, or failed once the same retry horizon as the notifications'
// has passed (src/inquiries/retry-policy.ts). A job is written only after its mail went out or failed, so
// a crash leaves it leased, and it is claimed again when the lease runs out: at least once, never lost.

export interface InvitationSender {
  send(job: InvitationJob): Promise<void>;
}

export interface InvitationWorkerOptions extends RetryPolicy {
  jobs: InvitationJobStore;
  mailer: InvitationSender;
  log: Logger;
  pollIntervalMs: number;
  leaseMs?: number;
  /** Jobs claimed at once. */
  batch?: number;
  clock?: Clock;
  /** Waits before the first poll (e.g. until migrations ran). */
  ready?: Promise<void>;
}

const DEFAULT_LEASE_MS = 120_000;
const DEFAULT_BATCH = 16;

/** What may be stored and logged of a failure: the mailer's own reason, anything else by its name. */
const describe = (error: unknown) => (error instanceof Error && error.name === 'InvitationDeliveryError' ? error.message : error instanceof Error ? error.name : 'error');

export class InvitationWorker {
  private readonly now: Clock;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  /** The last attempt's outcome, for /readyz: a failing mail server shows there before anyone misses an invitation. */
  private last: { ok: boolean; at: number; error?: string } | undefined;

  constructor(private readonly options: InvitationWorkerOptions) {
    this.now = options.clock ?? systemClock;
  }

  start(): void {
    void (this.options.ready ?? Promise.resolve()).then(() => this.schedule(0));
  }

  /** Polls now: a change was just committed with its invitations. */
  wake(): void {
    if (!this.stopped && this.timer) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** How the last invitation fared, as the notification channels report theirs (never a reason to be unready). */
  report(): ChannelReport {
    if (!this.last) return { status: 'unknown' };
    return { status: this.last.ok ? 'up' : 'down', checkedAt: this.last.at, via: 'delivery', ...(this.last.error ? { error: this.last.error } : {}) };
  }

  /** Sends every due job, then resolves with how many it claimed (tests drive it). */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const jobs = await this.options.jobs.claimDue(this.now(), this.options.leaseMs ?? DEFAULT_LEASE_MS, this.options.batch ?? DEFAULT_BATCH);
      if (jobs.length === 0) return handled;
      handled += jobs.length;
      for (const job of jobs) await this.options.jobs.settle(await this.attempt(job));
      if (this.stopped) return handled;
    }
  }

  private async attempt(job: ClaimedInvitation): Promise<InvitationOutcome> {
    try {
      await this.options.mailer.send(job);
      this.last = { ok: true, at: this.now() };
      return { job, outcome: 'delivered', at: this.now() };
    } catch (error) {
      const error_ = describe(error);
      const next = afterFailedAttempt(job, this.now(), this.options);
      this.last = { ok: false, at: this.now(), error: error_ };
      this.options.log.warn({ job: job.id, recipient: job.recipient, method: job.method, attempts: job.attempts, error: error_, outcome: next.outcome },
        'invitation not sent');
      return next.outcome === 'retry' ? { job, outcome: 'retry', at: next.at, error: error_ } : { job, outcome: 'failed', error: error_ };
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.drain().catch((error: unknown) => {
      this.options.log.error({ error: describe(error) }, 'invitations outbox poll failed');
      return 0;
    });
    await this.running;
    this.running = undefined;
    this.schedule(this.options.pollIntervalMs);
  }
}
