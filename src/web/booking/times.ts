import { DateTime } from 'luxon';
import type { Slot } from '../../contract/consultation.js';

// The booking pages' times as a person reads them, in the studio's zone (luxon: the zone's rules and
// daylight saving, never arithmetic on offsets). The slots arrive as RFC 3339 with the studio's offset;
// each is read back in the zone by name, so an abbreviation is the one in force on that day.

const LOCALE = 'en-US';
const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone, locale: LOCALE });

/** "New York" of America/New_York: the zone by its place, as people name it. */
const placeOf = (zone: string): string => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/**
 * "New York time (EST/EDT)": the zone by its place, and the abbreviations of its winter and summer (one
 * where it keeps no daylight saving). Read in January and July of the given instant's year.
 */
export function zoneName(zone: string, now: number): string {
  const place = placeOf(zone);
  const year = DateTime.fromMillis(now, { zone }).year;
  const names = [1, 7].map((month) => DateTime.fromObject({ year, month, day: 1 }, { zone, locale: LOCALE }).offsetNameShort ?? '');
  const unique = [...new Set(names.filter(Boolean))];
  return unique.length > 0 ? `${place} time (${unique.join('/')})` : `${place} time`;
}

/** "Wednesday, March 10": a day heading of the slots. */
export const dayText = (iso: string, zone: string): string => at(iso, zone).toFormat('cccc, LLLL d');

/** The studio's day of an instant, to group the slots. */
export const dayKey = (iso: string, zone: string): string => at(iso, zone).toISODate()!;

/** "9:30 AM". */
export const clockText = (iso: string, zone: string): string => at(iso, zone).toFormat('h:mm a');

/** "Wednesday, March 10, 2027, 9:00 AM–9:30 AM New York time (EST)": a booked time in a sentence, its zone named. */
export function whenText(slot: Slot, zone: string): string {
  const start = at(slot.start, zone);
  return `${start.toFormat('cccc, LLLL d, yyyy, h:mm a')}–${at(slot.end, zone).toFormat('h:mm a')} ${placeOf(zone)} time (${start.offsetNameShort ?? ''})`;
}

/** The slots grouped by the studio's day, in order. */
export function byDay(slots: readonly Slot[], zone: string): Array<{ day: string; slots: Slot[] }> {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const key = dayKey(slot.start, zone);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

/** The day after a YYYY-MM-DD day: where the "later" link starts. */
export const nextDay = (day: string, zone: string): string => DateTime.fromISO(day, { zone }).plus({ days: 1 }).toISODate()!;
/** `span` days before a YYYY-MM-DD day: where the "earlier" link starts. */
export const daysBefore = (day: string, span: number, zone: string): string => DateTime.fromISO(day, { zone }).minus({ days: span }).toISODate()!;
