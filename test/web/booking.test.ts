import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKING_POLICY } from '../../src/contract/consultation.js';
import { EN } from '../../src/words/en.js';
import { ES } from '../../src/words/es.js';
import { formEncode, postInquiry, validInquiry, type Body } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The website's booking pages over HTTP, as a browser without JavaScript uses them: the page lists the free
// times in the studio's zone, the plain form books through the use case, a time taken meanwhile offers the
// nearest ones, the thank-you page carries the inquiry over, and the manage link moves and cancels.

/** Wednesday 10 March 2027, 07:00 in New York: slots start Thursday (24 h notice), and cross the 14 March change. */
const NOW = Date.parse('2027-03-10T12:00:00Z');
const THURSDAY_9 = '2027-03-11T09:00:00-05:00';
const THURSDAY_930 = '2027-03-11T09:30:00-05:00';
const MONDAY_9 = '2027-03-15T09:00:00-04:00';

let client = 0;
/** Each test speaks for a client IP of its own (TRUST_PROXY), so the booking bucket starts at zero. */
const fromClient = () => ({ 'x-forwarded-for': `203.0.113.${(client += 1)}` });
let person = 0;
const details = (overrides: Body = {}): Body => ({ name: 'Grace Hopper', email: `grace${(person += 1)}@example.com`, phone: '+1 305 555 0199', ...overrides });

describe('booking a consultation on the website (no JavaScript)', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite, { TRUST_PROXY: 'true' }, { clock: () => NOW }); });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(server.url + path, { headers });
    return { response, body: await response.text() };
  };
  const post = async (path: string, fields: Body, headers: Record<string, string> = {}) => {
    const response = await postInquiry(server.url, path, fields, { type: 'form', headers: { ...fromClient(), ...headers } });
    return { response, body: await response.text() };
  };
  const manageLink = (body: string) => {
    const match = /href="(http:\/\/127\.0\.0\.1:\d+\/consultations\/manage\/[\w-]+)"/.exec(body);
    assert.ok(match, 'the page links the manage page');
    return new URL(match[1]!).pathname;
  };

  it('lists the types and the free times of the chosen one by day, in the studio\'s zone, named', async () => {
    const { response, body } = await page('/consultations?type=introductory-call');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.match(body, /<a href="\/consultations"[^>]*>Book a consultation<\/a>/, 'the header links the page');
    assert.match(body, /<h3>Introductory call<\/h3>\s*<p class="type-facts">30 minutes · By phone<\/p>/);
    assert.match(body, /<h3>Studio meeting<\/h3>\s*<p class="type-facts">60 minutes · At the studio<\/p>/);
    assert.match(body, /Times are New York time \(EST\/EDT\)\./);
    assert.match(body, /<legend>Thursday, March 11<\/legend>/);
    assert.ok(body.includes(`value="${THURSDAY_9}"`), 'Thursday 9:00 EST');
    // After the March change, 9:00 is still 9:00 in New York: the offset changes, not the clock.
    assert.ok(body.includes(`value="${MONDAY_9}"`), 'Monday 9:00 EDT');
    assert.match(body, new RegExp(`datetime="${MONDAY_9}">9:00 AM</time>`));
    assert.doesNotMatch(body, /<legend>(Saturday|Sunday)/, 'the studio is closed at weekends');
    assert.match(body, /href="\/consultations\?type=introductory-call&amp;from=2027-03-24#times"[^>]*>Later times</, 'the next two weeks');
  });

  it('shows later weeks, and a bad day falls back to the first weeks', async () => {
    const later = await page('/consultations?type=studio-meeting&from=2027-03-24');
    assert.match(later.body, /<legend>Wednesday, March 24<\/legend>/);
    assert.doesNotMatch(later.body, /<legend>Thursday, March 11<\/legend>/);
    assert.match(later.body, />Earlier times</);
    const bad = await page('/consultations?type=studio-meeting&from=yesterday');
    assert.equal(bad.response.status, 200);
    assert.match(bad.body, /<legend>Thursday, March 11<\/legend>/);
  });

  it('has a Markdown twin with the same times', async () => {
    const { response, body } = await page('/consultations?type=introductory-call', { accept: 'text/markdown' });
    assert.match(response.headers.get('content-type') ?? '', /^text\/markdown/);
    assert.match(body, /## Free times for introductory call/);
    assert.match(body, /Times are New York time \(EST\/EDT\)\./);
    assert.match(body, /- \*\*Monday, March 15\*\*: 9:00 AM, 9:30 AM/);
    assert.equal((await fetch(`${server.url}/consultations.md`)).status, 200);
  });

  it('books a time: the answer says what and when, that an invitation is coming, and the manage link; the time is gone', async () => {
    const person = details();
    const { response, body } = await post('/consultations', { type: 'studio-meeting', start: MONDAY_9, ...person, message: '' });
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.match(body, new RegExp(EN.booking.booked.title));
    assert.match(body, /Studio meeting, Monday, March 15, 2027, 9:00 AM–10:00 AM New York time \(EDT\)\./);
    assert.ok(body.includes(EN.booking.booked.invitation(String(person.email))));
    manageLink(body);
    const after = await page('/consultations?type=introductory-call');
    assert.ok(!after.body.includes(`value="${MONDAY_9}"`), 'its time is no longer free, for any type');
    assert.ok(!after.body.includes('value="2027-03-15T10:00:00-04:00"'), 'nor the buffer after it');
  });

  it('a time taken meanwhile: 409, the page again with the nearest free times, the fields kept', async () => {
    const first = await post('/consultations', { type: 'introductory-call', start: THURSDAY_930, ...details() });
    assert.equal(first.response.status, 201);
    const late = details({ name: 'Katherine Johnson' });
    const { response, body } = await post('/consultations', { type: 'introductory-call', start: THURSDAY_930, ...late });
    assert.equal(response.status, 409);
    assert.ok(body.includes(EN.booking.page.taken));
    const offered = [...body.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(offered.length, BOOKING_POLICY.alternatives);
    // 9:00 would run into it with the buffer; the nearest free times follow it that morning.
    assert.deepEqual(offered, ['2027-03-11T10:30:00-05:00', '2027-03-11T11:00:00-05:00', '2027-03-11T11:30:00-05:00']);
    assert.ok(body.includes('value="Katherine Johnson"'));
    assert.ok(body.includes(`value="${String(late.email)}"`));
  });

  it('refuses a field in plain words next to it, keeping the others', async () => {
    const { response, body } = await post('/consultations', { type: 'introductory-call', start: '', ...details({ email: 'grace@' }) });
    assert.equal(response.status, 400);
    assert.match(body, /<p class="field-error" id="b-email-error">That email address doesn’t look complete/);
    assert.match(body, new RegExp(`<p class="field-error" id="f-start-error">${EN.booking.page.prompts.start.missing}</p>`));
    assert.match(body, /Please check the 2 fields marked below\./);
    assert.ok(body.includes('value="Grace Hopper"'));
  });

  it('refuses a booking posted from another site', async () => {
    const { response } = await post('/consultations', { type: 'introductory-call', start: '2027-03-12T09:00:00-05:00', ...details() },
      { origin: 'https://evil.example' });
    assert.equal(response.status, 403);
    assert.ok((await page('/consultations')).body.includes('value="2027-03-12T09:00:00-05:00"'), 'nothing was booked');
  });

  it('the thank-you page offers a booking with the inquiry in hidden fields; the booking links the inquiry', async () => {
    const inquiry = validInquiry({ email: 'ada.booking@example.com' });
    const thanks = await post('/contact', inquiry);
    assert.equal(thanks.response.status, 200);
    const offer = /<form method="post" action="\/consultations">([\s\S]*?)<\/form>/.exec(thanks.body)?.[1] ?? '';
    assert.ok(thanks.body.includes(EN.booking.offer.heading));
    const hidden = Object.fromEntries([...offer.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
    assert.equal(hidden.name, inquiry.name);
    assert.equal(hidden.email, inquiry.email);
    assert.equal(hidden.phone, inquiry.phone);
    assert.match(hidden.inquiry_id ?? '', /^[0-9a-f-]{36}$/);
    // The offer posts to the booking page, which shows the times with the details filled in.
    const shown = await post('/consultations', hidden);
    assert.equal(shown.response.status, 200);
    assert.ok(shown.body.includes(`value="${String(inquiry.email)}"`));
    assert.ok(shown.body.includes(`<input type="hidden" name="inquiry_id" value="${hidden.inquiry_id!}">`));
    assert.match(shown.body, /<form class="move-form" method="post"/, 'other types and weeks carry the details by POST, not in a link');
    const booked = await post('/consultations', { type: 'introductory-call', start: '2027-03-12T10:00:00-05:00', name: hidden.name!, email: hidden.email!, inquiry_id: hidden.inquiry_id! });
    assert.equal(booked.response.status, 201);
    const other = await post('/consultations', { type: 'introductory-call', start: '2027-03-12T11:00:00-05:00', ...details(), inquiry_id: hidden.inquiry_id! });
    assert.equal(other.response.status, 400, 'another address cannot claim the inquiry');
  });

  it('the manage page: shows the booking, moves it, asks before cancelling, cancels; the time is free again', async () => {
    const made = await post('/consultations', { type: 'introductory-call', start: '2027-03-16T14:00:00-04:00', ...details() });
    const path = manageLink(made.body);
    const shown = await page(path);
    assert.equal(shown.response.status, 200);
    assert.equal(shown.response.headers.get('cache-control'), 'no-store');
    assert.equal(shown.response.headers.get('x-robots-tag'), 'noindex');
    assert.match(shown.body, /<meta name="robots" content="noindex">/);
    assert.doesNotMatch(shown.body, /rel="canonical"|type="text\/markdown"/);
    assert.match(shown.body, /Introductory call, Tuesday, March 16, 2027, 2:00 PM–2:30 PM New York time \(EDT\)/);
    // Its own time and buffer do not keep it from moving half an hour: 2:30 is offered here, not on the booking page.
    assert.ok(shown.body.includes('value="2027-03-16T14:30:00-04:00"'), 'the manage page offers 2:30');
    assert.equal((await page('/consultations?type=introductory-call')).body.includes('value="2027-03-16T14:30:00-04:00"'), false);

    const moved = await post(path, { action: 'move', start: '2027-03-17T15:00:00-04:00' });
    assert.equal(moved.response.status, 200);
    assert.ok(moved.body.includes(EN.booking.manage.moved));
    assert.match(moved.body, /Wednesday, March 17, 2027, 3:00 PM–3:30 PM New York time \(EDT\)/);
    assert.ok((await page('/consultations?type=introductory-call')).body.includes('value="2027-03-16T14:00:00-04:00"'), 'the old time is free');

    const ask = await post(path, { action: 'cancel' });
    assert.ok(ask.body.includes(EN.booking.manage.cancelConfirm));
    assert.match(ask.body, /name="action" value="cancel-confirmed"/);
    assert.ok((await page('/consultations?type=introductory-call')).body.includes('2027-03-17T15:00:00-04:00') === false, 'asking changes nothing');

    const cancelled = await post(path, { action: 'cancel-confirmed' });
    assert.equal(cancelled.response.status, 200);
    assert.ok(cancelled.body.includes(EN.booking.manage.cancelledNow));
    assert.doesNotMatch(cancelled.body, /name="action"/, 'nothing left to change');
    assert.ok((await page('/consultations?type=introductory-call')).body.includes('value="2027-03-17T15:00:00-04:00"'), 'its time is free again');
  });

  it('the manage page refuses another site\'s POST, and an unknown token is the plain 404 page', async () => {
    const made = await post('/consultations', { type: 'introductory-call', start: '2027-03-18T14:00:00-04:00', ...details() });
    const path = manageLink(made.body);
    const refused = await post(path, { action: 'cancel-confirmed' }, { origin: 'https://evil.example' });
    assert.equal(refused.response.status, 403);
    assert.ok(refused.body.includes(EN.booking.manage.refused));
    assert.doesNotMatch((await page(path)).body, new RegExp(EN.booking.manage.cancelled));
    const unknown = await page('/consultations/manage/not-a-real-token');
    assert.equal(unknown.response.status, 404);
    assert.match(unknown.body, /<h1[^>]*>Page not found<\/h1>/);
    assert.equal(unknown.response.headers.get('cache-control'), 'no-store');
  });

  it('each move by the manage link counts in the booking bucket: a link cannot mail both sides without end', async () => {
    const made = await post('/consultations', { type: 'introductory-call', start: '2027-03-19T14:00:00-04:00', ...details() });
    const path = manageLink(made.body);
    const mover = { 'x-forwarded-for': '198.51.100.77' };
    const answers: number[] = [];
    for (const start of ['2027-03-19T15:00:00-04:00', '2027-03-19T14:00:00-04:00'].flatMap((at) => Array(6).fill(at) as string[])) {
      answers.push((await post(path, { action: 'move', start }, mover)).response.status);
    }
    // Moving to where it stands already changes nothing but still counts: ten moves, then the bucket is empty.
    assert.deepEqual(answers, [...Array(10).fill(200), 429, 429]);
    assert.equal((await page(path)).response.status, 200, 'looking at it is never counted');
  });

  it('in Spanish under /es/: the types in the catalog\'s Spanish, the times by Spanish day in the studio\'s zone, Content-Language es', async () => {
    const { response, body } = await page('/es/consultations?type=introductory-call');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-language'), 'es');
    assert.match(body, /<html lang="es">/);
    assert.match(body, /<a href="\/es\/consultations"[^>]*>Reservar una consulta<\/a>/, 'the header links the Spanish page in Spanish');
    assert.match(body, /<h3>Llamada de introducción<\/h3>\s*<p class="type-facts">30 minutos · Por teléfono<\/p>/);
    assert.match(body, /<h3>Reunión en el estudio<\/h3>\s*<p class="type-facts">60 minutos · En el estudio<\/p>/);
    assert.match(body, /Los horarios están en hora oriental \(EST\/EDT\)\./);
    assert.match(body, /<legend>jueves, 11 de marzo<\/legend>/);
    // 14:00 in New York on both sides of the March change, on a 24-hour clock.
    assert.match(body, new RegExp(`datetime="2027-03-11T14:00:00-05:00">14:00</time>`));
    assert.match(body, new RegExp(`datetime="2027-03-15T14:00:00-04:00">14:00</time>`));
    assert.doesNotMatch(body, /<legend>(sábado|domingo)/);
    assert.match(body, /<form class="booking-form" method="post" action="\/es\/consultations">/);
    assert.match(body, /href="\/es\/consultations\?type=introductory-call&amp;from=2027-03-24#times"[^>]*>Horarios posteriores</);
    assert.match(body, /data-time-locale="es" data-your-time="su hora"/, 'booking.js is given the page\'s words and locale');
    assert.match(body, /<link rel="alternate" hreflang="en" href="[^"]+\/consultations">/, 'the English page is its alternate');
    assert.match((await page('/consultations')).body, /<link rel="alternate" hreflang="es" href="[^"]+\/es\/consultations">/, 'and back');
    const twin = await page('/es/consultations.md?type=introductory-call');
    assert.equal(twin.response.headers.get('content-language'), 'es');
    assert.match(twin.body, /- \*\*lunes, 15 de marzo\*\*: [^\n]*\b14:00, 14:30\b/);
  });

  it('in Spanish: refuses a bad submission in Spanish, keeping what was typed', async () => {
    const { response, body } = await post('/es/consultations', { type: 'introductory-call', start: '', ...details({ name: '' }) });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('content-language'), 'es');
    assert.ok(body.includes(`<p class="field-error" id="f-start-error">${ES.booking.page.prompts.start.missing}</p>`));
    assert.ok(body.includes(`<p class="field-error" id="b-name-error">${ES.booking.page.prompts.name.missing}</p>`));
    assert.ok(body.includes(ES.booking.page.problems(2)));
    assert.ok(body.includes('value="+1 305 555 0199"'));
  });

  it('in Spanish: books, answers in Spanish with the Spanish manage page, which moves it in Spanish', async () => {
    const person = details();
    const { response, body } = await post('/es/consultations', { type: 'studio-meeting', start: '2027-03-22T09:00:00-04:00', ...person });
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('content-language'), 'es');
    assert.ok(body.includes(ES.booking.booked.title));
    assert.ok(body.includes('Reunión en el estudio, lunes, 22 de marzo de 2027, de 9:00 a 10:00, hora oriental (EDT).'));
    assert.ok(body.includes(ES.booking.booked.invitation(String(person.email))));
    const link = /href="(http:\/\/127\.0\.0\.1:\d+\/es\/consultations\/manage\/[\w-]+)"/.exec(body);
    assert.ok(link, 'the answer links the Spanish manage page');
    const path = new URL(link[1]!).pathname;
    const shown = await page(path);
    assert.equal(shown.response.status, 200);
    assert.equal(shown.response.headers.get('content-language'), 'es');
    assert.equal(shown.response.headers.get('x-robots-tag'), 'noindex');
    assert.ok(shown.body.includes(ES.booking.manage.cancelAsk));
    const moved = await post(path, { action: 'move', start: '2027-03-23T15:00:00-04:00' });
    assert.equal(moved.response.status, 200);
    assert.ok(moved.body.includes(ES.booking.manage.moved));
    assert.ok(moved.body.includes('Reunión en el estudio, martes, 23 de marzo de 2027, de 15:00 a 16:00, hora oriental (EDT).'));
    // The same booking, by its English address, in English: the booking records no language.
    assert.match((await page(path.slice('/es'.length))).body, /Studio meeting, Tuesday, March 23, 2027, 3:00 PM–4:00 PM/);
    const unknown = await page('/es/consultations/manage/not-a-real-token');
    assert.equal(unknown.response.status, 404);
    assert.match(unknown.body, /<html lang="es">/);
  });

  it('in Spanish: the thank-you page offers the booking in Spanish, posting to the Spanish booking page', async () => {
    const thanks = await post('/es/contact', validInquiry({ email: 'ada.reserva@example.com' }));
    assert.equal(thanks.response.status, 200);
    assert.ok(thanks.body.includes(ES.booking.offer.heading));
    assert.match(thanks.body, new RegExp(`<form method="post" action="/es/consultations">[\\s\\S]*?${ES.booking.offer.button}</button>`));
  });

  it('the manage pages are in neither the sitemap nor llms.txt', async () => {
    for (const document of ['/sitemap.xml', '/llms.txt']) {
      assert.doesNotMatch((await page(document)).body, /consultations\/manage/, document);
    }
  });
});

// Kept for readers of the form's encoding: one field per name, as a browser sends it.
void formEncode;
