import { DateTime } from 'luxon';
import type { ConsultationPlace } from '../contract/consultation.js';
import { WEEKDAYS, type ConsultationsSection } from '../catalog/content-schemas.js';

// The studio's bookable time as the content declares it (site.yaml, `consultations`), read into minutes of
// the day and checked beyond what the schema can say: ranges that end after they start and do not overlap,
// closures that are days of the calendar, slugs named once. A problem names its field, and stops the start.

export interface ConsultationKind {
  slug: string;
  title: string;
  durationMinutes: number;
  place: ConsultationPlace;
  description: string;
}

/** An opening of one weekday, in minutes after its midnight (wall clock in the studio's zone; 1440 is midnight after). */
export interface Opening {
  from: number;
  to: number;
}

export interface Schedule {
  kinds: readonly ConsultationKind[];
  /** Openings per ISO weekday (1 Monday … 7 Sunday), sorted. */
  hours: ReadonlyMap<number, readonly Opening[]>;
  bufferMinutes: number;
  noticeMinutes: number;
  stepMinutes: number;
  /** YYYY-MM-DD days of the studio's zone with no slot. */
  closures: ReadonlySet<string>;
}

export const SCHEDULE_DEFAULTS = { bufferMinutes: 15, noticeHours: 24, stepMinutes: 30 } as const;

export class ScheduleError extends Error {}

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

function openingsOf(day: string, ranges: readonly string[]): Opening[] {
  const openings = ranges.map((range, index) => {
    const [from, to] = range.split('-').map(minutesOf) as [number, number];
    if (to <= from) throw new ScheduleError(`field "consultations.hours.${day}.${index}": "${range}" ends before it starts`);
    return { from, to };
  }).sort((a, b) => a.from - b.from);
  openings.forEach((opening, index) => {
    const next = openings[index + 1];
    if (next && next.from < opening.to) throw new ScheduleError(`field "consultations.hours.${day}": the ranges overlap`);
  });
  return openings;
}

/** The schedule of a content section the schema has checked; throws a ScheduleError naming the field. */
export function readSchedule(section: ConsultationsSection): Schedule {
  const seen = new Set<string>();
  section.types.forEach(({ slug }, index) => {
    if (seen.has(slug)) throw new ScheduleError(`field "consultations.types.${index}.slug": "${slug}" is named twice`);
    seen.add(slug);
  });
  const hours = new Map<number, Opening[]>();
  WEEKDAYS.forEach((day, index) => {
    const ranges = (section.hours as Partial<Record<string, string[]>>)[day];
    if (ranges && ranges.length > 0) hours.set(index + 1, openingsOf(day, ranges));
  });
  if (hours.size === 0) throw new ScheduleError('field "consultations.hours": the studio must be open on at least one day');
  for (const [index, day] of (section.closures ?? []).entries()) {
    if (!DateTime.fromISO(day).isValid) throw new ScheduleError(`field "consultations.closures.${index}": ${day} is not a day of the calendar`);
  }
  return {
    kinds: section.types.map((type) => ({
      slug: type.slug, title: type.title, durationMinutes: type.duration_minutes, place: type.place, description: type.description,
    })),
    hours,
    bufferMinutes: section.buffer_minutes ?? SCHEDULE_DEFAULTS.bufferMinutes,
    noticeMinutes: (section.notice_hours ?? SCHEDULE_DEFAULTS.noticeHours) * 60,
    stepMinutes: section.step_minutes ?? SCHEDULE_DEFAULTS.stepMinutes,
    closures: new Set(section.closures ?? []),
  };
}
