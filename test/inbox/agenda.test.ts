import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INBOX_PATHS, PATHS, pathOf } from '../../src/contract/paths.js';
import type { Db } from '../../src/store/db/database.js';
import { studio } from '../helpers/cli.js';
import { addOperator, signIn, type InboxClient } from '../helpers/inbox.js';
import { startSmtpSink, type SmtpSink } from '../helpers/inquiry-peers.js';
import { openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The inbox's agenda over HTTP with a signed-in operator, under the test's clock: the week (from Monday)
// and day views list the consultations at the studio's times, 9:00 on both sides of New York's clock
// change of Sunday 14 March 2027; an operator's reschedule and cancel go through the use case, change the
// store and queue the invitations (booking_jobs: REQUEST with the next SEQUENCE, CANCEL); forms without
// the session's CSRF token are refused; the inquiry page lists its consultations; erasure takes them.

const OPERATOR = 'agenda-desk@harbor.example';
const MARKDOWN = 'text/markdown';
/** Monday 1 March 2027, 10:00 EST. */
const NOW = Date.UTC(2027, 2, 1, 15);

describe('the inbox agenda', () => {
  const suite = suiteScope();
  let smtp: SmtpSink;
  let server: TestServer;
  let desk: InboxClient;
  let db: Db;
  let booked = 0;
  const ids = new Map<string, string>();

  /** Books through the REST API, as a homeowner would; remembers the booking's id by `key`. */
  async function book(key: string, type: string, start: string, fields: Record<string, string>): Promise<string> {
    booked += 1;
    const response = await fetch(server.url + pathOf(PATHS.consultationBookings, { type }), {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${booked}` },
      body: JSON.stringify({ start, ...fields }), signal: AbortSignal.timeout(20_000),
    });
    const body = await response.json() as { id: string };
    assert.equal(response.status, 201, JSON.stringify(body));
    ids.set(key, body.id);
    return body.id;
  }

  const bookingRow = (id: string) => db.kysely.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const jobsOf = (id: string) => db.kysely.selectFrom('booking_jobs').select(['method', 'sequence', 'recipient']).where('booking_id', '=', id)
    .orderBy('sequence').orderBy('recipient').execute();

  before(async () => {
    smtp = await startSmtpSink();
    suite.after(() => smtp.close());
    server = await startServer(suite, {
      STUDIO_TIME_ZONE: 'America/New_York', SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@harbor.example', TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '100',
    }, { clock: () => NOW });
    db = openStore(server.config.databaseUrl);
    suite.after(() => db.close());
    await addOperator(server, OPERATOR);
    desk = await signIn(server.url, OPERATOR);
    const sent = await postInquiry(server.url, '/api/v1/contact', validInquiry({ email: 'ada@example.com' }), { headers: { 'x-forwarded-for': '198.51.100.200' } });
    assert.equal(sent.status, 200, await sent.text());
    const inquiry = await db.kysely.selectFrom('inquiries').select('id').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    ids.set('inquiry', inquiry.id);
    // Friday before the change (EST), Wednesday before it, and Monday after it (EDT).
    await book('ada', 'introductory-call', '2027-03-12T09:00:00-05:00', {
      name: 'Ada Lovelace', email: 'Ada@Example.com', phone: '+1 305 555 0100', message: 'About the beach house.\nSecond line.', inquiry_id: inquiry.id,
    });
    await book('mary', 'introductory-call', '2027-03-10T11:00:00-05:00', { name: 'Mary Shelley', email: 'mary@example.org' });
    await book('grace', 'studio-meeting', '2027-03-15T09:00:00-04:00', { name: 'Grace Hopper', email: 'grace@example.org' });
  });

  it('shows this week from Monday by default, each empty day saying so', async () => {
    const page = await desk.page(INBOX_PATHS.agenda);
    assert.match(page, /<h1>Agenda: week of 1 March 2027<\/h1>/);
    assert.equal(page.match(/No consultations\./g)?.length, 7);
    assert.match(page, /<a href="\/inbox\/agenda" aria-current="page">Agenda<\/a>/);
    assert.match(page, /href="\/inbox\/agenda\?day=2027-03-08" rel="next"/);
    assert.match(page, /America\/New_York/);
  });

  it('lists the week of the clock change at 9:00 EST, and the week after at 9:00 EDT', async () => {
    const before = await desk.page(`${INBOX_PATHS.agenda}?day=2027-03-11`);
    assert.match(before, /<h1>Agenda: week of 8 March 2027<\/h1>/);
    const days = [...before.matchAll(/<h2 id="day-(\d{4}-\d{2}-\d{2})">/g)].map((m) => m[1]);
    assert.deepEqual(days, ['2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13', '2027-03-14']);
    assert.match(before, /<time datetime="2027-03-12T09:00:00-05:00">09:00–09:30 EST<\/time> · Ada Lovelace/);
    assert.match(before, /<time datetime="2027-03-10T11:00:00-05:00">11:00–11:30 EST<\/time> · Mary Shelley/);
    assert.ok(before.indexOf('Mary Shelley') < before.indexOf('Ada Lovelace'), 'in time order');
    assert.doesNotMatch(before, /Grace Hopper/);
    assert.equal(before.match(/No consultations\./g)?.length, 5);
    const after = await desk.page(`${INBOX_PATHS.agenda}?day=2027-03-15`);
    assert.match(after, /<time datetime="2027-03-15T09:00:00-04:00">09:00–10:00 EDT<\/time> · Grace Hopper/);
    assert.match(after, /Studio meeting, at the studio/);
  });

  it('shows one day with the person, the links to the inquiry and the person’s inquiries, and a Markdown twin', async () => {
    const day = await desk.page(`${INBOX_PATHS.agenda}?view=day&day=2027-03-12`);
    assert.match(day, /<h1>Agenda: Friday 12 March 2027<\/h1>/);
    assert.match(day, /Introductory call, by phone/);
    assert.match(day, /<a href="mailto:Ada@Example.com">Ada@Example.com<\/a> · <a href="tel:\+13055550100">\+1 305 555 0100<\/a>/);
    assert.match(day, /About the beach house\.\nSecond line\./);
    assert.ok(day.includes(`href="/inbox/inquiries/${ids.get('inquiry')}">Its inquiry</a>`));
    assert.match(day, /href="\/inbox\?q=Ada%40Example.com">Inquiries from this person<\/a>/);
    assert.match(day, /href="\/inbox\/agenda\?view=day&amp;day=2027-03-11" rel="prev"/);
    assert.match(await desk.page(`${INBOX_PATHS.agenda}?view=day&day=2027-03-13`), /No consultations\./);
    const twin = await desk.page(`${INBOX_PATHS.agenda}?view=day&day=2027-03-12`, 200, MARKDOWN);
    assert.match(twin, /^# Agenda: Friday 12 March 2027/);
    assert.match(twin, /- \*\*09:00–09:30 EST\*\* · Ada Lovelace · Introductory call, by phone/);
    await desk.page(`${INBOX_PATHS.agenda}?day=2027-02-30`, 400);
    await desk.page(`${INBOX_PATHS.agenda}?view=month`, 400);
  });

  it('lists the inquiry’s consultations on its page, linked to the agenda day', async () => {
    const page = await desk.page(INBOX_PATHS.inquiry.replace(':id', ids.get('inquiry')!));
    assert.match(page, /<h2 id="h-consultations">Consultations<\/h2>/);
    assert.match(page, /<a href="\/inbox\/agenda\?view=day&amp;day=2027-03-12">Friday 12 March 2027, 09:00–09:30 EST<\/a> · Introductory call, by phone · <strong>Booked<\/strong>/);
  });

  it('refuses a reschedule or a cancellation without the session’s CSRF token, and changes nothing', async () => {
    const id = ids.get('mary')!;
    const forged = await desk.post(INBOX_PATHS.bookingReschedule.replace(':id', id), { start: '2027-03-16T10:00:00-04:00', _csrf: 'forged' });
    assert.equal(forged.status, 403);
    assert.equal((await desk.post(INBOX_PATHS.bookingCancel.replace(':id', id), { _csrf: 'forged' })).status, 403);
    const row = await bookingRow(id);
    assert.equal(row.status, 'booked');
    assert.equal(Number(row.starts_at), Date.parse('2027-03-10T16:00:00Z'));
  });

  it('moves a booking to a free start of its type: the store changes and REQUEST invitations with the next SEQUENCE are queued', async () => {
    const id = ids.get('mary')!;
    const first = await desk.page(INBOX_PATHS.bookingReschedule.replace(':id', id));
    assert.match(first, /Now: <strong>Wednesday 10 March 2027, 11:00–11:30 EST<\/strong>/);
    assert.match(first, /New time \(free times from 2027-03-01 to 2027-03-14\)/);
    assert.match(first, /<optgroup label="Tuesday 2 March 2027"><option value="2027-03-02T10:00:00-05:00">Tue 2 Mar, 10:00 EST<\/option>/, 'from 24 hours ahead');
    assert.match(first, /href="\/inbox\/agenda\/[^/]+\/reschedule\?from=2027-03-15">Later days/);
    const form = await desk.page(`${INBOX_PATHS.bookingReschedule.replace(':id', id)}?from=2027-03-15`);
    assert.match(form, /<optgroup label="Tuesday 16 March 2027"><option value="2027-03-16T09:00:00-04:00">Tue 16 Mar, 09:00 EDT<\/option>/);
    assert.doesNotMatch(form, /value="2027-03-12T09:00:00-05:00"/, 'Ada’s time is not free');
    const taken = await desk.post(INBOX_PATHS.bookingReschedule.replace(':id', id), { start: '2027-03-12T09:00:00-05:00' });
    assert.equal(taken.status, 409);
    assert.match(await taken.text(), /That time was taken meanwhile: choose another\./);
    const moved = await desk.post(INBOX_PATHS.bookingReschedule.replace(':id', id), { start: '2027-03-16T10:00:00-04:00' });
    assert.equal(moved.status, 303);
    assert.equal(moved.headers.get('location'), '/inbox/agenda?view=day&day=2027-03-16&done=booking-moved');
    const row = await bookingRow(id);
    assert.equal(Number(row.starts_at), Date.parse('2027-03-16T14:00:00Z'));
    assert.equal(Number(row.sequence), 1);
    assert.deepEqual((await jobsOf(id)).map((job) => `${job.method}/${job.sequence}/${job.recipient}`),
      ['REQUEST/0/homeowner', 'REQUEST/0/studio', 'REQUEST/1/homeowner', 'REQUEST/1/studio']);
    const day = await desk.page('/inbox/agenda?view=day&day=2027-03-16&done=booking-moved');
    assert.match(day, /role="status">Consultation moved to its new time/);
    assert.match(day, /10:00–10:30 EDT<\/time> · Mary Shelley/);
  });

  it('cancels a booking after a confirmation: CANCEL invitations are queued, by the operator, and the day no longer lists it', async () => {
    const id = ids.get('mary')!;
    const confirm = await desk.page(INBOX_PATHS.bookingCancel.replace(':id', id));
    assert.match(confirm, /<h1>Cancel this consultation\?<\/h1>/);
    assert.match(confirm, /Tuesday 16 March 2027, 10:00–10:30 EDT/);
    const cancelled = await desk.post(INBOX_PATHS.bookingCancel.replace(':id', id));
    assert.equal(cancelled.status, 303);
    assert.equal(cancelled.headers.get('location'), '/inbox/agenda?view=day&day=2027-03-16&done=booking-cancelled');
    const row = await bookingRow(id);
    assert.equal(row.status, 'cancelled');
    assert.equal(row.cancelled_by, OPERATOR);
    assert.deepEqual((await jobsOf(id)).filter((job) => job.method === 'CANCEL').map((job) => `${job.sequence}/${job.recipient}`), ['2/homeowner', '2/studio']);
    const day = await desk.page('/inbox/agenda?view=day&day=2027-03-16&done=booking-cancelled');
    assert.match(day, /role="status">Consultation cancelled/);
    assert.doesNotMatch(day, /Mary Shelley/);
    await desk.page(INBOX_PATHS.bookingCancel.replace(':id', '0190f0f0-0000-7000-8000-000000000000'), 404);
    await desk.page(INBOX_PATHS.bookingCancel.replace(':id', id), 404);
    await desk.page(INBOX_PATHS.bookingReschedule.replace(':id', id), 404);
    const again = await desk.post(INBOX_PATHS.bookingCancel.replace(':id', id));
    assert.equal(again.headers.get('location'), '/inbox/agenda?view=day&day=2027-03-16&done=booking-cancelled', 'sent twice, it lands on the same day');
    assert.equal((await jobsOf(id)).filter((job) => job.method === 'CANCEL').length, 2, 'and queues nothing more');
  });

  it('erases the bookings of an address with its inquiries, counted before and after, their invitations with them', async () => {
    const id = ids.get('ada')!;
    assert.ok((await jobsOf(id)).length > 0);
    const counted = await desk.post(INBOX_PATHS.erase, { email: 'ADA@example.com' });
    assert.match(await counted.text(), /<strong>ADA@example.com<\/strong> has sent <strong>1 inquiry<\/strong> and booked <strong>1 consultation<\/strong>\./);
    const erased = await desk.post(INBOX_PATHS.erase, { email: 'ADA@example.com', confirm: 'yes' });
    assert.match(await erased.text(), /role="status">Deleted 1 inquiry and 1 consultation of ADA@example.com\.</);
    assert.equal(await db.kysely.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst(), undefined);
    assert.deepEqual(await jobsOf(id), []);
    assert.doesNotMatch(await desk.page(`${INBOX_PATHS.agenda}?day=2027-03-12`), /Ada Lovelace/);
    assert.equal((await bookingRow(ids.get('grace')!)).status, 'booked', 'another address keeps its booking');
  });

  it('erases an address’s bookings from the operator command too, and says how many', async () => {
    const run = await studio(server.config.databaseUrl, 'inbox', 'delete', '--email', 'GRACE@example.org');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Deleted 0 inquiries of that address, with their notifications, and 1 consultation booked with it\./);
    assert.equal(await db.kysely.selectFrom('bookings').select('id').where('id', '=', ids.get('grace')!).executeTakeFirst(), undefined);
  });
});
