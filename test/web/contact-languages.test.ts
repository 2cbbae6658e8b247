import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ASKED_FIELDS, BUDGETS, INQUIRY_LIMITS, Inquiry } from '../../src/contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { EN } from '../../src/words/en.js';
import { ES } from '../../src/words/es.js';
import { postInquiry, validInquiry, type Body, type ErrorJson } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The inquiry form in each language, over HTTP: its words from the catalog (never the schema's
// descriptions, which are for developers), the Spanish form's refusals and thank-you in Spanish, and the
// words the script is given (the page's rules block, the JSON answer) equal to the page without script's.

/** Each field's shown error on a form page, by field name. */
function shownErrors(page: string): Record<string, string> {
  return Object.fromEntries([...page.matchAll(/<p class="field-error" id="f-([a-z_]+)-error">([^<]+)<\/p>/g)].map((m) => [m[1]!, m[2]!]));
}

/** The error summary's links: the field each points to, and its words. */
function summaryLinks(page: string): Array<[string, string]> {
  const summary = /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';
  return [...summary.matchAll(/<a href="#f-([a-z_]+)">([^<]+)<\/a>/g)].map((m) => [m[1]!, m[2]!]);
}

interface ScriptRules { fields: Record<string, { required: boolean; minLength?: number; maxLength?: number; messages: Record<string, string> }>; errorTitle: string; network: string; failed: string }

/** The rules block contact.js reads. */
function scriptRules(page: string): ScriptRules {
  const json = /<script type="application\/json" id="inquiry-form-rules">([^<]*)<\/script>/.exec(page)?.[1];
  assert.ok(json, 'the page carries the script\'s rules');
  return JSON.parse(json) as ScriptRules;
}

/** The schema's descriptions: words for developers, never on the form. */
const DESCRIPTIONS = Object.values(Inquiry.properties).map((p) => (p as { description?: string }).description).filter((d): d is string => Boolean(d));

describe('the inquiry form in English and Spanish', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite, { TRUST_PROXY: 'true' }); });

  const postForm = (path: string, fields: Body, headers: Record<string, string> = {}) => postInquiry(server.url, path, fields, { type: 'form', headers });

  for (const [locale, words, path] of [['en', EN, '/contact'], ['es', ES, '/es/contact']] as const) {
    it(`${path}: every label, hint and option from the ${locale} catalog, none of the schema's descriptions, the page's language sent hidden`, async () => {
      const page = await (await fetch(server.url + path)).text();
      assert.match(page, new RegExp(`<form class="inquiry-form" method="post" action="${path.replaceAll('/', '\\/')}" novalidate>`));
      assert.ok(page.includes(`<input type="hidden" name="language" value="${locale}">`));
      assert.doesNotMatch(page, /id="f-language"/, 'the language is not asked');
      for (const field of ASKED_FIELDS) {
        assert.ok(page.includes(`<label for="f-${field}">${words.form.fields[field].replace('&', '&amp;')}`), `${field}'s label`);
        assert.ok(page.includes(`<p class="field-hint" id="f-${field}-hint">${words.form.hints[field]}</p>`), `${field}'s hint`);
      }
      for (const description of DESCRIPTIONS) assert.ok(!page.includes(description), `not shown: "${description}"`);
      for (const budget of BUDGETS) assert.ok(page.includes(`<option value="${budget}">${words.enums.budget[budget]}</option>`), budget);
      assert.ok(page.includes(`<button type="submit" class="button">${words.form.submit}</button>`));
      assert.ok(page.includes(words.form.note(words.form.responseTime)), 'the note under the form');
      assert.match(page, new RegExp(`<div class="error-summary"[^>]* hidden>\\s*<h2 id="error-summary-title">${words.form.summary}</h2>`), 'an empty summary for the script to fill');
    });
  }

  it('the Spanish form refuses an empty form in Spanish: every field, the summary linking them, the title', async () => {
    const response = await postForm('/es/contact', { name: '', email: '', phone: '', message: '', location: '', budget: '', phase: '', language: 'es' },
      { 'x-forwarded-for': '203.0.113.101' });
    assert.equal(response.status, 400);
    const page = await response.text();
    const required = ASKED_FIELDS.filter((field) => field !== 'phone');
    assert.deepEqual(shownErrors(page), Object.fromEntries(required.map((field) => [field, ES.form.prompts[field].missing])));
    assert.deepEqual(summaryLinks(page), required.map((field) => [field, ES.form.prompts[field].missing]));
    assert.match(page, /<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title" autofocus>/);
    assert.match(page, /<title>Error: Contacto — /);
    assert.match(page, /<html lang="es">/);
  });

  it('too short and a bad address, in Spanish; the script\'s JSON and its rules block say the same words as the page', async () => {
    const sent = { ...validInquiry({ name: 'J', email: 'ada@', message: 'x'.repeat(INQUIRY_LIMITS.message.maxLength + 1), location: '' }), language: 'es' };
    const page = await (await postForm('/es/contact', sent, { 'x-forwarded-for': '203.0.113.102' })).text();
    const errors = shownErrors(page);
    assert.deepEqual(errors, {
      name: `${ES.form.prompts.name.tooShort}: al menos ${INQUIRY_LIMITS.name.minLength} caracteres.`,
      email: ES.form.problems.email,
      message: ES.form.problems.tooLong(INQUIRY_LIMITS.message.maxLength),
      location: ES.form.prompts.location.missing,
    });
    const script = await postForm('/es/contact', sent, { 'x-forwarded-for': '203.0.113.102', accept: 'application/json' });
    assert.equal(script.status, 400);
    assert.deepEqual((await script.json() as ErrorJson & { fields?: unknown }).fields, errors, 'the script is answered in the page\'s words');
    // What the script checks before sending, in the words the server would answer with.
    const rules = scriptRules(await (await fetch(`${server.url}/es/contact`)).text());
    assert.equal(rules.fields.name!.messages.minLength, errors.name);
    assert.equal(rules.fields.name!.minLength, INQUIRY_LIMITS.name.minLength, 'the limits are the schema\'s');
    assert.equal(rules.fields.email!.messages.format, errors.email);
    assert.equal(rules.fields.message!.messages.maxLength, errors.message);
    assert.equal(rules.fields.location!.messages.missing, errors.location);
    assert.equal(rules.fields.phone!.required, false);
    assert.deepEqual([rules.errorTitle, rules.network, rules.failed], [ES.form.errorTitle, ES.form.network, ES.form.failed]);
  });

  it(`rate limited, in Spanish with the wait: the page and the script's notice say the same`, async () => {
    const client = { 'x-forwarded-for': '203.0.113.103' };
    for (let i = 0; i < RATE_LIMIT_POLICIES.inquiry.limit; i += 1) {
      assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: client })).status, 200);
    }
    const response = await postForm('/es/contact', { ...validInquiry(), language: 'es' }, client);
    assert.equal(response.status, 429);
    const page = await response.text();
    const notice = /<div class="form-status is-error" role="alert" tabindex="-1" autofocus>([^<]+)<\/div>/.exec(page)?.[1];
    assert.match(notice ?? '', /^Se han enviado demasiadas consultas desde esta conexión\. Por favor, espere \d+ (?:segundos|minutos) y vuelva a enviarla\.$/);
    assert.match(page, /<title>Error: Contacto — /);
    const script = await postForm('/es/contact', { ...validInquiry(), language: 'es' }, { ...client, accept: 'application/json' });
    assert.equal(script.status, 429);
    const body = await script.json() as ErrorJson & { notice?: string };
    assert.equal(body.code, 'rate_limited', 'still the API\'s Error');
    assert.match(body.notice ?? '', /^Se han enviado demasiadas consultas .* espere \d+ (?:segundos|minutos) /);
  });

  it('accepts the Spanish form: the thank-you page says in Spanish who answers, when, and what they may ask', async () => {
    const response = await postForm('/es/contact', { ...validInquiry(), language: 'es', website: '' }, { 'x-forwarded-for': '203.0.113.104' });
    assert.equal(response.status, 200);
    const page = await response.text();
    assert.match(page, /<h1[^>]*>Gracias<\/h1>/);
    assert.ok(page.includes(ES.form.thanks.who(ES.form.responseTime)), 'who reads it and when they answer');
    assert.ok(page.includes(ES.form.thanks.ask), 'what they may ask');
    assert.match(page, /<a href="\/es\/projects">nuestros proyectos<\/a>/, 'the way back, in Spanish');
    // The form's script shows the same text: the contact page holds it in a template.
    const contact = await (await fetch(`${server.url}/es/contact`)).text();
    const template = /<template id="inquiry-thanks">([\s\S]*?)<\/template>/.exec(contact)?.[1] ?? '';
    const paragraphs = (html: string) => [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1]!);
    const article = /<article[^>]*>([\s\S]*?)<\/article>/.exec(page)?.[1] ?? '';
    assert.deepEqual(paragraphs(template), paragraphs(article), 'the same words with and without the script');
    assert.equal(paragraphs(template).length, 3);
  });
});
