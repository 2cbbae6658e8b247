import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INQUIRY_POLICY } from '../../src/contract/inquiry.js';
import {
  afterFailedAttempt, DEFAULT_MAX_RETRY_DELAY_MS, laneAfterFailure, PAUSE_AFTER_FAILURES, PAUSED_RETRY_MAX_MS, pausedRetryDelayMs, retryDelayMs,
} from '../../src/inquiries/retry-policy.js';

// The outbox's retry and pause decisions, apart from the lane that acts on them (test/inquiries/outbox.test.ts
// holds the lane to them with a real store and notifiers).

const HOUR = 3_600_000;
const HORIZON_MS = INQUIRY_POLICY.notificationRetryHorizonSeconds * 1000;
const lowest = () => 0;
const highest = () => 0.999_999;

describe('outbox retry policy', () => {
  it('doubles the delay per attempt from the base, with jitter between half and all of it', () => {
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const full = 1000 * 2 ** (attempt - 1);
      assert.equal(retryDelayMs(attempt, 1000, HOUR, lowest), full / 2, `attempt ${attempt}: half at the lowest jitter`);
      const top = retryDelayMs(attempt, 1000, HOUR, highest);
      assert.ok(top < full + 1 && top > full * 0.99, `attempt ${attempt}: just under the full delay at the highest jitter (${top})`);
    }
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelayMs(3, 1000, HOUR);
      assert.ok(delay >= 2000 && delay <= 4000, `Math.random jitter stays in [0.5, 1) of 4000 ms (${delay})`);
    }
  });

  it('caps the delay at an hour by default, however many attempts', () => {
    assert.equal(DEFAULT_MAX_RETRY_DELAY_MS, HOUR);
    assert.equal(retryDelayMs(40, 1000, HOUR, lowest), HOUR / 2);
    assert.equal(retryDelayMs(1_000, 30_000, HOUR, lowest), HOUR / 2, 'a huge attempt count neither overflows nor passes the cap');
    const later = afterFailedAttempt({ attempts: 30, queuedAt: 0 }, 1_000, { retryBaseMs: 30_000, random: highest });
    assert.equal(later.outcome, 'retry');
    assert.ok(later.outcome === 'retry' && later.at - 1_000 <= HOUR, 'the default cap applies when the lane gives none');
  });

  it('retries until an attempt after the 24 h horizon has failed, then gives up', () => {
    const policy = { retryBaseMs: 1000, maxRetryDelayMs: HOUR, random: lowest };
    const queuedAt = 5_000;
    assert.deepEqual(afterFailedAttempt({ attempts: 1, queuedAt }, queuedAt + 10, policy), { outcome: 'retry', at: queuedAt + 10 + 500 });
    assert.deepEqual(afterFailedAttempt({ attempts: 3, queuedAt }, queuedAt + HORIZON_MS - 1, policy), { outcome: 'retry', at: queuedAt + HORIZON_MS - 1 + 2000 });
    assert.deepEqual(afterFailedAttempt({ attempts: 3, queuedAt }, queuedAt + HORIZON_MS, policy), { outcome: 'failed' });
  });

  it('pauses a lane after PAUSE_AFTER_FAILURES failures in a row, and puts a paused lane\'s failed try further off', () => {
    assert.equal(PAUSE_AFTER_FAILURES, 5);
    for (let failures = 1; failures < PAUSE_AFTER_FAILURES; failures += 1) {
      assert.equal(laneAfterFailure({ failuresInARow: failures, paused: false, wasTry: false }), 'go-on');
    }
    assert.equal(laneAfterFailure({ failuresInARow: PAUSE_AFTER_FAILURES, paused: false, wasTry: false }), 'pause');
    assert.equal(laneAfterFailure({ failuresInARow: 12, paused: false, wasTry: false }), 'pause');
    assert.equal(laneAfterFailure({ failuresInARow: 12, paused: true, wasTry: true }), 'try-later');
    assert.equal(laneAfterFailure({ failuresInARow: 12, paused: true, wasTry: false }), 'go-on', 'a delivery begun before the pause changes nothing');
  });

  it('spaces a paused lane\'s tries by the backoff, never more than a minute apart', () => {
    assert.equal(PAUSED_RETRY_MAX_MS, 60_000);
    const policy = { retryBaseMs: 1000, random: lowest };
    assert.equal(pausedRetryDelayMs(1, policy), 500);
    assert.equal(pausedRetryDelayMs(3, policy), 2000);
    assert.equal(pausedRetryDelayMs(30, policy), PAUSED_RETRY_MAX_MS / 2);
    assert.ok(pausedRetryDelayMs(30, { ...policy, random: highest }) <= PAUSED_RETRY_MAX_MS);
    assert.equal(pausedRetryDelayMs(30, { ...policy, maxRetryDelayMs: 10_000 }), 5_000, 'a lower retry cap lowers the pause too');
  });
});
