import type { NotificationChannel } from './notifier.js';

// The outbox store port: the notification jobs committed with each inquiry, handed out to workers under
// a lease. The adapters for SQLite and PostgreSQL live in src/store/outbox-store.ts.

export type { NotificationStatus } from '../contract/inquiry.js';

/** A due job, claimed by one worker until `leasedUntil`. */
export interface ClaimedJob {
  /** Stable per inquiry and channel. */
  id: string;
  inquiryId: string;
  channel: NotificationChannel;
  /** Attempts so far, the one this claim is for included. */
  attempts: number;
  /** When the job was queued (or re-queued): the retry horizon counts from here. */
  queuedAt: number;
  /** The lease this claim holds: it identifies the claim, so a later claim by another worker is told apart. */
  leasedUntil: number;
}

/** How one claimed job's attempt ended: delivered (at `at`), due again at `at` after a failure, or failed for good. */
export type JobOutcome =
  | { job: ClaimedJob; outcome: 'delivered'; at: number }
  | { job: ClaimedJob; outcome: 'retry'; at: number; error: string }
  | { job: ClaimedJob; outcome: 'failed'; error: string };

/** The pending jobs of one channel, for the metrics. */
export interface PendingJobs {
  channel: NotificationChannel;
  count: number;
  /** The earliest next attempt among them: when in the past, how long the longest-waiting due job has waited. */
  earliestAttemptAt: number;
}

export interface OutboxStore {
  /**
   * Claims up to `limit` due jobs of the given channels for `leaseMs`, in one statement: only one worker
   * holds a job at a time, and concurrent workers pass over each other's jobs instead of waiting. An
   * expired lease (a worker that died mid-delivery) makes the job due again: delivery is at-least-once.
   */
  claimDue(channels: readonly NotificationChannel[], now: number, leaseMs: number, limit: number): Promise<ClaimedJob[]>;
  /**
   * Records the outcomes of many attempts in one statement. Each applies only while its claim still
   * holds (nobody claimed the job since): a delivery that outlived its lease must not overwrite what
   * the next worker did.
   */
  settle(outcomes: readonly JobOutcome[]): Promise<void>;
  /** Puts permanently failed jobs (optionally of one inquiry) back in the queue, due now. Returns how many. */
  requeueFailed(now: number, inquiryId?: string): Promise<number>;
  /** The queue at a glance, per channel with pending jobs: one aggregate query over the pending rows. */
  pendingByChannel(): Promise<PendingJobs[]>;
}
