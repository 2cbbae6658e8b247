import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DateTime } from 'luxon';
import { freeSlots, isOnGrid, mergeIntervals, type Interval } from '../../src/consultations/availability.js';
import { readSchedule, ScheduleError, type Schedule } from '../../src/consultations/schedule.js';
import type { ConsultationsSection } from '../../src/catalog/content-schemas.js';

// The slot walk around the clock changes of 2027 in New York (14 March: 2:00 → 3:00; 7 November: 2:00 → 1:00),
// against luxon's own reading of the wall clock: a 9:00 slot is 9:00 there on both sides, no slot lands in the
// skipped hour, none repeats in the doubled one.

const ZONE = 'America/New_York';
const MINUTE = 60_000;

function schedule(overrides: Partial<ConsultationsSection> = {}): Schedule {
  return readSchedule({
    types: [
      { slug: 'call', title: 'Call', duration_minutes: 30, place: 'phone', description: 'A call.' },
      { slug: 'meeting', title: 'Meeting', duration_minutes: 60, place: 'studio', description: 'A meeting.' },
    ],
    hours: { monday: ['09:00-17:00'], tuesday: ['09:00-17:00'], wednesday: ['09:00-17:00'], thursday: ['09:00-17:00'], friday: ['09:00-17:00'] },
    buffer_minutes: 15, notice_hours: 24, step_minutes: 30,
    ...overrides,
  });
}

const wall = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm ZZ');

function slots(s: Schedule, fromDay: string, toDay: string, options: { kind?: number; now?: number; busy?: Interval[]; horizonDays?: number } = {}) {
  return freeSlots({
    schedule: s, kind: s.kinds[options.kind ?? 0]!, zone: ZONE, fromDay, toDay, now: options.now ?? Date.parse('2027-01-01T00:00:00Z'),
    horizonDays: options.horizonDays ?? 366, busy: options.busy ?? [],
  });
}

describe('free slots across daylight saving', () => {
  test('9:00 is 9:00 in New York on both sides of the March change: 14:00Z before, 13:00Z after', () => {
    const found = slots(schedule(), '2027-03-12', '2027-03-15');
    const firsts = ['2027-03-12', '2027-03-15'].map((day) => found.find((s) => wall(s.start).startsWith(day))!);
    assert.deepEqual(firsts.map((s) => new Date(s.start).toISOString()), ['2027-03-12T14:00:00.000Z', '2027-03-15T13:00:00.000Z']);
    assert.deepEqual(firsts.map((s) => wall(s.start)), ['2027-03-12 09:00 -05:00', '2027-03-15 09:00 -04:00']);
  });

  test('and on both sides of the November change', () => {
    const found = slots(schedule(), '2027-11-05', '2027-11-08');
    const byDay = new Map<string, Interval[]>();
    for (const slot of found) byDay.set(wall(slot.start).slice(0, 10), [...(byDay.get(wall(slot.start).slice(0, 10)) ?? []), slot]);
    assert.deepEqual([...byDay.keys()], ['2027-11-05', '2027-11-08'], 'the weekend has no opening');
    assert.equal(wall(byDay.get('2027-11-05')![0]!.start), '2027-11-05 09:00 -04:00');
    assert.equal(wall(byDay.get('2027-11-08')![0]!.start), '2027-11-08 09:00 -05:00');
    // 9:00 to 17:00 every half hour, the last a 16:30 call: sixteen on each day, whatever the offset.
    assert.deepEqual([...byDay.values()].map((day) => day.length), [16, 16]);
  });

  test('a night opening skips the hour the March change skips', () => {
    const night = schedule({ hours: { sunday: ['00:00-04:00'] } });
    const found = slots(night, '2027-03-14', '2027-03-14').map((s) => wall(s.start).slice(11));
    assert.deepEqual(found, ['00:00 -05:00', '00:30 -05:00', '01:00 -05:00', '01:30 -05:00', '03:00 -04:00', '03:30 -04:00']);
    for (const s of slots(night, '2027-03-14', '2027-03-14')) assert.equal(s.end - s.start, 30 * MINUTE, 'every slot lasts its duration in real time');
  });

  test('and offers the doubled hour of November once', () => {
    const night = schedule({ hours: { sunday: ['00:00-04:00'] } });
    const found = slots(night, '2027-11-07', '2027-11-07');
    const starts = found.map((s) => s.start);
    assert.equal(new Set(starts).size, starts.length, 'no start repeats');
    assert.deepEqual(found.map((s) => wall(s.start).slice(11, 16)), ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    assert.ok(starts.every((start, i) => i === 0 || start > starts[i - 1]!), 'in time order');
  });
});

describe('what is not free', () => {
  test('closures, the weekend, the notice and the horizon leave no slot', () => {
    const s = schedule({ closures: ['2027-03-12'] });
    assert.equal(slots(s, '2027-03-12', '2027-03-14').length, 0, 'a closed Friday and a weekend');
    const now = Date.parse('2027-03-15T14:10:00Z'); // 10:10 in New York, a Monday
    const soon = slots(s, '2027-03-15', '2027-03-16', { now });
    assert.equal(wall(soon[0]!.start), '2027-03-16 10:30 -04:00', 'the 24 hours of notice');
    assert.equal(slots(s, '2027-03-15', '2027-03-30', { now, horizonDays: 2 }).at(-1)!.start <= now + 2 * 24 * 60 * MINUTE, true);
  });

  test('a busy time takes the slots that meet it, with the buffer on both sides', () => {
    const s = schedule();
    const busyStart = Date.parse('2027-03-16T15:00:00Z'); // 11:00 to 11:30 in New York
    const busy = [{ start: busyStart, end: busyStart + 30 * MINUTE }];
    const starts = slots(s, '2027-03-16', '2027-03-16', { kind: 1, busy }).map((x) => wall(x.start).slice(11, 16));
    // A meeting needs 60 minutes and 15 away from 11:00–11:30: 9:30 ends 10:30 (15 to spare), 10:00 ends at 11:00
    // (none), 11:30 starts at its end (none), 12:00 starts 30 after.
    assert.deepEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'].map((at) => starts.includes(at)), [true, true, false, false, false, false, true]);
    assert.equal(starts.at(-1), '16:00', 'the last meeting ends at closing time');
  });

  test('merged busy times: overlapping and touching intervals become one', () => {
    assert.deepEqual(mergeIntervals([{ start: 5, end: 9 }, { start: 1, end: 3 }, { start: 3, end: 4 }, { start: 6, end: 7 }]), [{ start: 1, end: 4 }, { start: 5, end: 9 }]);
  });

  test('the grid: a start the openings offer, never one off it', () => {
    const s = schedule();
    assert.equal(isOnGrid(s, s.kinds[0]!, ZONE, Date.parse('2027-03-16T13:30:00Z')), true);
    assert.equal(isOnGrid(s, s.kinds[0]!, ZONE, Date.parse('2027-03-16T13:40:00Z')), false, 'off the half-hour grid');
    assert.equal(isOnGrid(s, s.kinds[1]!, ZONE, Date.parse('2027-03-16T20:30:00Z')), false, 'a meeting at 16:30 would end after closing');
    assert.equal(isOnGrid(s, s.kinds[0]!, ZONE, Date.parse('2027-03-14T13:30:00Z')), false, 'a Sunday');
  });
});

describe('a bad schedule names its field', () => {
  const cases: Array<[string, Partial<ConsultationsSection>, RegExp]> = [
    ['a range that ends before it starts', { hours: { monday: ['17:00-09:00'] } }, /consultations\.hours\.monday\.0/],
    ['overlapping ranges', { hours: { monday: ['09:00-12:00', '11:00-13:00'] } }, /consultations\.hours\.monday": the ranges overlap/],
    ['no open day', { hours: {} }, /consultations\.hours/],
    ['a closure the calendar lacks', { closures: ['2027-02-30'] }, /consultations\.closures\.0/],
    ['a slug named twice', { types: [
      { slug: 'call', title: 'A', duration_minutes: 30, place: 'phone', description: 'x' },
      { slug: 'call', title: 'B', duration_minutes: 30, place: 'phone', description: 'y' },
    ] }, /consultations\.types\.1\.slug/],
  ];
  for (const [what, overrides, field] of cases) {
    test(what, () => assert.throws(() => schedule(overrides), (error: unknown) => error instanceof ScheduleError && field.test(error.message)));
  }
});
