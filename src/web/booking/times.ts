import { DateTime } from 'luxon';
import type { Slot } from '../../contract/consultation.js';
import type { Words } from '../../words/words.js';

// The booking pages' times as a person reads them, in the studio's zone (luxon: the zone's rules and
// daylight saving, never arithmetic on offsets) and in the page's language (its Intl locale: Spanish day
// and month names, a 24-hour clock). The slots arrive as RFC 3339 with the studio's offset; each is read
// back in the zone by name, so an abbreviation is the one in force on that day.

type BookingWords = Words['booking'];

/** Zone abbreviations as people in the US know them (EST, EDT): Spanish CLDR would write GMT-5. */
const ABBREVIATIONS_LOCALE = 'en-US';

const at = (iso: string, zone: string, words: BookingWords) => DateTime.fromISO(iso, { zone, locale: words.timeLocale });

/** "New York" of America/New_York: the zone by its place, as people name it. */
const placeOf = (zone: string): string => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/** "Eastern Time", "hora oriental": the zone's generic name in the page's language. */
function genericOf(zone: string, words: BookingWords): string {
  const parts = new Intl.DateTimeFormat(words.timeLocale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? placeOf(zone);
}

const abbreviationAt = (zone: string, millis: number): string =>
  DateTime.fromMillis(millis, { zone, locale: ABBREVIATIONS_LOCALE }).offsetNameShort ?? '';

/**
 * "New York time (EST/EDT)": the zone named in the page's words, with the abbreviations of its winter and
 * summer (one where it keeps no daylight saving), read in January and July of the given instant's year.
 */
export function zoneName(zone: string, now: number, words: BookingWords): string {
  const year = DateTime.fromMillis(now, { zone }).year;
  const names = [1, 7].map((month) => abbreviationAt(zone, DateTime.fromObject({ year, month, day: 1 }, { zone }).toMillis()));
  const unique = [...new Set(names.filter(Boolean))];
  return words.zone({ place: placeOf(zone), generic: genericOf(zone, words), abbreviations: unique.join('/') || zone });
}

const DAY = { weekday: 'long', month: 'long', day: 'numeric' } as const;
const CLOCK = { hour: 'numeric', minute: '2-digit' } as const;

/** "Wednesday, March 10", "miércoles, 10 de marzo": a day heading of the slots. */
export const dayText = (iso: string, zone: string, words: BookingWords): string => at(iso, zone, words).toLocaleString(DAY);

/** The studio's day of an instant, to group the slots. */
export const dayKey = (iso: string, zone: string): string => DateTime.fromISO(iso, { zone }).toISODate()!;

/** "9:30 AM", "9:30". */
export const clockText = (iso: string, zone: string, words: BookingWords): string => at(iso, zone, words).toLocaleString(CLOCK);

/** "Wednesday, March 10, 2027, 9:00 AM–9:30 AM New York time (EST)": a booked time in a sentence, its zone named. */
export function whenText(slot: Slot, zone: string, words: BookingWords): string {
  const start = at(slot.start, zone, words);
  const abbreviation = abbreviationAt(zone, start.toMillis());
  const named = words.zone({ place: placeOf(zone), generic: genericOf(zone, words), abbreviations: abbreviation || zone });
  return words.when(start.toLocaleString({ ...DAY, year: 'numeric' }), clockText(slot.start, zone, words), clockText(slot.end, zone, words), named);
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
