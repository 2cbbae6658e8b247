import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../src/contract/errors.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { RECEIVED, type ClaimedJob, type CommitOutcome, type CommitRequest, type InboxStore, type NotificationChannel, type StoredInquiry } from '../../src/inquiries/ports.js';
import type { OutboxReservation } from '../../src/inquiries/outbox-worker.js';
import type { SubmissionContext } from '../../src/inquiries/inquiry-service.js';
import { createInquiryService, INBOX_RETRY_AFTER_SECONDS } from '../../src/inquiries/submit.js';
import type { Logger } from '../../src/lib/logger.js';
import { RateLimiter } from '../../src/rate-limit/limiter.js';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-store.js';
import { validInquiry } from '../helpers/inquiries.js';

// The inquiry use case on its own, with the real rate limiter and a scripted inbox store: the order of
// its checks, the honeypot decided by channel, and what a store failure becomes. The HTTP tests
// (inquiries-api, inquiries-store, inquiries-faults) run the same use case through every surface.

const ORIGIN = 'https://studio.example';
const { limit } = RATE_LIMIT_POLICIES.inquiry;

/** An inbox store that records each commit and answers with the next scripted outcome (or rejection). */
class ScriptedInbox implements Pick<InboxStore, 'commit'> {
  readonly commits: CommitRequest[] = [];
  readonly script: Array<CommitOutcome | Error> = [];
  async commit(request: CommitRequest): Promise<CommitOutcome> {
    this.commits.push(request);
    const next = this.script.shift() ?? { kind: 'stored', id: request.record.id };
    if (next instanceof Error) throw next;
    return next;
  }
}

function recordingLogger(): Logger & { lines: Array<{ fields: object; message?: string }> } {
  const lines: Array<{ fields: object; message?: string }> = [];
  const record = (fields: object, message?: string) => { lines.push({ fields, message }); };
  return { lines, info: record, warn: record, error: record };
}

/** Stands for the outbox worker: it gives no place (every job is stored due) unless `reserve` is replaced. */
function recordingOutbox() {
  const outbox = {
    wakes: 0,
    woken: [] as Array<readonly NotificationChannel[] | undefined>,
    fulfilled: [] as Array<{ jobs: readonly ClaimedJob[]; inquiry: StoredInquiry }>,
    reserve: (_channels: readonly NotificationChannel[]): OutboxReservation | undefined => undefined,
    wake: (channels?: readonly NotificationChannel[]) => { outbox.wakes += 1; outbox.woken.push(channels); },
  };
  return outbox;
}

function setUp(options: { ready?: boolean } = {}) {
  const inbox = new ScriptedInbox();
  const limiter = new RateLimiter(new MemoryRateLimitStore());
  const log = recordingLogger();
  const outbox = recordingOutbox();
  const service = createInquiryService({
    inbox, limiter, log, storeReady: () => options.ready ?? true, allowedOrigins: [ORIGIN],
    channels: ['email', 'webhook'], outbox, clock: () => Date.UTC(2026, 0, 1),
  });
  const queued = () => outbox.wakes;
  /** What is left in the inquiry bucket of `ip`, counting one more request. */
  const remainingAfterOneMore = async (ip: string) => (await limiter.consume('inquiry', ip)).remaining;
  return { inbox, service, log, outbox, queued, remainingAfterOneMore };
}

const context = (overrides: Partial<SubmissionContext> = {}): SubmissionContext => ({ channel: 'api', ip: '203.0.113.7', ...overrides });

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => undefined, (thrown: unknown) => thrown);
  assert.ok(error instanceof ApiError, `an ApiError, not ${String(error)}`);
  return error;
}

describe('inquiry use case', () => {
  it('checks the origin before counting: a refused origin uses nothing of the bucket', async () => {
    const { inbox, service, remainingAfterOneMore } = setUp();
    const error = await refusal(service.submit(validInquiry(), context({ origin: 'https://evil.example' })));
    assert.equal(error.code, 'origin_not_allowed');
    assert.equal(await remainingAfterOneMore('203.0.113.7'), limit - 1);
    assert.equal(inbox.commits.length, 0);
  });

  it('counts, then validates the fields, then the Idempotency-Key; a refusal carries its rate-limit decision', async () => {
    const { inbox, service, remainingAfterOneMore } = setUp();
    const invalidBoth = await refusal(service.submit(validInquiry({ name: 'x' }), context({ idempotencyKey: 'two words' })));
    assert.equal(invalidBoth.code, 'invalid_field', 'the fields are checked before the key');
    assert.equal(invalidBoth.rateLimit?.remaining, limit - 1, 'counted before validation');
    const invalidKey = await refusal(service.submit(validInquiry(), context({ idempotencyKey: 'two words' })));
    assert.equal(invalidKey.code, 'invalid_request');
    assert.equal(invalidKey.rateLimit?.remaining, limit - 2);
    assert.deepEqual(invalidKey.headers, {}, 'the use case names no HTTP header: each surface derives its own');
    assert.equal(inbox.commits.length, 0, 'nothing is committed before every check passed');
    assert.equal(await remainingAfterOneMore('203.0.113.7'), limit - 3);
  });

  it('does not count again what the surface counted already', async () => {
    const { service, remainingAfterOneMore } = setUp();
    const decision = { allowed: true, limit, remaining: 3, resetSeconds: 60, windowSeconds: 900 };
    const result = await service.submit(validInquiry(), context({ rateLimit: decision }));
    assert.equal(result.rateLimit, decision);
    assert.equal(await remainingAfterOneMore('203.0.113.7'), limit - 1);
  });

  it('reads the honeypot on the form channel only', async () => {
    const { inbox, service, queued } = setUp();
    await service.submit(validInquiry({ website: 'bot' }), context({ channel: 'form' }));
    assert.equal(inbox.commits[0]!.record.spam, true);
    assert.deepEqual(inbox.commits[0]!.notify, []);
    assert.equal(queued(), 0, 'spam wakes no worker');
    for (const channel of ['api', 'legacy', 'mcp'] as const) {
      await service.submit(validInquiry({ website: 'https://client.example' }), context({ channel }));
      const { record, notify } = inbox.commits.at(-1)!;
      assert.equal(record.spam, false, channel);
      assert.deepEqual(notify, ['email', 'webhook'], channel);
      assert.equal(record.channel, channel);
    }
    assert.equal(queued(), 3);
  });

  it('commits the jobs the outbox has room for as claimed, hands them over with the inquiry, and frees the room of a failed commit', async () => {
    const { inbox, service, outbox, queued } = setUp();
    const lease = { channels: ['webhook'] as const, until: Date.UTC(2026, 0, 1) + 60_000 };
    outbox.reserve = (channels) => {
      assert.deepEqual(channels, ['email', 'webhook']);
      return { lease, fulfil: (jobs, inquiry) => { outbox.fulfilled.push({ jobs, inquiry }); } };
    };
    inbox.commit = async (request) => {
      inbox.commits.push(request);
      const claimed = [{ id: `${request.record.id}:webhook`, inquiryId: request.record.id, channel: 'webhook' as const, notice: RECEIVED, attempts: 1, queuedAt: request.record.receivedAt, leasedUntil: lease.until }];
      return { kind: 'stored', id: request.record.id, claimed };
    };
    const { phone: _phone, ...body } = validInquiry();
    const { id } = await service.submit(body, context());
    assert.equal(inbox.commits[0]!.lease, lease, 'the commit writes the lease');
    const [handed] = outbox.fulfilled;
    assert.deepEqual(handed!.jobs.map((job) => job.id), [`${id}:webhook`]);
    assert.deepEqual(handed!.inquiry, { ...body, phone: null, language: 'en', id, receivedAt: new Date(Date.UTC(2026, 0, 1)) },
      'as the store reads it back: no language given is English');
    assert.deepEqual(outbox.woken, [['email']], 'woken for the email job, stored due');

    inbox.commit = async (request) => ({ kind: 'duplicate', id: request.record.id });
    await service.submit(validInquiry(), context());
    assert.deepEqual(outbox.fulfilled[1]!.jobs, [], 'a duplicate stores no job: its places are freed');
    assert.deepEqual(outbox.woken, [['email']], 'and nothing was stored due');

    inbox.commit = async () => { throw new Error('disk full'); };
    await refusal(service.submit(validInquiry({ message: 'Another house by the water, please call.' }), context()));
    assert.deepEqual(outbox.fulfilled[2]!.jobs, [], 'a failed commit frees its places');
    assert.equal(queued(), 1, 'nothing stored, nothing to wake for');
  });

  it('a store failure is inbox_unavailable with Retry-After; the driver text reaches neither the error nor the log', async () => {
    const { inbox, service, log } = setUp();
    const driverError = Object.assign(new Error('connect ECONNREFUSED db.internal:5432 user=studio password=hunter2'), { code: 'ECONNREFUSED' });
    inbox.script.push(driverError);
    const error = await refusal(service.submit(validInquiry(), context()));
    assert.equal(error.code, 'inbox_unavailable');
    assert.equal(error.status, 503);
    assert.equal(error.retryAfterSeconds, INBOX_RETRY_AFTER_SECONDS);
    assert.equal(error.rateLimit?.remaining, limit - 1);
    assert.equal(error.cause, undefined);
    assert.doesNotMatch(JSON.stringify({ ...error, message: error.message, hint: error.hint }), /hunter2|db\.internal/);
    assert.doesNotMatch(JSON.stringify(log.lines), /hunter2|db\.internal|ECONNREFUSED db/);
    assert.match(JSON.stringify(log.lines), /"code":"ECONNREFUSED"/, 'the class and code are logged');
  });

  it('answers inbox_unavailable without trying while the store is not ready', async () => {
    const { inbox, service } = setUp({ ready: false });
    const error = await refusal(service.submit(validInquiry(), context()));
    assert.equal(error.code, 'inbox_unavailable');
    assert.equal(error.retryAfterSeconds, INBOX_RETRY_AFTER_SECONDS);
    assert.equal(inbox.commits.length, 0);
  });

  it('a key the store reports reused with another body is idempotency_key_reused', async () => {
    const { inbox, service } = setUp();
    // A lost race for a new key is the store's to retry (test/store/group-commit.test.ts); the use case commits once.
    inbox.script.push({ kind: 'key_reused' });
    assert.equal((await refusal(service.submit(validInquiry(), context({ idempotencyKey: 'key-1' })))).code, 'idempotency_key_reused');
    assert.equal(inbox.commits.length, 1);
  });
});
