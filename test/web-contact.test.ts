import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ERRORS } from '../src/contract/errors.js';
import { BUDGETS, HONEYPOT_FIELD, INQUIRY_LIMITS, LOCATIONS, PHASES } from '../src/contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../src/contract/rate-limits.js';
import { postInquiry, validInquiry, type Body, type ErrorJson } from './helpers/inquiries.js';
import { startServer, type TestServer } from './helpers/server.js';

describe('contact form without JavaScript (POST /contact)', () => {
  let server: TestServer;
  // TRUST_PROXY: each rate-limit test speaks for a client IP of its own, so its count starts at zero.
  before(async () => { server = await startServer({ TRUST_PROXY: 'true' }); });
  after(async () => { await server.close(); });

  const postForm = (fields: Body, headers: Record<string, string> = {}) => postInquiry(server.url, '/contact', fields, { type: 'form', headers });
  const postApi = (fields: Body, headers: Record<string, string> = {}) => postInquiry(server.url, '/api/v1/contact', fields, { headers });

  it('the contact page carries the contract constraints and the honeypot', async () => {
    const page = await (await fetch(`${server.url}/contact`)).text();
    const { name, email, phone, message } = INQUIRY_LIMITS;
    assert.match(page, /<form class="inquiry-form" method="post" action="\/contact" data-thanks="[^"]+">/);
    assert.match(page, new RegExp(`<input id="f-name" name="name" required [^>]*minlength="${name.minLength}" maxlength="${name.maxLength}"`));
    assert.match(page, new RegExp(`<input id="f-email" name="email" required [^>]*type="email" maxlength="${email.maxLength}"`));
    assert.match(page, new RegExp(`<input id="f-phone" name="phone" aria-describedby[^>]*type="tel" maxlength="${phone.maxLength}"`));
    assert.match(page, new RegExp(`<textarea id="f-message" name="message" required [^>]*minlength="${message.minLength}" maxlength="${message.maxLength}"`));
    for (const value of [...LOCATIONS, ...BUDGETS, ...PHASES]) {
      assert.match(page, new RegExp(`<option value="${value}">[^<]+</option>`), value);
    }
    assert.match(page, /<label for="f-location">/);
    assert.match(page, new RegExp(`<input id="f-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off">`));
  });

  it('answers the form\'s script, which asks for JSON, in the API\'s shapes: Error with its field, then Ok', async () => {
    const json = { 'x-forwarded-for': '203.0.113.61', accept: 'application/json' };
    const invalid = await postForm({ ...validInquiry(), name: '  J  ' }, json);
    assert.equal(invalid.status, 400);
    assert.match(invalid.headers.get('content-type') ?? '', /^application\/json/);
    const error = await invalid.json() as ErrorJson;
    assert.equal(error.code, 'invalid_field');
    assert.match(error.error, /"name"/);
    assert.ok(invalid.headers.get('ratelimit-remaining'), 'counted in the inquiry bucket');
    const sent = await postForm({ ...validInquiry(), [HONEYPOT_FIELD]: '' }, json);
    assert.equal(sent.status, 200);
    assert.deepEqual(await sent.json(), { ok: true });
    assert.equal(sent.headers.get('ratelimit-remaining'), String(RATE_LIMIT_POLICIES.inquiry.limit - 2));
  });

  it('answers a valid form with the thank-you page', async () => {
    const response = await postForm({ ...validInquiry(), [HONEYPOT_FIELD]: '' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.ok(response.headers.get('ratelimit-remaining'));
    assert.match(await response.text(), /<h1[^>]*>Thank you<\/h1>/);
  });

  it('answers an invalid field with 400, the error next to that field and the values filled back in, escaped', async () => {
    const sent = validInquiry({ name: '"><script>alert(1)</script>', email: 'not-an-email', location: 'hamptons' });
    const response = await postForm(sent);
    assert.equal(response.status, 400);
    const page = await response.text();
    assert.match(page, /<div class="field has-error" data-field="email">/);
    assert.match(page, /<p class="field-error" id="f-email-error">[^<]*email[^<]*<\/p>/);
    assert.match(page, /<p class="field-error" id="f-name-error" hidden><\/p>/);
    assert.match(page, /value="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
    assert.doesNotMatch(page, /<script>alert/);
    assert.match(page, /<option value="hamptons" selected>/);
    assert.ok(page.includes(`>${String(sent.message)}</textarea>`), 'the message is filled back in');
  });

  it('refuses a body that is not a URL-encoded form', async () => {
    const response = await postInquiry(server.url, '/contact', validInquiry());
    assert.equal(response.status, 415);
    assert.equal((await response.json() as ErrorJson).code, 'unsupported_media_type');
  });

  it(`shares the inquiry bucket with the API: ${RATE_LIMIT_POLICIES.inquiry.limit} forms, then the API answers 429`, async () => {
    const client = { 'x-forwarded-for': '203.0.113.21' };
    for (let i = 0; i < RATE_LIMIT_POLICIES.inquiry.limit; i += 1) {
      assert.equal((await postForm(validInquiry(), client)).status, 200, `form ${i + 1}`);
    }
    const refused = await postApi(validInquiry(), client);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    const body = await refused.json() as ErrorJson;
    assert.deepEqual(body, { ok: false, code: 'rate_limited', error: ERRORS.rate_limited.error, hint: ERRORS.rate_limited.hint });
    assert.equal((await postApi(validInquiry(), { 'x-forwarded-for': '203.0.113.22' })).status, 200, 'another client is not limited');
  });

  it(`and the other way: ${RATE_LIMIT_POLICIES.inquiry.limit} API calls, then the form page says how long to wait`, async () => {
    const client = { 'x-forwarded-for': '203.0.113.23' };
    for (let i = 0; i < RATE_LIMIT_POLICIES.inquiry.limit; i += 1) {
      assert.equal((await postApi(validInquiry(), client)).status, 200, `API call ${i + 1}`);
    }
    const sent = validInquiry();
    const response = await postForm(sent, client);
    assert.equal(response.status, 429);
    const retryAfter = Number(response.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= RATE_LIMIT_POLICIES.inquiry.windowSeconds);
    const page = await response.text();
    assert.match(page, /<div class="form-status is-error"[^>]*>Too many inquiries[^<]*wait \d+ (?:seconds|minutes)/);
    assert.ok(page.includes(`value="${String(sent.name)}"`), 'the values are kept');
  });
});
