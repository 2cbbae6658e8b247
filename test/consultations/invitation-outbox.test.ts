import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import ICAL from 'ical.js';
import { calendarSurface } from '../../src/web/studio-calendar-route.js';
import { InvitationMailer } from '../../src/consultations/invitation-mailer.js';
import { InvitationWorker } from '../../src/consultations/invitation-worker.js';
import type { InvitationsOf, NewBooking } from '../../src/consultations/ports.js';
import { readSchedule } from '../../src/consultations/schedule.js';
import { createStudioCalendar } from '../../src/consultations/studio-calendar.js';
import { schemaValidatorCompiler } from '../../src/contract/validator.js';
import { studioTime } from '../../src/lib/studio-time.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyBookingStore } from '../../src/store/consultations/bookings.js';
import { KyselyCalendarFeedStore } from '../../src/store/consultations/calendar-feeds.js';
import { KyselyInvitationJobStore } from '../../src/store/consultations/invitation-jobs.js';
import { suiteScope } from '../helpers/cleanups.js';
import { onEachDialect, openMigrated } from '../helpers/dialects.js';
import { silentLogger } from '../helpers/inquiries.js';
import { startSmtpSink, type ReceivedMail } from '../helpers/inquiry-peers.js';
import { parseMail } from '../helpers/mail.js';

// The invitations' outbox on each store: bookings inserted through KyselyBookingStore queue their jobs,
// the worker mails them to an SMTP sink with text/calendar; method=REQUEST (then CANCEL), a dead SMTP
// server costs retries and loses nothing, and the studio's feed answers only at its current address.

const BASE_URL = 'https://studio.example';
const CONTENT = {
  site: { name: 'Coastal Studio', email: 'hello@studio.example', offices: [{ city: 'Miami, Florida' }] },
  consultations: readSchedule({
    types: [{ slug: 'studio-meeting', title: 'Studio meeting', duration_minutes: 60, place: 'studio', description: 'At the studio.' }],
    hours: { monday: ['09:00-17:00'] },
  }),
};
const BOTH: InvitationsOf = (b) => (['homeowner', 'studio'] as const).map((recipient) => ({ recipient, method: b.status === 'cancelled' ? 'CANCEL' : 'REQUEST' }));
const START = Date.UTC(2027, 6, 12, 13); // Monday 12 July 2027, 9:00 in New York (EDT)

function newBooking(id: string, start: number): NewBooking {
  return {
    id, type: 'studio-meeting', start, end: start + 3_600_000, blockedUntil: start + 4_500_000, status: 'booked',
    name: 'Ann Lee', email: 'ann@example.com', contact: 'ann@example.com', phone: null, message: null, inquiryId: null,
    holdExpiresAt: null, manageToken: `token-${id}`, caller: '192.0.2.1', channel: 'api',
  };
}

function workerOn(db: Db, smtpUrl: string, clock: () => number) {
  const mailer = new InvitationMailer({
    smtpUrl, from: 'bookings@studio.example', studioInbox: 'inbox@studio.example', baseUrl: BASE_URL, time: studioTime('America/New_York'), content: () => CONTENT,
  });
  const worker = new InvitationWorker({ jobs: new KyselyInvitationJobStore(db), mailer, log: silentLogger, pollIntervalMs: 60_000, retryBaseMs: 1_000, clock, random: () => 0 });
  return { mailer, worker };
}

/** The text parts of the mail: nodemailer puts text/plain and text/calendar in a multipart/alternative inside a multipart/mixed. */
function textParts(raw: string) {
  const inner = raw.search(/^Content-Type: multipart\/alternative/im);
  return parseMail(inner >= 0 ? raw.slice(inner) : raw).parts;
}

const calendarPart = (mail: ReceivedMail) => {
  const match = /Content-Type: text\/calendar; charset=utf-8; method=(\w+)/i.exec(mail.raw);
  assert.ok(match, 'a text/calendar part with its method');
  return match[1];
};

await onEachDialect((d) => `invitations' outbox and the studio's calendar (${d})`, 'invitations', (database) => {
  const t = suiteScope();
  let db: Db;
  let bookings: KyselyBookingStore;
  let now = START - 7 * 86_400_000;
  const clock = () => now;
  before(async () => {
    db = await openMigrated(t, database.url);
    bookings = new KyselyBookingStore(db);
  });

  it('a booking\'s two invitations reach the homeowner and the studio as text/calendar; method=REQUEST', async () => {
    const sink = await startSmtpSink();
    t.after(() => sink.close());
    const { mailer, worker } = workerOn(db, sink.url, clock);
    t.after(() => mailer.close());
    const inserted = await bookings.insert(newBooking('0190f0aa-0000-7000-8000-00000000000a', START), { maxUpcomingPerAddress: 2, maxHoldsPerCaller: 2 }, now, BOTH);
    assert.equal(inserted.kind, 'inserted');
    assert.equal(await worker.drain(), 2);
    assert.deepEqual(sink.mails.map((m) => m.to[0]).sort(), ['ann@example.com', 'inbox@studio.example']);
    for (const mail of sink.mails) assert.equal(calendarPart(mail), 'REQUEST');
    const homeowner = textParts(sink.mails.find((m) => m.to[0] === 'ann@example.com')!.raw);
    assert.match(homeowner.get('text/plain')!, /booked for 12 July 2027 at 09:00 EDT \(America\/New_York\), for 60 minutes/);
    assert.match(homeowner.get('text/plain')!, /\/consultations\/manage\/token-0190f0aa/);
    const ics = homeowner.get('text/calendar')!;
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    assert.equal(event.uid, '0190f0aa-0000-7000-8000-00000000000a@studio.example');
    assert.equal(await worker.drain(), 0, 'nothing is sent twice');

    const cancelled = await bookings.cancel('0190f0aa-0000-7000-8000-00000000000a', 'homeowner', now, BOTH);
    assert.equal(cancelled.kind, 'changed');
    assert.equal(await worker.drain(), 2);
    assert.deepEqual(sink.mails.slice(2).map(calendarPart), ['CANCEL', 'CANCEL']);
  });

  it('a dead SMTP server: the jobs stay pending with a backoff, and go out once it answers; none lost', async () => {
    const { mailer, worker } = workerOn(db, 'smtp://127.0.0.1:9', clock);
    t.after(() => mailer.close());
    await bookings.insert(newBooking('0190f0aa-0000-7000-8000-00000000000b', START + 86_400_000), { maxUpcomingPerAddress: 2, maxHoldsPerCaller: 2 }, now, BOTH);
    assert.equal(await worker.drain(), 2);
    const rows = await db.kysely.selectFrom('booking_jobs').selectAll().where('booking_id', '=', '0190f0aa-0000-7000-8000-00000000000b').execute();
    assert.deepEqual(rows.map((r) => [r.status, Number(r.attempts)]), [['pending', 1], ['pending', 1]]);
    assert.ok(rows.every((r) => Number(r.next_attempt_at) > now && /ECONNREFUSED/.test(r.last_error ?? '')), 'due again later, with the reason');
    assert.equal(await worker.drain(), 0, 'not retried before its backoff');
    assert.equal(worker.report().status, 'down', '/readyz shows the failing mail server');
    assert.match(worker.report().error ?? '', /ECONNREFUSED/);

    const sink = await startSmtpSink();
    t.after(() => sink.close());
    const revived = workerOn(db, sink.url, clock);
    t.after(() => revived.mailer.close());
    now += 60_000;
    assert.equal(revived.worker.report().status, 'unknown', 'nothing tried yet');
    assert.equal(await revived.worker.drain(), 2);
    assert.equal(sink.mails.length, 2);
    assert.equal(revived.worker.report().status, 'up');
    const done = await db.kysely.selectFrom('booking_jobs').select('status').where('booking_id', '=', '0190f0aa-0000-7000-8000-00000000000b').execute();
    assert.deepEqual(done.map((r) => r.status), ['done', 'done']);
  });

  it('the feed answers at its token (text/calendar, no-store) and 404 otherwise; rotate retires the old address', async () => {
    const feeds = new KyselyCalendarFeedStore(db);
    const calendar = createStudioCalendar({ bookings, feeds, content: () => CONTENT, baseUrl: BASE_URL, zone: 'America/New_York', clock });
    const app = Fastify();
    app.setValidatorCompiler(schemaValidatorCompiler);
    await app.register(async (scope) => calendarSurface(scope, { calendar }));
    t.after(() => app.close());
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await feeds.token(now);
    assert.equal(await feeds.token(now), token, 'made once, then kept');
    const right = await fetch(`${address}/calendar/${token}/consultations.ics`);
    assert.equal(right.status, 200);
    assert.equal(right.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.equal(right.headers.get('cache-control'), 'no-store');
    const events = new ICAL.Component(ICAL.parse(await right.text())).getAllSubcomponents('vevent');
    assert.deepEqual(events.map((e) => e.getFirstPropertyValue('status')), ['CANCELLED', 'CONFIRMED']);
    assert.equal((await fetch(`${address}/calendar/${token.slice(0, -1)}x/consultations.ics`)).status, 404);
    const rotated = await feeds.rotate(now);
    assert.notEqual(rotated, token);
    assert.equal((await fetch(`${address}/calendar/${token}/consultations.ics`)).status, 404);
    assert.equal((await fetch(`${address}/calendar/${rotated}/consultations.ics`)).status, 200);
  });
});
