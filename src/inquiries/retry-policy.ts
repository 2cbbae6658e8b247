import { INQUIRY_POLICY } from '../contract/inquiry.js';

// When a failed notification is tried again, when it is given up, and when a channel's lane pauses:
// decisions of numbers and the time only, so they are read and tested apart from the queueing
// (src/inquiries/outbox-lane.ts), which holds the state and acts on them.

/** The retry delay never grows past this unless the lane is given another cap. */
export const DEFAULT_MAX_RETRY_DELAY_MS = 3_600_000;
/** Failed deliveries in a row after which a lane pauses: it tries one job now and then until one goes through. */
export const PAUSE_AFTER_FAILURES = 5;
/** The longest wait between two tries of a paused lane, whatever the retry backoff. */
export const PAUSED_RETRY_MAX_MS = 60_000;

export interface RetryPolicy {
  /** First retry delay; each further attempt doubles it, up to maxRetryDelayMs, with jitter. */
  retryBaseMs: number;
  maxRetryDelayMs?: number;
  /** The jitter's source, in [0, 1); Math.random when not given. */
  random?: () => number;
}

/** Exponential backoff with jitter: base * 2^(attempt-1), capped, scaled by a random factor in [0.5, 1). */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(exponential * (0.5 + random() / 2));
}

/** What becomes of a job whose attempt failed at `now`: due again after the backoff, or failed for good. */
export type AfterFailure = { outcome: 'retry'; at: number } | { outcome: 'failed' };

/**
 * Gives up only once an attempt made after the retry horizon (counted from when the job was queued) has
 * failed too: at least 24 h of retries. Before that, the job is due again after `attempts`' backoff.
 */
export function afterFailedAttempt(job: { attempts: number; queuedAt: number }, now: number, policy: RetryPolicy): AfterFailure {
  if (now - job.queuedAt >= INQUIRY_POLICY.notificationRetryHorizonSeconds * 1000) return { outcome: 'failed' };
  const { retryBaseMs, maxRetryDelayMs = DEFAULT_MAX_RETRY_DELAY_MS, random } = policy;
  return { outcome: 'retry', at: now + retryDelayMs(job.attempts, retryBaseMs, maxRetryDelayMs, random) };
}

/** How long a paused lane waits before its `tries`-th try: the retry backoff, capped lower. */
export function pausedRetryDelayMs(tries: number, policy: RetryPolicy): number {
  const { retryBaseMs, maxRetryDelayMs = DEFAULT_MAX_RETRY_DELAY_MS, random } = policy;
  return retryDelayMs(tries, retryBaseMs, Math.min(maxRetryDelayMs, PAUSED_RETRY_MAX_MS), random);
}

/**
 * What a failed delivery does to its lane: a failed try of a paused lane puts the next try further off;
 * PAUSE_AFTER_FAILURES failures in a row pause a running lane; otherwise the lane goes on.
 */
export function laneAfterFailure(lane: { failuresInARow: number; paused: boolean; wasTry: boolean }): 'try-later' | 'pause' | 'go-on' {
  if (lane.wasTry) return 'try-later';
  if (!lane.paused && lane.failuresInARow >= PAUSE_AFTER_FAILURES) return 'pause';
  return 'go-on';
}
