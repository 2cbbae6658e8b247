import { DateTime } from 'luxon';
import type { ConsultationKind, Schedule } from './schedule.js';

// The free slots of one kind of consultation: the studio's openings in its own zone, on the step grid,
// less closures, the notice, the horizon, and every busy time (bookings, the studio's calendars) with the
// buffer around it. Wall-clock times become instants through luxon: a 9:00 opening is 9:00 in the studio
// on both sides of a daylight-saving change, a time the change skips is no slot, and a time it repeats is
// one slot (the wall clock is walked, not the instants). Pure: the caller gives the time and the busy times.

/** Epoch milliseconds, end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

const MINUTE = 60_000;

export interface SlotQuery {
  schedule: Schedule;
  kind: ConsultationKind;
  zone: string;
  /** First and last day covered, YYYY-MM-DD in `zone`, both included. */
  fromDay: string;
  toDay: string;
  now: number;
  horizonDays: number;
  /** Busy times, merged and sorted (mergeIntervals). */
  busy: readonly Interval[];
}

/** Sorted, with overlapping or touching intervals joined: what the slot walk needs. */
export function mergeIntervals(intervals: Iterable<Interval>): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const { start, end } of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

/** The instant of a wall-clock minute of a day in `zone`, or undefined where the zone's clocks skip it. */
function wallClock(day: DateTime, minute: number): DateTime | undefined {
  const at = day.set({ hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 });
  return at.hour * 60 + at.minute === minute ? at : undefined;
}

/** The instant an opening closes: its wall-clock end, midnight being the next day's first moment. */
function closing(day: DateTime, minute: number): DateTime {
  if (minute >= 24 * 60) return day.plus({ days: 1 }).startOf('day');
  // A closing time the clocks skip is read forward, as luxon does: the opening then ends an hour later on the wall, at the same instant.
  return day.set({ hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 });
}

/** What the walk needs of one day of a zone. */
interface Day {
  weekday: number;
  /** The next day, YYYY-MM-DD. */
  next: string;
  /** Its first moment and the next day's. */
  start: number;
  end: number;
  /** Its midnight when the day is steady (24 hours from midnight at one offset): minute m is then m minutes after it. */
  midnight: number | undefined;
  /** Its offset as luxon writes it in RFC 3339 ("-05:00", "Z" in UTC). */
  offset: string;
}

/**
 * The days luxon has placed, by zone and date. Placing one (its first moment, the next day's, their
 * offsets) costs luxon ~100 µs, which made a walk of 60 days take 8–18 ms; the zone's rules do not change
 * while the process runs, so each day is placed once. A change's day is not steady: it asks luxon at every
 * step, as a wall clock must there.
 */
const placedDays = new Map<string, Day>();
const DAYS_KEPT = 10_000;

function dayOf(zone: string, date: string): Day {
  const key = `${zone} ${date}`;
  let day = placedDays.get(key);
  if (!day) {
    const start = DateTime.fromISO(date, { zone }).startOf('day');
    const next = start.plus({ days: 1 }).startOf('day');
    const steady = start.hour === 0 && start.minute === 0 && start.offset === next.offset && next.toMillis() - start.toMillis() === 24 * 60 * MINUTE;
    day = {
      weekday: start.weekday, next: next.toISODate()!, start: start.toMillis(), end: next.toMillis(), midnight: steady ? start.toMillis() : undefined,
      offset: start.toISO({ suppressMilliseconds: true })!.slice('yyyy-mm-ddThh:mm:ss'.length),
    };
    if (placedDays.size >= DAYS_KEPT) placedDays.clear();
    placedDays.set(key, day);
  }
  return day;
}

interface DayClock {
  /** The instant of a wall-clock minute of the day, undefined where the clocks skip it. */
  at(minute: number): number | undefined;
  /** The instant an opening ending at this minute closes. */
  closes(minute: number): number;
}

function dayClock(zone: string, date: string, midnight: number | undefined): DayClock {
  if (midnight !== undefined) return { at: (minute) => midnight + minute * MINUTE, closes: (minute) => midnight + minute * MINUTE };
  const day = DateTime.fromISO(date, { zone }).startOf('day');
  return { at: (minute) => wallClock(day, minute)?.toMillis(), closes: (minute) => closing(day, minute).toMillis() };
}

const isDate = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && DateTime.fromISO(date).isValid;

/** Whether [start, end) keeps `buffer` away from every busy interval; `cursor` walks the sorted busy times forward. */
function isFree(busy: readonly Interval[], cursor: { index: number }, start: number, end: number, buffer: number): boolean {
  while (cursor.index < busy.length && busy[cursor.index]!.end + buffer <= start) cursor.index += 1;
  const next = busy[cursor.index];
  return next === undefined || next.start >= end + buffer;
}

/** The free slots of the query, in time order. */
export function freeSlots(query: SlotQuery): Interval[] {
  const { schedule, kind, zone, now, busy } = query;
  const earliest = now + schedule.noticeMinutes * MINUTE;
  const latest = Number.isFinite(query.horizonDays) ? DateTime.fromMillis(now, { zone }).plus({ days: query.horizonDays }).toMillis() : Infinity;
  const duration = kind.durationMinutes * MINUTE;
  const buffer = schedule.bufferMinutes * MINUTE;
  const cursor = { index: 0 };
  const slots: Interval[] = [];
  if (!isDate(query.fromDay) || !isDate(query.toDay)) return slots;
  for (let date = query.fromDay, day: Day; date <= query.toDay; date = day.next) {
    day = dayOf(zone, date);
    if (schedule.closures.has(date)) continue;
    const clock = dayClock(zone, date, day.midnight);
    for (const opening of schedule.hours.get(day.weekday) ?? []) {
      const closes = clock.closes(opening.to);
      for (let minute = opening.from; minute < opening.to; minute += schedule.stepMinutes) {
        const start = clock.at(minute);
        if (start === undefined) continue;
        const end = start + duration;
        if (end > closes) break;
        if (start < earliest || start > latest) continue;
        if (isFree(busy, cursor, start, end, buffer)) slots.push({ start, end });
      }
    }
  }
  return slots;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * RFC 3339 with the zone's offset, exactly as luxon writes it ("2027-03-15T10:00:00-04:00"), for the slots
 * of a response: luxon took 20–50 µs a time, 30 ms for the 600 slots of an empty 60 days. On a steady day a
 * whole minute is written from the day's date, its minutes since midnight and its offset, all placed by
 * luxon once (dayOf); anything else (a change's day, seconds) is luxon's. Keeps the day it wrote last.
 */
export function rfc3339Writer(zone: string): (ms: number) => string {
  let date = '';
  let day: Day | undefined;
  const place = (ms: number) => {
    date = day && ms >= day.end && ms < day.end + 24 * 60 * MINUTE ? day.next : DateTime.fromMillis(ms, { zone }).toISODate()!;
    day = dayOf(zone, date);
    if (ms < day.start || ms >= day.end) day = dayOf(zone, date = DateTime.fromMillis(ms, { zone }).toISODate()!);
    return day;
  };
  return (ms) => {
    const { midnight, offset } = day && ms >= day.start && ms < day.end ? day : place(ms);
    const minutes = midnight === undefined ? NaN : (ms - midnight) / MINUTE;
    if (!Number.isInteger(minutes)) return DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
    return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00${offset}`;
  };
}

/** Whether `start` is a slot of the kind's grid on its day (open, not closed, not skipped), whatever is booked. */
export function isOnGrid(schedule: Schedule, kind: ConsultationKind, zone: string, start: number): boolean {
  const day = DateTime.fromMillis(start, { zone }).toISODate()!;
  return freeSlots({ schedule, kind, zone, fromDay: day, toDay: day, now: -Infinity, horizonDays: Infinity, busy: [] })
    .some((slot) => slot.start === start);
}
