import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { freeSlots, rfc3339Writer, type Interval } from '../../src/consultations/availability.js';
import type { Schedule } from '../../src/consultations/schedule.js';

// The slot walk places each day of a zone once and counts minutes from a steady day's midnight (the slots
// benchmark: 60 days in ~1 ms instead of 8–18). Held here to the plain wall-clock walk, luxon asked at every
// step, around the changes of zones that differ: at 2:00 (New York), at midnight, so a day starts
// at 1:00 (Santiago), by half an hour (Lord Howe), none (Kolkata); open all day, so every change's day is met.

const MINUTE = 60_000;
const allDay = new Map([1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, [{ from: 0, to: 24 * 60 }]]));
const schedule: Schedule = {
  kinds: [{ slug: 'call', title: 'Call', durationMinutes: 30, place: 'phone', description: 'A call.' }],
  hours: allDay, bufferMinutes: 0, noticeMinutes: 0, stepMinutes: 30, closures: new Set(['2027-03-20']),
};

/** Every 30-minute wall-clock step of every day that exists in the zone and fits before the next day. */
function wallClockWalk(zone: string, fromDay: string, toDay: string): Interval[] {
  const slots: Interval[] = [];
  const last = DateTime.fromISO(toDay, { zone });
  for (let day = DateTime.fromISO(fromDay, { zone }).startOf('day'); day <= last; day = day.plus({ days: 1 }).startOf('day')) {
    if (day.toISODate() === '2027-03-20') continue;
    const closes = day.plus({ days: 1 }).startOf('day').toMillis();
    for (let minute = 0; minute < 24 * 60; minute += 30) {
      const at = day.set({ hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 });
      if (at.hour * 60 + at.minute !== minute) continue;
      if (at.toMillis() + 30 * MINUTE > closes) break;
      slots.push({ start: at.toMillis(), end: at.toMillis() + 30 * MINUTE });
    }
  }
  return slots;
}

describe('the slot walk across daylight-saving changes', () => {
  for (const zone of ['America/New_York', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
    it(`gives the wall clock's slots in ${zone} around 2027's changes`, () => {
      // March to mid-April and September to mid-November: every change of these zones in 2027.
      for (const [fromDay, toDay] of [['2027-03-01', '2027-04-12'], ['2027-09-01', '2027-11-10']] as const) {
        const query = { schedule, kind: schedule.kinds[0]!, zone, fromDay, toDay, now: 0, horizonDays: Infinity, busy: [] };
        const expected = wallClockWalk(zone, fromDay, toDay);
        // Twice: the second walk reads the days placed by the first.
        for (let round = 0; round < 2; round++) assert.deepEqual(freeSlots(query), expected);
      }
    });
  }

  it('keeps 9:00 at 9:00 in New York on both sides of the March change, and no slot in the skipped hour', () => {
    const zone = 'America/New_York';
    const starts = freeSlots({ schedule, kind: schedule.kinds[0]!, zone, fromDay: '2027-03-13', toDay: '2027-03-15', now: 0, horizonDays: Infinity, busy: [] })
      .map((slot) => DateTime.fromMillis(slot.start, { zone }).toFormat('yyyy-MM-dd HH:mm'));
    assert.ok(starts.includes('2027-03-13 09:00') && starts.includes('2027-03-15 09:00'));
    assert.ok(!starts.some((start) => start.startsWith('2027-03-14 02:')));
    assert.equal(starts.filter((start) => start.startsWith('2027-03-14')).length, 46);
  });

  it('answers no slot for a day the calendar lacks', () => {
    assert.deepEqual(freeSlots({ schedule, kind: schedule.kinds[0]!, zone: 'UTC', fromDay: '2027-02-30', toDay: '2027-03-02', now: 0, horizonDays: Infinity, busy: [] }), []);
  });

  for (const zone of ['America/New_York', 'America/Santiago', 'Australia/Lord_Howe', 'Europe/London', 'UTC']) {
    it(`writes RFC 3339 in ${zone} as luxon does, every hour and a half of 2027 (on the hour and the half), forward and back`, () => {
      const write = rfc3339Writer(zone);
      const luxon = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true });
      const first = Date.parse('2026-12-31T00:00:00Z');
      const instants = Array.from({ length: 366 * 16 }, (_, index) => first + index * 90 * MINUTE);
      for (const ms of [...instants, ...instants.slice(0, 500).reverse(), first + 1_500, first + 90 * 86_400_000 + 7_000]) assert.equal(write(ms), luxon(ms));
    });
  }
});
