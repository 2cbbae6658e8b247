import type { Reader } from './reader.js';

// The outbox worker's pace: how often it looks, how long a claim holds, how soon a failure is retried.

export interface OutboxConfig {
  /** How often the outbox worker looks for due notification jobs. */
  outboxPollIntervalMs: number;
  /** First retry delay of a failed notification; doubles per attempt (capped at 1 h), with jitter. */
  outboxRetryBaseMs: number;
  /** How long a claimed job belongs to one worker; longer than the slowest delivery (SMTP waits up to 30 s). */
  outboxLeaseMs: number;
}

export function readOutbox(r: Reader): OutboxConfig {
  return {
    outboxPollIntervalMs: r.integer('OUTBOX_POLL_INTERVAL_MS', 2_000, 10, 600_000),
    outboxRetryBaseMs: r.integer('OUTBOX_RETRY_BASE_MS', 30_000, 10, 3_600_000),
    outboxLeaseMs: r.integer('OUTBOX_LEASE_MS', 120_000, 1_000, 3_600_000),
  };
}
