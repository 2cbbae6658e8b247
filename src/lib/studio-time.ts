import { DateTime, IANAZone } from 'luxon';

// The studio's times: every instant a person at the studio reads (the inbox, exports, emails, the
// operator command) is shown in the studio's own time zone (STUDIO_TIME_ZONE), and a day the studio
// names is that zone's day. One place, so the text, the machine form and the day bounds agree; luxon
// (the IANA rules, daylight saving) computes them, never arithmetic on UTC by hand. Pure: the zone is
// given, never read from the environment.

let canonicalZones: ReadonlySet<string> | undefined;
/** A bare UTC offset ("-05:00", "+0100"), which newer ICU accepts where a zone is asked for. */
const OFFSET = /^[+-]/;

/**
 * Whether `name` is a zone of the IANA time zone database (e.g. America/New_York, or an alias such as UTC).
 * Checked at every start: Intl lists the canonical names in about 2 ms, and only a name not among them is
 * tried as a format's zone, which loads ICU's zone data (about 20 ms, paid otherwise at the first time shown).
 */
export function isTimeZone(name: string): boolean {
  canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  // Newer ICU (Node 24) also takes a bare offset ("-05:00") as a zone: that is no IANA name, and has no
  // daylight saving, so a studio's hours would be an hour off half the year.
  if (OFFSET.test(name)) return false;
  return canonicalZones.has(name) || IANAZone.isValidZone(name);
}

/** The times of one zone. */
export interface StudioTime {
  /** The IANA name, e.g. America/New_York. */
  readonly zone: string;
  /** "27 Nov 2026, 07:57 EST": for people; the zone's abbreviation is said, as the studio works in several places. */
  text(at: Date | number): string;
  /** "27 November 2026 at 07:57 EST": the same in a sentence of a letter (the acknowledgement to an inquirer). */
  long(at: Date | number): string;
  /**
   * The day and the time of day as a letter in a person's language says them, for its words to join: in
   * es-US "viernes, 27 de noviembre de 2026" and "07:57 EST"; in en-US "Friday, November 27, 2026" and
   * "07:57 EST". `locale` is a BCP 47 locale with its region (the zone's abbreviation depends on it).
   */
  letter(at: Date | number, locale: string): { day: string; time: string };
  /** "2026-11-27T07:57:03-05:00" (milliseconds only when there are any): RFC 3339 with the zone's offset, for machines. */
  iso(at: Date | number): string;
  /** "2026-11-27": the zone's day of an instant (an export's file name, a filter's day). */
  day(at: Date | number): string;
  /**
   * The instants a YYYY-MM-DD day of the zone spans: from its first moment (midnight, or the first moment
   * that exists where a clock change skips midnight) to the next day's, exclusive: 23 or 25 hours long
   * across a change. Undefined for a day the calendar lacks (2026-02-30).
   */
  dayBounds(day: string): { start: number; end: number } | undefined;
}

const ms = (at: Date | number): number => (typeof at === 'number' ? at : at.getTime());

/** The times of `zone`; throws for a zone the database lacks (the configuration checks it first). */
export function studioTime(zone: string): StudioTime {
  if (!isTimeZone(zone)) throw new RangeError(`not an IANA time zone: ${zone}`);
  // en-US: day and month names, and abbreviations such as EST/PDT (other zones read like GMT+1).
  const at = (instant: Date | number) => DateTime.fromMillis(ms(instant), { zone, locale: 'en-US' });
  return {
    zone,
    text: (instant) => at(instant).toFormat('d LLL yyyy, HH:mm ZZZZ'),
    long: (instant) => at(instant).toFormat("d LLLL yyyy 'at' HH:mm ZZZZ"),
    letter(instant, locale) {
      // Intl's own order and words for the language; the clock stays 24-hour, as every studio time.
      const local = at(instant).setLocale(locale);
      return {
        day: local.toLocaleString({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
        time: local.toLocaleString({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }),
      };
    },
    iso: (instant) => at(instant).toISO({ suppressMilliseconds: true })!,
    day: (instant) => at(instant).toISODate()!,
    dayBounds(day) {
      const start = DateTime.fromISO(day, { zone });
      if (!start.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
      return { start: start.startOf('day').toMillis(), end: start.plus({ days: 1 }).startOf('day').toMillis() };
    },
  };
}

/** UTC days and times: the read API's filters, which its OpenAPI document defines in UTC. */
export const utcTime: StudioTime = studioTime('UTC');
