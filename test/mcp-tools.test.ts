import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, ERRORS } from '../src/contract/errors.js';
import { RATE_LIMIT_POLICIES } from '../src/contract/rate-limits.js';
import type { InquiryService, SubmissionContext } from '../src/inquiries/port.js';
import { buildToolDefinitions } from '../src/mcp/tool-definitions.js';
import { Tools, type ToolCallContext } from '../src/mcp/tools.js';
import { validInquiry } from './helpers/inquiries.js';
import type { Json } from './helpers/mcp.js';

// The submit_inquiry adapter against an in-test InquiryService: what it hands the use case, and how the
// use case's answers and errors become tool results. End-to-end runs are in mcp-inquiries.test.ts.

const { limit, windowSeconds } = RATE_LIMIT_POLICIES.inquiry;
const decision = { allowed: true, limit, remaining: limit - 1, resetSeconds: windowSeconds, windowSeconds };

function toolsWith(submit: InquiryService['submit']): Tools {
  return new Tools({
    definitions: buildToolDefinitions('Test Studio'),
    projects: [],
    services: [],
    inquiries: { submit },
    log: pino({ level: 'silent' }) as FastifyBaseLogger,
  });
}

const caller = (): ToolCallContext => ({ ip: '203.0.113.9', userAgent: 'agent/1.0', origin: undefined, clientId: 'client-1', headers: {} });
const inquiry = validInquiry();

describe('submit_inquiry adapter', () => {
  it('passes the fields, the caller and the idempotency key to the one use case, as channel mcp', async () => {
    const seen: Array<{ input: unknown; context: SubmissionContext }> = [];
    const tools = toolsWith(async (input, context) => {
      seen.push({ input, context });
      return { id: 'inq-1', rateLimit: decision };
    });
    const context = caller();
    const result = await tools.call('submit_inquiry', { ...inquiry, idempotency_key: 'key-123', website: 'https://ada.example' }, context);
    assert.notEqual(result.isError, true);
    assert.deepEqual(result.structuredContent, { ok: true });
    assert.deepEqual(seen[0]!.input, inquiry, 'only the Inquiry fields: no idempotency_key, no honeypot "website"');
    assert.deepEqual(seen[0]!.context, {
      channel: 'mcp', ip: '203.0.113.9', userAgent: 'agent/1.0', origin: undefined, idempotencyKey: 'key-123', clientId: 'client-1',
    });
    assert.equal(context.headers['RateLimit-Remaining'], String(limit - 1));
  });

  it('turns a rate-limit ApiError into an isError result with code, hint and retry time', async () => {
    const tools = toolsWith(async () => {
      throw new ApiError('rate_limited', { retryAfter: 600, headers: { 'RateLimit-Remaining': '0' } });
    });
    const context = caller();
    const result = await tools.call('submit_inquiry', inquiry, context);
    assert.equal(result.isError, true);
    const error = result.structuredContent as Json;
    assert.deepEqual(error, { ok: false, code: 'rate_limited', error: ERRORS.rate_limited.error, hint: ERRORS.rate_limited.hint, retry_after_seconds: 600 });
    assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), error);
    assert.equal(context.headers['Retry-After'], '600');
    assert.equal(context.headers['RateLimit-Remaining'], '0');
  });

  it('keeps the field of a validation error, and refuses a non-string idempotency key itself', async () => {
    const tools = toolsWith(async () => {
      throw new ApiError('missing_field', { message: 'The field "email" is required.', field: 'email' });
    });
    const missing = (await tools.call('submit_inquiry', {}, caller())).structuredContent as Json;
    assert.equal(missing.code, 'missing_field');
    assert.equal(missing.field, 'email');
    const key = (await tools.call('submit_inquiry', { ...inquiry, idempotency_key: 42 }, caller())).structuredContent as Json;
    assert.equal(key.code, 'invalid_field');
    assert.equal(key.field, 'idempotency_key');
  });

  it('answers an unexpected failure as internal_error without its message', async () => {
    const tools = toolsWith(async () => { throw new Error('connection refused at 10.0.0.5:5432'); });
    const result = await tools.call('submit_inquiry', inquiry, caller());
    assert.equal(result.isError, true);
    const error = result.structuredContent as Json;
    assert.equal(error.code, 'internal_error');
    assert.doesNotMatch(JSON.stringify(result), /10\.0\.0\.5/);
  });
});
