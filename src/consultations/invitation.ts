import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { InvitationMethod, StoredBooking } from './ports.js';

// A booking as iCalendar text (RFC 5545 with iTIP's METHOD, RFC 5546), built with ical.js: the invitation
// mailed to the homeowner and to the studio, and the studio's subscription feed. The times are written as
// the studio's wall clock with TZID and the zone's VTIMEZONE (timezones-ical-library holds the rules; ical.js
// has no zone database), so a calendar shows 9:00 in New York on both sides of a daylight-saving change.
// The wall clock of an instant comes from luxon: no offset is computed here. Pure: everything is given.

/** The studio as its calendars name it. */
export interface CalendarStudio {
  name: string;
  /** The organizer's address (the studio's public one): where a calendar sends the homeowner's answer. */
  organizer: string;
  /** The IANA zone of the studio's hours (STUDIO_TIME_ZONE). */
  zone: string;
  /** The host of BASE_URL: the right-hand side of every UID, so a booking's UID is the same everywhere. */
  host: string;
}

/** One booking with what its event says beside it. */
export interface CalendarEntry {
  booking: StoredBooking;
  /** The consultation type's title, e.g. "Introductory call". */
  title: string;
  /** Where it takes place, in words (./place.ts). */
  location: string;
  /** The homeowner's own link to reschedule or cancel: only in the homeowner's copy. */
  manageUrl: string;
}

/** Whose copy: the homeowner's carries the manage link; the studio's names the homeowner and what they wrote. */
export type CalendarAudience = 'homeowner' | 'studio';

const PRODID = '-//studio-api//Consultations//EN';

/** The UID of a booking's event: stable across the invitation, every update, the cancellation and the feed. */
export function uidOf(booking: Pick<StoredBooking, 'id'>, host: string): string {
  return `${booking.id}@${host}`;
}

/** The VTIMEZONE of an IANA zone, or undefined (UTC, or a zone the library lacks: times are then written in UTC). */
function vtimezoneOf(zone: string): ICAL.Component | undefined {
  if (DateTime.local({ zone }).zone.isUniversal) return undefined;
  const block = tzlib_get_ical_block(zone);
  if (!Array.isArray(block) || typeof block[0] !== 'string') return undefined;
  return ICAL.Component.fromString(block[0]);
}

/** An instant as the zone's wall clock (luxon reads the zone's rules), tagged with the zone; UTC without one. */
function timeOf(at: number, timezone: ICAL.Timezone | undefined): ICAL.Time {
  if (!timezone) return ICAL.Time.fromJSDate(new Date(at), true);
  const local = DateTime.fromMillis(at, { zone: timezone.tzid });
  return ICAL.Time.fromData({
    year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: local.second, isDate: false,
  }, timezone);
}

function calendar(method: InvitationMethod | undefined, vtimezone: ICAL.Component | undefined): ICAL.Component {
  const cal = new ICAL.Component('vcalendar');
  cal.addPropertyWithValue('prodid', PRODID);
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  if (method) cal.addPropertyWithValue('method', method);
  if (vtimezone) cal.addSubcomponent(vtimezone);
  return cal;
}

function description(entry: CalendarEntry, audience: CalendarAudience, studio: CalendarStudio): string {
  const { booking } = entry;
  if (audience === 'homeowner') {
    return [`${entry.title} with ${studio.name}.`, '', `To reschedule or cancel: ${entry.manageUrl}`].join('\n');
  }
  return [
    `${entry.title} with ${booking.name} <${booking.email}>.`,
    ...(booking.phone ? [`Phone: ${booking.phone}`] : []),
    ...(booking.message ? ['', booking.message] : []),
    ...(booking.inquiryId ? ['', `Inquiry: ${booking.inquiryId}`] : []),
  ].join('\n');
}

/** A parameter value cannot hold a double quote (RFC 5545 3.2) nor a line break: a name's are made harmless. */
const parameterText = (value: string) => value.replace(/"/g, "'").replace(/[\u0000-\u001f\u007f]+/g, ' ');

function person(event: ICAL.Component, name: 'organizer' | 'attendee', address: string, parameters: Record<string, string>): void {
  const property = event.addPropertyWithValue(name, `mailto:${address}`);
  for (const [key, value] of Object.entries(parameters)) property.setParameter(key, parameterText(value));
}

function eventOf(entry: CalendarEntry, audience: CalendarAudience, studio: CalendarStudio, timezone: ICAL.Timezone | undefined): ICAL.Component {
  const { booking } = entry;
  const vevent = new ICAL.Component('vevent');
  const event = new ICAL.Event(vevent);
  event.uid = uidOf(booking, studio.host);
  // When this version of the event was made: the booking's last change, so every retry sends the same text.
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(booking.updatedAt), true));
  event.sequence = booking.sequence;
  event.startDate = timeOf(booking.start, timezone);
  event.endDate = timeOf(booking.end, timezone);
  event.summary = audience === 'homeowner' ? `${entry.title} with ${studio.name}` : `${entry.title}: ${booking.name}`;
  event.description = description(entry, audience, studio);
  event.location = entry.location;
  vevent.addPropertyWithValue('status', booking.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED');
  vevent.addPropertyWithValue('transp', 'OPAQUE');
  person(vevent, 'organizer', studio.organizer, { cn: studio.name });
  person(vevent, 'attendee', booking.email, {
    cn: booking.name, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION', rsvp: 'TRUE',
  });
  return vevent;
}

function zoneParts(zone: string): { vtimezone?: ICAL.Component; timezone?: ICAL.Timezone } {
  const vtimezone = vtimezoneOf(zone);
  return vtimezone ? { vtimezone, timezone: new ICAL.Timezone(vtimezone) } : {};
}

/**
 * The invitation (REQUEST: booked or moved, SEQUENCE as stored) or its withdrawal (CANCEL: the booking as
 * cancelled, STATUS:CANCELLED and its SEQUENCE one more) as one VCALENDAR with the studio's VTIMEZONE.
 */
export function invitationIcs(method: InvitationMethod, entry: CalendarEntry, audience: CalendarAudience, studio: CalendarStudio): string {
  const { vtimezone, timezone } = zoneParts(studio.zone);
  const cancelled = method === 'CANCEL' ? { ...entry, booking: { ...entry.booking, status: 'cancelled' as const } } : entry;
  const cal = calendar(method, vtimezone);
  cal.addSubcomponent(eventOf(cancelled, audience, studio, timezone));
  return cal.toString();
}

/**
 * The studio's subscription feed: every entry as the studio's copy, in one VCALENDAR without METHOD (a
 * published calendar, not a message), cancelled bookings as STATUS:CANCELLED so subscribers drop them.
 */
export function studioFeedIcs(entries: readonly CalendarEntry[], studio: CalendarStudio): string {
  const { vtimezone, timezone } = zoneParts(studio.zone);
  const cal = calendar(undefined, vtimezone);
  cal.addPropertyWithValue('x-wr-calname', `${studio.name}: consultations`);
  cal.addPropertyWithValue('x-wr-timezone', studio.zone);
  for (const entry of entries) cal.addSubcomponent(eventOf(entry, 'studio', studio, timezone));
  return cal.toString();
}
