import { WEEKDAYS, type WeekHours } from '../catalog/content-schemas.js';
import { INTL_LOCALES, type Locale } from '../words/locale.js';
import type { Words } from '../words/words.js';

// An office's week of opening hours (site.yaml), as people read it ("Monday to Friday, 9:00 AM–6:00 PM")
// and as schema.org states it (OpeningHoursSpecification). Weekday names and times come from Intl in the
// page's language, so no catalog of day names is kept.

type Weekday = (typeof WEEKDAYS)[number];

/** Consecutive weekdays open at the same times, Monday first: the lines of an office's hours. */
export function hourGroups(hours: WeekHours): Array<{ days: Weekday[]; ranges: string[] }> {
  const groups: Array<{ days: Weekday[]; ranges: string[] }> = [];
  let previous: Weekday | undefined;
  for (const day of WEEKDAYS) {
    const ranges = hours[day];
    if (!ranges?.length) { previous = undefined; continue; }
    const last = groups.at(-1);
    if (last && previous && last.ranges.join() === ranges.join()) last.days.push(day);
    else groups.push({ days: [day], ranges: [...ranges] });
    previous = day;
  }
  return groups;
}

/** 2024-01-01 was a Monday: the day a weekday's name is taken from. */
const weekdayName = (day: Weekday, locale: Locale): string =>
  new Intl.DateTimeFormat(INTL_LOCALES[locale], { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));

const clock = (time: string, locale: Locale): string => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1, hour, minute));
};

/** An office's hours as sentences in a language: one per group of days, e.g. "Monday to Friday, 9:00 AM–6:00 PM". */
export function hoursText(hours: WeekHours, locale: Locale, words: Words['pages']['studio']): string[] {
  return hourGroups(hours).map(({ days, ranges }) => {
    const first = weekdayName(days[0]!, locale);
    const named = days.length === 1 ? first : words.dayRange(first, weekdayName(days.at(-1)!, locale), days.length);
    const times = ranges.map((range) => range.split('-').map((time) => clock(time, locale)).join('–')).join(', ');
    return words.hoursLine(named, times);
  });
}

/** schema.org's days are named by URL-less English names with a capital: "Monday". */
const schemaDay = (day: Weekday): string => day[0]!.toUpperCase() + day.slice(1);

/** The hours as schema.org OpeningHoursSpecification objects, one per group of days and opening. */
export function openingHoursSpecification(hours: WeekHours): Array<Record<string, unknown>> {
  return hourGroups(hours).flatMap(({ days, ranges }) => ranges.map((range) => {
    const [opens, closes] = range.split('-') as [string, string];
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: days.map(schemaDay), opens, closes: closes === '24:00' ? '23:59' : closes };
  }));
}
