import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import { calendarEntryOf } from '../../src/consultations/calendar-entry.js';
import { invitationIcs, studioFeedIcs, type CalendarStudio } from '../../src/consultations/invitation.js';
import type { StoredBooking } from '../../src/consultations/ports.js';
import { readSchedule } from '../../src/consultations/schedule.js';

// The invitation's iCalendar, parsed back with the library that wrote it (ical.js): a 9:00 consultation in
// New York is 9:00 with TZID=America/New_York on both sides of 2027's changes, and its UTC instant moves.

const STUDIO: CalendarStudio = { name: 'Coastal Studio', organizer: 'hello@studio.example', zone: 'America/New_York', host: 'studio.example' };
const CONTENT = {
  site: { name: STUDIO.name, phone: '+1 305 555 0142', offices: [{ city: 'Miami, Florida' }] },
  consultations: readSchedule({
    types: [{ slug: 'introductory-call', title: 'Introductory call', duration_minutes: 30, place: 'phone', description: 'A call.' }],
    hours: { monday: ['09:00-17:00'] },
  }),
};

function booking(start: number, overrides: Partial<StoredBooking> = {}): StoredBooking {
  return {
    id: '0190f0aa-0000-7000-8000-000000000001', type: 'introductory-call', start, end: start + 30 * 60_000, status: 'booked',
    name: 'Ann "Nan" O\'Neil', email: 'ann@example.com', phone: null, message: null, inquiryId: null, holdExpiresAt: null,
    sequence: 0, manageToken: 'tok-123', caller: '192.0.2.1', channel: 'api', createdAt: start - 86_400_000, updatedAt: start - 86_400_000,
    cancelledAt: null, cancelledBy: null, ...overrides,
  };
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone')!;
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  // Registered as a calendar consuming it would: the event's TZID resolves to the VTIMEZONE sent with it.
  const zone = new ICAL.Timezone(vtimezone);
  ICAL.TimezoneService.register(zone, 'America/New_York');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

const request = (b: StoredBooking, audience: 'homeowner' | 'studio' = 'homeowner') =>
  invitationIcs('REQUEST', calendarEntryOf(b, CONTENT, 'https://studio.example'), audience, STUDIO);

describe('the invitation (iCalendar by ical.js)', () => {
  const cases = [
    ['January (EST)', Date.UTC(2027, 0, 12, 14), '2027-01-12T14:00:00.000Z'],
    ['July (EDT)', Date.UTC(2027, 6, 13, 13), '2027-07-13T13:00:00.000Z'],
    ['the Friday before the March change', Date.UTC(2027, 2, 12, 14), '2027-03-12T14:00:00.000Z'],
    ['the Monday after the March change', Date.UTC(2027, 2, 15, 13), '2027-03-15T13:00:00.000Z'],
    ['the Friday before the November change', Date.UTC(2027, 10, 5, 13), '2027-11-05T13:00:00.000Z'],
    ['the Monday after the November change', Date.UTC(2027, 10, 8, 14), '2027-11-08T14:00:00.000Z'],
  ] as const;
  for (const [label, start, utc] of cases) {
    it(`9:00 New York, ${label}: DTSTART;TZID=America/New_York:…T090000, ${utc}`, () => {
      const ics = request(booking(start));
      const { calendar, vevent, event } = parse(ics);
      assert.equal(calendar.getFirstPropertyValue('method'), 'REQUEST');
      const dtstart = vevent.getFirstProperty('dtstart')!;
      assert.equal(dtstart.getParameter('tzid'), 'America/New_York');
      assert.equal(event.startDate.hour, 9);
      assert.equal(event.startDate.minute, 0);
      assert.equal(event.startDate.toJSDate().toISOString(), utc);
      assert.equal(event.endDate.toJSDate().toISOString(), new Date(start + 30 * 60_000).toISOString());
      assert.match(ics, /DTSTART;TZID=America\/New_York:2027\d{4}T090000\r\n/);
    });
  }

  it('carries a stable UID, SEQUENCE, organizer, attendee with RSVP, status, location and the manage link', () => {
    const b = booking(Date.UTC(2027, 0, 12, 14), { phone: '+1 212 555 0100' });
    const first = request(b);
    assert.equal(request(b), first, 'the same booking gives the same text (a retry sends the same)');
    const { vevent, event } = parse(first);
    assert.equal(event.uid, `${b.id}@studio.example`);
    assert.equal(event.sequence, 0);
    assert.equal(vevent.getFirstPropertyValue('status'), 'CONFIRMED');
    assert.equal(event.summary, 'Introductory call with Coastal Studio');
    assert.equal(event.location, 'Phone call: Coastal Studio calls +1 212 555 0100');
    assert.match(event.description, /https:\/\/studio\.example\/consultations\/manage\/tok-123/);
    const organizer = vevent.getFirstProperty('organizer')!;
    assert.equal(organizer.getFirstValue(), 'mailto:hello@studio.example');
    assert.equal(organizer.getParameter('cn'), 'Coastal Studio');
    const attendee = vevent.getFirstProperty('attendee')!;
    assert.equal(attendee.getFirstValue(), 'mailto:ann@example.com');
    assert.equal(attendee.getParameter('rsvp'), 'TRUE');
    assert.equal(attendee.getParameter('cn'), 'Ann \'Nan\' O\'Neil', 'a double quote cannot stand in a parameter');
  });

  it('the studio\'s copy names the homeowner and leaves the homeowner\'s manage link out', () => {
    const { event } = parse(request(booking(Date.UTC(2027, 0, 12, 14), { message: 'About the pool' }), 'studio'));
    assert.equal(event.summary, 'Introductory call: Ann "Nan" O\'Neil');
    assert.match(event.description, /About the pool/);
    assert.doesNotMatch(event.description, /manage/);
  });

  it('CANCEL: METHOD:CANCEL, STATUS:CANCELLED and the SEQUENCE one more than the invitation\'s, same UID', () => {
    const booked = booking(Date.UTC(2027, 0, 12, 14));
    const cancelled = { ...booked, status: 'cancelled' as const, sequence: booked.sequence + 1, cancelledAt: booked.start - 3_600_000 };
    const before = parse(request(booked)).event;
    const { calendar, vevent, event } = parse(invitationIcs('CANCEL', calendarEntryOf(cancelled, CONTENT, 'https://studio.example'), 'homeowner', STUDIO));
    assert.equal(calendar.getFirstPropertyValue('method'), 'CANCEL');
    assert.equal(vevent.getFirstPropertyValue('status'), 'CANCELLED');
    assert.equal(event.sequence, before.sequence + 1);
    assert.equal(event.uid, before.uid);
  });

  it('the studio\'s feed: one VCALENDAR without METHOD, one VTIMEZONE, an event per booking, cancelled ones CANCELLED', () => {
    const a = booking(Date.UTC(2027, 0, 12, 14));
    const b = booking(Date.UTC(2027, 6, 13, 13), { id: '0190f0aa-0000-7000-8000-000000000002', status: 'cancelled', sequence: 1 });
    const calendar = new ICAL.Component(ICAL.parse(studioFeedIcs([a, b].map((x) => calendarEntryOf(x, CONTENT, 'https://s.example')), STUDIO)));
    assert.equal(calendar.getFirstPropertyValue('method'), null);
    assert.equal(calendar.getAllSubcomponents('vtimezone').length, 1);
    const events = calendar.getAllSubcomponents('vevent');
    assert.deepEqual(events.map((e) => e.getFirstPropertyValue('status')), ['CONFIRMED', 'CANCELLED']);
    assert.deepEqual(events.map((e) => e.getFirstProperty('dtstart')!.toICALString()), [
      'DTSTART;TZID=America/New_York:20270112T090000', 'DTSTART;TZID=America/New_York:20270713T090000',
    ]);
  });

  it('a studio in UTC writes UTC times, without a VTIMEZONE', () => {
    const ics = invitationIcs('REQUEST', calendarEntryOf(booking(Date.UTC(2027, 0, 12, 14)), CONTENT, 'https://s.example'), 'homeowner', { ...STUDIO, zone: 'UTC' });
    assert.match(ics, /DTSTART:20270112T140000Z\r\n/);
    assert.doesNotMatch(ics, /VTIMEZONE/);
  });
});
