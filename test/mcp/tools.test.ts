import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, ERRORS } from '../../src/contract/errors.js';
import { INQUIRY_POLICY } from '../../src/contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import type { InquiryService, SubmissionContext } from '../../src/inquiries/inquiry-service.js';
import type { McpCaller as Caller } from '../../src/mcp/call-context.js';
import { Tools } from '../../src/mcp/tools.js';
import { validInquiry } from '../helpers/inquiries.js';
import type { Json } from '../helpers/mcp.js';
import type { ConsultationsService } from '../../src/consultations/consultations.js';

// The submit_inquiry adapter against an in-test InquiryService: what it hands the use case, and how the
// use case's answers and errors become tool results and outcomes (what the call counted, for the route's
// headers). End-to-end runs, headers included, are in mcp/inquiries.test.ts.

const { limit, windowSeconds } = RATE_LIMIT_POLICIES.inquiry;
const decision = { allowed: true, limit, remaining: limit - 1, resetSeconds: windowSeconds, windowSeconds };

function toolsWith(submit: InquiryService['submit']): Tools {
  return new Tools({
    projects: [],
    services: [],
    inquiries: { submit },
    consultations: {} as ConsultationsService, // no consultation tool is called here
    log: pino({ level: 'silent' }) as FastifyBaseLogger,
  });
}

const caller = (): Caller => ({ ip: '203.0.113.9', userAgent: 'agent/1.0', origin: undefined, clientId: 'client-1', scopes: ['mcp'] });
const inquiry = validInquiry();

describe('submit_inquiry adapter', () => {
  it('passes the fields, the caller and the idempotency key to the one use case, as channel mcp', async () => {
    const seen: Array<{ input: unknown; context: SubmissionContext }> = [];
    const tools = toolsWith(async (input, context) => {
      seen.push({ input, context });
      return { id: 'inq-1', rateLimit: decision };
    });
    const outcome = await tools.call('submit_inquiry', { ...inquiry, idempotency_key: 'key-123', website: 'https://ada.example' }, caller());
    assert.notEqual(outcome.result.isError, true);
    assert.deepEqual(outcome.result.structuredContent, { ok: true });
    assert.deepEqual(seen[0]!.input, inquiry, 'only the Inquiry fields: no idempotency_key, no honeypot "website"');
    assert.deepEqual(seen[0]!.context, {
      channel: 'mcp', ip: '203.0.113.9', userAgent: 'agent/1.0', origin: undefined, idempotencyKey: 'key-123', clientId: 'client-1',
    });
    assert.deepEqual(outcome, { result: outcome.result, rateLimit: decision }, 'the inquiry bucket\'s decision, and no wait');
  });

  it('turns a rate-limit ApiError into an isError result with code, hint and retry time, and reports the refusing decision', async () => {
    const refusing = { ...decision, allowed: false, remaining: 0 };
    const tools = toolsWith(async () => {
      throw new ApiError('rate_limited', { retryAfter: 600, rateLimit: refusing });
    });
    const outcome = await tools.call('submit_inquiry', inquiry, caller());
    const { result } = outcome;
    assert.equal(result.isError, true);
    const error = result.structuredContent as Json;
    assert.deepEqual(error, { ok: false, code: 'rate_limited', error: ERRORS.rate_limited.error, hint: ERRORS.rate_limited.hint, retry_after_seconds: 600 });
    assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), error);
    assert.equal(outcome.retryAfterSeconds, 600);
    assert.deepEqual(outcome.rateLimit, refusing);
  });

  it('keeps the field of a validation error, and refuses a non-string idempotency key itself', async () => {
    const tools = toolsWith(async () => {
      throw new ApiError('missing_field', { message: 'The field "email" is required.', field: 'email' });
    });
    const missing = (await tools.call('submit_inquiry', {}, caller())).result.structuredContent as Json;
    assert.equal(missing.code, 'missing_field');
    assert.equal(missing.field, 'email');
    for (const idempotencyKey of [42, '', 'k'.repeat(INQUIRY_POLICY.idempotencyKeyMaxLength + 1)]) {
      const key = (await tools.call('submit_inquiry', { ...inquiry, idempotency_key: idempotencyKey }, caller())).result.structuredContent as Json;
      assert.equal(key.code, 'invalid_field', String(idempotencyKey));
      assert.equal(key.field, 'idempotency_key');
    }
  });

  it('answers an unexpected failure as internal_error without its message', async () => {
    const tools = toolsWith(async () => { throw new Error('connection refused at 10.0.0.5:5432'); });
    const outcome = await tools.call('submit_inquiry', inquiry, caller());
    assert.equal(outcome.result.isError, true);
    const error = outcome.result.structuredContent as Json;
    assert.equal(error.code, 'internal_error');
    assert.doesNotMatch(JSON.stringify(outcome), /10\.0\.0\.5/);
    assert.deepEqual(Object.keys(outcome), ['result'], 'nothing counted, no wait');
  });
});
