import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { isTimeZone } from '../lib/studio-time.js';
import type { Interval } from './availability.js';

// The busy times of one iCalendar feed over a window: every VEVENT, its recurrences expanded by ical.js
// (RRULE, RDATE, EXDATE, and the RECURRENCE-ID exceptions that move, change or cancel one occurrence or
// all later ones), less what does not block time (TRANSP:TRANSPARENT, STATUS:CANCELLED). Wall-clock times
// become instants through luxon when their TZID is an IANA zone (what Google and Apple publish), through
// the feed's own VTIMEZONE when it is not (Outlook's "Eastern Standard Time"); an all-day event, and a
// floating time, are read in the studio's zone: "out on Friday" keeps the studio's whole Friday. Pure.

/** A rule that would expand without end inside the window (FREQ=SECONDLY) stops here. */
export const MAX_OCCURRENCES_PER_EVENT = 20_000;

export class IcsError extends Error {}

/** The feed's text as a VCALENDAR; throws an IcsError for anything else (an HTML sign-in page, garbage). */
export function parseCalendar(text: string): ICAL.Component {
  let component: ICAL.Component;
  try {
    component = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new IcsError('not iCalendar');
  }
  if (component.name !== 'vcalendar') throw new IcsError('not iCalendar');
  return component;
}

/** The instant of an iCalendar time, milliseconds. */
function instant(time: ICAL.Time, zone: string): number {
  const tzid = time.zone?.tzid;
  const wall = { year: time.year, month: time.month, day: time.day };
  if (time.isDate) return DateTime.fromObject(wall, { zone }).startOf('day').toMillis();
  if (tzid === 'UTC') return time.toUnixTime() * 1000;
  const clock = { ...wall, hour: time.hour, minute: time.minute, second: time.second };
  if (tzid === undefined || tzid === 'floating') return DateTime.fromObject(clock, { zone }).toMillis();
  if (isTimeZone(tzid)) return DateTime.fromObject(clock, { zone: tzid }).toMillis();
  // A name only the feed defines: ical.js reads the offset from the feed's VTIMEZONE.
  return time.toUnixTime() * 1000;
}

/** Whether an event (or an occurrence's exception) keeps the studio busy. */
function blocks(event: ICAL.Event): boolean {
  const transparency = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED';
}

function add(into: Interval[], window: Interval, item: ICAL.Event, start: ICAL.Time, end: ICAL.Time, zone: string): void {
  if (!blocks(item)) return;
  const from = instant(start, zone);
  // An all-day event with no later end keeps its one day.
  const to = start.isDate && end.compare(start) <= 0 ? DateTime.fromMillis(from, { zone }).plus({ days: 1 }).toMillis() : instant(end, zone);
  if (to > from && to > window.start && from < window.end) into.push({ start: from, end: to });
}

/** Whether an occurrence has an exception of its own (a RECURRENCE-ID naming it), added by itself. */
function hasOwnException(event: ICAL.Event, occurrence: ICAL.Time): boolean {
  return occurrence.toString() in event.exceptions
    || occurrence.convertToZone(ICAL.Timezone.utcTimezone).toString() in event.exceptions;
}

/** The occurrences of a recurring event meeting the window, its own exceptions left to the caller. */
function expand(into: Interval[], window: Interval, event: ICAL.Event, zone: string): void {
  const iterator = event.iterator();
  for (let count = 0; count < MAX_OCCURRENCES_PER_EVENT; count++) {
    const occurrence = iterator.next();
    if (!occurrence || instant(occurrence, zone) >= window.end) return;
    if (hasOwnException(event, occurrence)) continue;
    const details = event.getOccurrenceDetails(occurrence);
    add(into, window, details.item, details.startDate, details.endDate, zone);
  }
}

/**
 * The busy intervals of a calendar meeting `window`, unsorted. An exception is taken at its own time,
 * wherever its occurrence was: a meeting moved from beyond the window into it still counts.
 */
export function busyIntervals(calendar: ICAL.Component, window: Interval, zone: string): Interval[] {
  const masters = new Map<string, ICAL.Component>();
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    if (!vevent.hasProperty('recurrence-id')) masters.set(uid, vevent);
    else exceptions.set(uid, [...(exceptions.get(uid) ?? []), vevent]);
  }
  const into: Interval[] = [];
  for (const [uid, vevent] of masters) {
    if (!vevent.hasProperty('dtstart')) continue;
    const event = new ICAL.Event(vevent, { exceptions: exceptions.get(uid) ?? [] });
    if (event.isRecurring()) expand(into, window, event, zone);
    else add(into, window, event, event.startDate, event.endDate, zone);
  }
  // Exceptions stand for themselves, with or without their series in the feed.
  for (const vevent of [...exceptions.values()].flat()) {
    if (!vevent.hasProperty('dtstart')) continue;
    const event = new ICAL.Event(vevent, { exceptions: [] });
    add(into, window, event, event.startDate, event.endDate, zone);
  }
  return into;
}
