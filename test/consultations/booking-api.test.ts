import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ICAL from 'ical.js';
import { suiteScope } from '../helpers/cleanups.js';
import { onEachDialect } from '../helpers/dialects.js';
import { openStore } from '../helpers/inquiries.js';
import { startSmtpSink, type SmtpSink } from '../helpers/inquiry-peers.js';
import { parseMail } from '../helpers/mail.js';
import { startServer, type TestServer } from '../helpers/server.js';

// Booking a consultation over HTTP on each store, against the sample studio (Monday to Friday 9:00–17:00
// New York, a 30-minute call and a 60-minute meeting, 15 minutes' buffer, 24 hours' notice). On PostgreSQL
// two instances share the database, so "never double-booked" is held across instances, by the database.

const NOW = Date.parse('2027-03-10T12:00:00Z'); // a Wednesday, 7:00 in New York
let now = NOW;
const clock = () => now;
const CALL = '/api/v1/consultations/introductory-call';
const MEETING = '/api/v1/consultations/studio-meeting';

interface Answer { status: number; body: Record<string, unknown> }

async function book(server: TestServer, path: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${path}/bookings`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() as Record<string, unknown> };
}

async function freeStarts(server: TestServer, path: string, day: string): Promise<string[]> {
  const response = await fetch(`${server.url}${path}/slots?from=${day}&to=${day}`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { slots: Array<{ start: string }> }).slots.map((slot) => slot.start);
}

const person = (n: number | string) => ({ name: `Person ${n}`, email: `person${n}@example.com` });

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

await onEachDialect((dialect) => `booking a consultation on ${dialect}`, 'studio_booking_api', ({ dialect, url }) => {
  const scope = suiteScope();
  let smtp: SmtpSink;
  let first: TestServer;
  let second: TestServer;

  before(async () => {
    smtp = await startSmtpSink();
    const env = { DATABASE_URL: url, RATE_LIMIT_SCALE: '10', SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@studio.example', INBOX_EMAIL_FROM: 'hello@studio.example' };
    first = await startServer(scope, env, { clock });
    second = dialect === 'postgres' ? await startServer(scope, env, { clock }) : first;
  });
  after(() => smtp.close());

  test('twenty concurrent bookings of one slot give exactly one 201; the others are told slot_taken with free starts near it', async () => {
    const [start] = await freeStarts(first, CALL, '2027-03-12');
    assert.equal(start, '2027-03-12T09:00:00-05:00');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(i % 2 ? second : first, CALL, { start, ...person(`race${i}`) })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, ...Array(19).fill(409)]);
    const refused = answers.find((a) => a.status === 409)!.body;
    assert.equal(refused.code, 'slot_taken');
    assert.match(String(refused.hint), /2027-03-12T10:00:00-05:00/, 'the nearest free start is after the buffer');
    assert.equal((await freeStarts(second, CALL, '2027-03-12')).includes(start!), false, 'the slot is gone for every instance');
  });

  test('bookings of different types never overlap either: a meeting cannot take a call\'s time or its buffer', async () => {
    const call = await book(first, CALL, { start: '2027-03-15T10:00:00-04:00', ...person('types') });
    assert.equal(call.status, 201);
    assert.equal(call.body.end, '2027-03-15T10:30:00-04:00');
    const meetings = await freeStarts(second, MEETING, '2027-03-15');
    assert.ok(meetings.includes('2027-03-15T09:00:00-04:00') === false, '9:00–10:00 ends within the buffer before 10:00');
    assert.ok(meetings.includes('2027-03-15T10:30:00-04:00') === false, '10:30 is inside the call\'s buffer');
    assert.ok(meetings.includes('2027-03-15T11:00:00-04:00'));
    const clash = await book(second, MEETING, { start: '2027-03-15T10:00:00-04:00', ...person('types2') });
    assert.deepEqual([clash.status, clash.body.code], [409, 'slot_taken'], 'a meeting\'s start, taken by the call');
  });

  test('a hold keeps its slot ten minutes for its caller, is confirmed by its id, and lapses after', async () => {
    const starts = await freeStarts(first, CALL, '2027-03-16');
    const [start, later] = [starts[0], starts[4]];
    const hold = await book(first, CALL, { start, ...person('holder'), hold: true });
    assert.equal(hold.status, 201);
    assert.equal(hold.body.status, 'held');
    assert.equal(hold.body.hold_expires_at, '2027-03-10T07:10:00-05:00');
    assert.equal((await book(second, CALL, { start, ...person('other') })).body.code, 'slot_taken', 'held is taken');
    assert.equal((await book(second, CALL, { hold_id: hold.body.id })).body.status, 'booked', 'confirmed on another instance');

    const lapsing = await book(first, CALL, { start: later, ...person('lapsing'), hold: true });
    assert.equal(lapsing.status, 201);
    now += 11 * 60_000;
    try {
      const late = await book(first, CALL, { hold_id: lapsing.body.id });
      assert.equal(late.status, 409);
      assert.equal(late.body.code, 'hold_expired');
      assert.equal((await book(second, CALL, { start: later, ...person('after') })).status, 201, 'a lapsed hold frees its slot');
    } finally {
      now = NOW;
    }
  });

  test('one address has at most two upcoming consultations, and one caller at most two live holds', async () => {
    const starts = await freeStarts(first, CALL, '2027-03-17');
    const same = person('busy');
    assert.equal((await book(first, CALL, { start: starts[0], ...same })).status, 201);
    assert.equal((await book(first, CALL, { start: starts[4], ...same, email: 'PERSONbusy@Example.com' })).status, 201);
    const third = await book(first, CALL, { start: starts[8], ...same });
    assert.equal(third.status, 429);
    assert.equal(third.body.code, 'too_many_bookings');

    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    for (const [i, start] of [starts[10], starts[12]].entries()) {
      assert.equal((await book(first, CALL, { start, ...person(`h${i}`), hold: true }, forwarded)).status, 201);
    }
    const hoarding = await book(first, CALL, { start: starts[14], ...person('h3'), hold: true });
    assert.equal(hoarding.status, 429, 'the loopback caller holds two already');
  });

  test('the per-address limit holds when one address books five slots at once', async () => {
    const starts = await freeStarts(first, CALL, '2027-03-23');
    const answers = await Promise.all([0, 2, 4, 6, 8].map((i, n) => book(n % 2 ? second : first, CALL, { start: starts[i], ...person('eager') })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 201, 429, 429, 429]);
  });

  test('a booking that follows an inquiry from the same address moves it to the consultation stage; another address may not claim it', async () => {
    const email = 'owner@example.com';
    const sent = await fetch(`${first.url}/api/v1/contact`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Owner One', email, message: 'A house on the bay, to start next year.', location: 'miami', budget: '3m-10m', phase: 'pre-planning' }),
    });
    assert.equal(sent.status, 200);
    const db = openStore(url);
    try {
      const { id } = await db.kysely.selectFrom('inquiries').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const [start] = await freeStarts(first, MEETING, '2027-03-18');
      const stranger = await book(first, MEETING, { start, ...person('stranger'), inquiry_id: id });
      assert.equal(stranger.status, 400);
      assert.equal(stranger.body.code, 'invalid_field');
      assert.equal((await book(second, MEETING, { start, name: 'Owner One', email: 'Owner@Example.com', inquiry_id: id })).status, 201);
      const stage = await until(async () => {
        const row = await db.kysely.selectFrom('inquiries').select('stage').where('id', '=', id).executeTakeFirstOrThrow();
        return row.stage === 'consultation' ? row.stage : undefined;
      }, 'the consultation stage');
      assert.equal(stage, 'consultation');
      const activity = await db.kysely.selectFrom('inquiry_activities').selectAll().where('inquiry_id', '=', id).executeTakeFirstOrThrow();
      assert.deepEqual([activity.actor, activity.from_value, activity.to_value], ['homeowner', 'new', 'consultation']);
    } finally {
      await db.close();
    }
  });

  test('the homeowner and the studio each get an invitation their calendar understands', async () => {
    const [start] = await freeStarts(first, CALL, '2027-03-19');
    const booked = await book(first, CALL, { start, name: 'Ada Invite', email: 'ada.invite@example.com' });
    assert.equal(booked.status, 201);
    const mails = await until(async () => {
      const found = smtp.mails.filter((mail) => mail.raw.includes(String(booked.body.id)));
      return found.length >= 2 ? found : undefined;
    }, 'two invitations');
    assert.deepEqual(mails.flatMap((mail) => mail.to).sort(), ['ada.invite@example.com', 'studio@studio.example']);
    for (const mail of mails) {
      assert.match(mail.raw, /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      // nodemailer nests text/plain and text/calendar in a multipart/alternative inside a multipart/mixed.
      const calendar = parseMail(mail.raw.slice(mail.raw.search(/^Content-Type: multipart\/alternative/im))).parts.get('text/calendar');
      assert.ok(calendar, 'a text/calendar part');
      const vcalendar = new ICAL.Component(ICAL.parse(calendar));
      // The zone the invitation carries itself (its VTIMEZONE), as a calendar reads it.
      ICAL.TimezoneService.register(new ICAL.Timezone(vcalendar.getFirstSubcomponent('vtimezone')!));
      const event = new ICAL.Event(vcalendar.getFirstSubcomponent('vevent')!);
      assert.equal(event.component.getFirstProperty('dtstart')!.getParameter('tzid'), 'America/New_York');
      assert.equal(event.startDate.toString(), '2027-03-19T09:00:00');
      assert.equal(event.startDate.toJSDate().toISOString(), '2027-03-19T13:00:00.000Z');
    }
  });

  test('bad requests get the contract\'s answers', async () => {
    const cases: Array<[string, RequestInit, number, string]> = [
      [`${CALL}/slots?from=2027-02-30`, {}, 400, 'invalid_field'],
      [`${CALL}/slots?from=2027-03-10&to=2027-06-30`, {}, 400, 'invalid_field'],
      ['/api/v1/consultations/tea-ceremony/slots', {}, 404, 'not_found'],
      [`${CALL}/slots?from=2027-03-20&to=2027-03-12`, {}, 400, 'invalid_field'],
      ['/api/v1/consultations/tea-ceremony/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ start: '2027-03-22T09:00:00-04:00', ...person('tea') }) }, 404, 'not_found'],
      [`${CALL}/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"start":"2027-03-22T09:00:00-04:00"}' }, 400, 'missing_field'],
      [`${CALL}/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ start: '2027-03-22T09:10:00-04:00', ...person('x') }) }, 400, 'invalid_field'],
      [`${CALL}/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ start: '2027-03-10T09:00:00-05:00', ...person('x') }) }, 400, 'invalid_field'],
      [`${CALL}/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{}' }, 403, 'origin_not_allowed'],
      [`${CALL}/bookings`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }, 415, 'unsupported_media_type'],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await fetch(`${first.url}${path}`, init);
      const body = await response.json() as { code: string; ok: boolean };
      assert.deepEqual([response.status, body.code, body.ok], [status, code, false], path);
    }
    const missing = await (await fetch(`${first.url}${CALL}/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"start":"x"}' })).json() as { hint: string };
    assert.equal(missing.hint, 'Send every required field: start, name, email.', 'the booking\'s own fields, not the inquiry\'s');
    const form = await fetch(`${first.url}${CALL}/bookings`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ start: '2027-03-22T09:00:00-04:00', ...person('form') }).toString(),
    });
    assert.equal(form.status, 201, 'a URL-encoded form books too');
  });
});
