import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitStore } from '../../src/rate-limit/store.js';
import { toApiError } from '../../src/http/errors.js';
import { MAX_BODY_BYTES } from '../../src/contract/api.js';
import { ApiError } from '../../src/contract/errors.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { validInquiry } from '../helpers/inquiries.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

/** A store port whose backend fails with a message that must never reach a client. */
class FailingStore implements RateLimitStore {
  async hit(): Promise<never> {
    throw new Error('connect ECONNREFUSED db.internal:5432 password=hunter2');
  }
  async close(): Promise<void> {}
}

describe('error mapping', () => {
  const suite = suiteScope();
  let server: TestServer;
  let url: string;
  const logLines: string[] = [];
  before(async () => {
    const sink = new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } });
    server = await startServer(suite, {}, { rateLimitStore: new FailingStore(), logger: pino({ level: 'info' }, sink) as FastifyBaseLogger });
    url = server.url;
  });

  it('answers an internal failure with 500 in the Error shape and leaks nothing', async () => {
    const response = await fetch(`${url}/api/v1/projects`);
    assert.equal(response.status, 500);
    const text = await response.text();
    assert.doesNotMatch(text, /hunter2|ECONNREFUSED|db\.internal|at /);
    const body = JSON.parse(text) as { ok: boolean; code: string; error: string; hint: string };
    assert.deepEqual({ ok: body.ok, code: body.code }, { ok: false, code: 'internal_error' });
    assert.ok(body.hint.length > 0);
    assert.ok(logLines.some((line) => line.includes('request failed')), 'the failure is logged for the operator');
  });

  it('maps the framework\'s body errors to contract codes', () => {
    const cases: Array<[Error & { code?: string; statusCode?: number }, string, number]> = [
      [Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }), 'payload_too_large', 413],
      [Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }), 'unsupported_media_type', 415],
      [Object.assign(new Error('x'), { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }), 'invalid_body', 400],
      [new SyntaxError('Unexpected token'), 'invalid_body', 400],
      [Object.assign(new Error('x'), { validation: [{ keyword: 'required', params: { missingProperty: 'email' } }], validationContext: 'body' }), 'missing_field', 400],
      [Object.assign(new Error('x'), { validation: [{ keyword: 'maxLength', instancePath: '/name', message: 'must NOT have more than 120 characters' }] }), 'invalid_field', 400],
      [new TypeError('cannot read properties of undefined'), 'internal_error', 500],
    ];
    for (const [error, code, status] of cases) {
      const mapped = toApiError(error as never);
      assert.equal(mapped.code, code, error.message);
      assert.equal(mapped.status, status);
    }
    const missing = toApiError(cases[4]![0] as never);
    assert.match(missing.message, /"email"/);
    const tooLong = toApiError(cases[5]![0] as never);
    assert.match(tooLong.message, /"name".*120/);
  });

  it('keeps contract errors as they are', () => {
    const error = new ApiError('rate_limited', { retryAfter: 7 });
    assert.equal(toApiError(error), error);
    assert.deepEqual(Object.keys(error.toBody()).sort(), ['code', 'error', 'hint', 'ok']);
  });
});

describe('body errors on the contact routes', () => {
  const suite = suiteScope();
  // Lifted so that this suite's many submissions never meet the inquiry limit.
  const SCALE = 1000;
  const INQUIRY = RATE_LIMIT_POLICIES.inquiry;
  const KIB = `${MAX_BODY_BYTES / 1024} KiB`;
  let server: TestServer;
  let contract: OpenApiContract;
  before(async () => {
    server = await startServer(suite, { RATE_LIMIT_SCALE: String(SCALE) });
    contract = await OpenApiContract.fetch(server.url);
  });

  const huge = 'x'.repeat(MAX_BODY_BYTES + 1);
  const cases: Array<{ what: string; contentType: string; body: string; status: number; code: string }> = [
    { what: `a JSON body over ${KIB}`, contentType: 'application/json', body: JSON.stringify({ message: huge }), status: 413, code: 'payload_too_large' },
    { what: `a form body over ${KIB}`, contentType: 'application/x-www-form-urlencoded', body: `message=${huge}`, status: 413, code: 'payload_too_large' },
    { what: 'text/plain', contentType: 'text/plain', body: 'hello', status: 415, code: 'unsupported_media_type' },
    { what: 'XML', contentType: 'application/xml', body: '<inquiry/>', status: 415, code: 'unsupported_media_type' },
    { what: 'broken JSON', contentType: 'application/json', body: '{"name": ', status: 400, code: 'invalid_body' },
    { what: 'an empty JSON body', contentType: 'application/json', body: '', status: 400, code: 'invalid_body' },
  ];
  for (const route of ['/api/v1/contact', '/api/contact']) {
    for (const c of cases) {
      it(`${route}: ${c.what} is ${c.status} ${c.code}, in the Error shape, with the rate-limit headers`, async () => {
        const url = server.url + route;
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': c.contentType }, body: c.body });
        assert.equal(response.status, c.status);
        assert.equal(response.headers.get('ratelimit-policy'), `${INQUIRY.limit * SCALE};w=${INQUIRY.windowSeconds}`);
        const body = await contract.check('POST', url, response) as { ok: boolean; code: string };
        assert.deepEqual({ ok: body.ok, code: body.code }, { ok: false, code: c.code });
      });
    }
  }

  /** A valid JSON inquiry padded with an extra (ignored) field to exactly `bytes` bytes. */
  function paddedInquiry(bytes: number): string {
    const inquiry = validInquiry();
    const padding = bytes - Buffer.byteLength(JSON.stringify({ ...inquiry, padding: '' }));
    const body = JSON.stringify({ ...inquiry, padding: 'x'.repeat(padding) });
    assert.equal(Buffer.byteLength(body), bytes);
    return body;
  }

  it(`accepts a body of exactly ${MAX_BODY_BYTES} bytes (not 413) and refuses one byte more with 413`, async () => {
    const url = `${server.url}/api/v1/contact`;
    const post = (body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const atLimit = await post(paddedInquiry(MAX_BODY_BYTES));
    assert.ok([200, 400].includes(atLimit.status), `a body of exactly MAX_BODY_BYTES answered ${atLimit.status}`);
    await contract.check('POST', url, atLimit);
    const over = await post(paddedInquiry(MAX_BODY_BYTES + 1));
    assert.equal(over.status, 413);
    const body = await contract.check('POST', url, over) as { code: string };
    assert.equal(body.code, 'payload_too_large');
  });
});
