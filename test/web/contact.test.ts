import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ERRORS } from '../../src/contract/errors.js';
import { BUDGETS, HONEYPOT_FIELD, Inquiry, INQUIRY_LIMITS, LOCATIONS, PHASES } from '../../src/contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { openStore, postInquiry, validInquiry, type Body, type ErrorJson } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { fieldPrompts } from '../../src/web/labels.js';

const FIELD_PROMPTS = fieldPrompts('en');

/** Each field's error text on a form page, by field name: only the shown ones (a hidden one is empty). */
function shownErrors(page: string): Record<string, string> {
  const shown = [...page.matchAll(/<p class="field-error" id="f-([a-z_]+)-error">([^<]+)<\/p>/g)];
  return Object.fromEntries(shown.map((m) => [m[1]!, m[2]!]));
}

/** The error summary's links: each field it points to, and its words. */
function summaryLinks(page: string): Array<[string, string]> {
  const summary = /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';
  return [...summary.matchAll(/<a href="#f-([a-z_]+)">([^<]+)<\/a>/g)].map((m) => [m[1]!, m[2]!]);
}

const { name, message } = INQUIRY_LIMITS;
const EMAIL_WORDS = 'That email address doesn’t look complete: it should look like name@example.com.';

describe('contact form without JavaScript (POST /contact)', () => {
  const suite = suiteScope();
  let server: TestServer;
  // TRUST_PROXY: each rate-limit test speaks for a client IP of its own, so its count starts at zero.
  before(async () => { server = await startServer(suite, { TRUST_PROXY: 'true' }); });

  const postForm = (fields: Body, headers: Record<string, string> = {}) => postInquiry(server.url, '/contact', fields, { type: 'form', headers });
  const postApi = (fields: Body, headers: Record<string, string> = {}) => postInquiry(server.url, '/api/v1/contact', fields, { headers });

  it('the contact page carries the contract constraints and the honeypot', async () => {
    const page = await (await fetch(`${server.url}/contact`)).text();
    const { name, email, phone, message } = INQUIRY_LIMITS;
    assert.match(page, /<form class="inquiry-form" method="post" action="\/contact" novalidate>/);
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

  it('takes the language the form sends: empty is none (English), one of the site\'s is stored, another is refused by name', async () => {
    const db = openStore(server.config.databaseUrl);
    try {
      const client = { 'x-forwarded-for': '203.0.113.81' };
      const stored = async (body: Body) => (await db.kysely.selectFrom('inquiries').select('language').where('message', '=', String(body.message)).executeTakeFirstOrThrow()).language;
      const unchosen = validInquiry({ language: '' });
      assert.equal((await postForm(unchosen, client)).status, 200);
      assert.equal(await stored(unchosen), 'en');
      const spanish = validInquiry({ language: 'es' });
      assert.equal((await postForm(spanish, client)).status, 200);
      assert.equal(await stored(spanish), 'es');
      const refused = await postForm(validInquiry({ language: 'fr' }), { ...client, accept: 'application/json' });
      assert.equal(refused.status, 400);
      const error = await refused.json() as ErrorJson;
      assert.equal(error.code, 'invalid_field');
      assert.match(error.error, /"language"/);
      // The API can leave a field out, so an empty one there is a value, and not one of the list.
      assert.equal((await postApi(validInquiry({ language: '' }), client)).status, 400);
    } finally {
      await db.close();
    }
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
    assert.deepEqual((error as ErrorJson & { fields?: unknown }).fields,
      { name: `${FIELD_PROMPTS.name.tooShort}: at least ${INQUIRY_LIMITS.name.minLength} characters.` }, 'the plain words for the script');
    const sent = await postForm({ ...validInquiry(), [HONEYPOT_FIELD]: '' }, json);
    assert.equal(sent.status, 200);
    const sentBody = await sent.json() as { ok: boolean; id?: string };
    assert.equal(sentBody.ok, true);
    assert.match(sentBody.id ?? '', /^[0-9a-f-]{36}$/, 'the inquiry\'s id, for the offer to book');
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

  it('shows every invalid field at once, next to the field, in plain words with the schema\'s limits', async () => {
    const client = { 'x-forwarded-for': '203.0.113.71' };
    const sent = { ...validInquiry(), name: '  J ', email: 'ada@', message: '  too short ', location: '', budget: 'a-lot', phase: 'pre-planning' };
    const response = await postForm(sent, client);
    assert.equal(response.status, 400);
    const page = await response.text();
    assert.deepEqual(shownErrors(page), {
      name: `${FIELD_PROMPTS.name.tooShort}: at least ${name.minLength} characters.`,
      email: EMAIL_WORDS,
      message: `${FIELD_PROMPTS.message.tooShort}: at least ${message.minLength} characters.`,
      location: FIELD_PROMPTS.location.missing,
      budget: FIELD_PROMPTS.budget.missing,
    });
    assert.equal(shownErrors(page).message, 'Please tell us a little more about the project: at least 10 characters.');
    assert.deepEqual(summaryLinks(page), ['name', 'email', 'message', 'location', 'budget'].map((field) => [field, shownErrors(page)[field]]),
      'the summary at the top links each field with a problem, in the form\'s order, in the same words');
    assert.match(page, /<title>Error: Contact — /, 'the title says there is an error');
    for (const field of ['name', 'email', 'message', 'location', 'budget']) {
      assert.match(page, new RegExp(`id="f-${field}" name="${field}"[^>]* aria-describedby="f-${field}-hint f-${field}-error" aria-invalid="true"`), field);
    }
    assert.doesNotMatch(page, /id="f-(phone|phase)"[^>]*aria-invalid/);
    assert.doesNotMatch(page, /Send &quot;|\(rule:/, 'none of the API\'s wording');
    // The same body to the API: its own wording, one field, unchanged.
    const api = await postApi(sent, client);
    assert.equal(api.status, 400);
    const body = await api.json() as ErrorJson & { fields?: unknown };
    assert.equal(body.hint, `Send "name" with at least ${name.minLength} characters (after trimming spaces).`);
    assert.equal(body.fields, undefined, 'the API answers its Error shape only');
  });

  it('an empty form asks for each required field; rules beyond lengths have their words too', async () => {
    const client = { 'x-forwarded-for': '203.0.113.72' };
    const empty = Object.fromEntries(Object.keys(FIELD_PROMPTS).map((field) => [field, '']));
    const blank = shownErrors(await (await postForm({ ...empty, message: '   ' }, client)).text());
    const required = Object.keys(FIELD_PROMPTS).filter((field) => (Inquiry.required as readonly string[]).includes(field));
    assert.deepEqual(blank, Object.fromEntries(required.map((field) => [field, FIELD_PROMPTS[field as keyof typeof FIELD_PROMPTS].missing])));
    const odd = validInquiry({ name: 'Ada\tLovelace', message: 'x'.repeat(message.maxLength + 1), email: ['a@example.com', 'b@example.com'] });
    const oddResponse = await postForm(odd, client);
    assert.equal(oddResponse.status, 400);
    assert.deepEqual(shownErrors(await oddResponse.text()), {
      name: 'Please keep this to one line, without tabs or other invisible characters.',
      email: 'Please fill this in once.',
      message: `Please shorten this to at most ${message.maxLength} characters.`,
    });
  });
});
