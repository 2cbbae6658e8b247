import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { BusyFeeds, type BusyFeedsOptions } from '../../src/consultations/busy-feeds.js';
import type { Interval } from '../../src/consultations/availability.js';
import { suiteScope, type Cleanups } from '../helpers/cleanups.js';

// The studio's own calendars (CALENDAR_BUSY_URLS) read from a real HTTP server on loopback: recurrences with
// their exceptions across the 2027 March change in New York, all-day, transparent, UTC and Outlook-style
// (a TZID only the feed's VTIMEZONE defines) events; a feed that fails keeps its last good copy, says so in
// its report, and its secret address never reaches a log line.

const ZONE = 'America/New_York';
const NOW = DateTime.fromISO('2027-03-01T07:00', { zone: ZONE }).toMillis();
const SECRET = 'private-9f8e7d6c5b4a';
const ny = (wallClock: string) => DateTime.fromISO(wallClock, { zone: ZONE }).toMillis();
const span = (from: string, to: string): Interval => ({ start: ny(from), end: ny(to) });

const ics = (...lines: string[]) => `${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//busy//EN', ...lines, 'END:VCALENDAR'].join('\r\n')}\r\n`;

/** Six Mondays at 10:00 New York from 1 March 2027 (the clocks change on the 14th): the 8th taken out, the 22nd moved to the 23rd at 14:00, the 29th cancelled. */
const WEEKLY = [
  'BEGIN:VEVENT', 'UID:weekly@test', 'DTSTAMP:20270101T000000Z', 'SUMMARY:Site walk',
  'DTSTART;TZID=America/New_York:20270301T100000', 'DTEND;TZID=America/New_York:20270301T110000',
  'RRULE:FREQ=WEEKLY;COUNT=6', 'EXDATE;TZID=America/New_York:20270308T100000', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:weekly@test', 'DTSTAMP:20270101T000000Z', 'RECURRENCE-ID;TZID=America/New_York:20270322T100000',
  'DTSTART;TZID=America/New_York:20270323T140000', 'DTEND;TZID=America/New_York:20270323T150000', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:weekly@test', 'DTSTAMP:20270101T000000Z', 'RECURRENCE-ID;TZID=America/New_York:20270329T100000',
  'DTSTART;TZID=America/New_York:20270329T100000', 'DTEND;TZID=America/New_York:20270329T110000', 'STATUS:CANCELLED', 'END:VEVENT',
];
const ALL_DAY = ['BEGIN:VEVENT', 'UID:away@test', 'DTSTAMP:20270101T000000Z', 'DTSTART;VALUE=DATE:20270402', 'DTEND;VALUE=DATE:20270403', 'END:VEVENT'];
const TRANSPARENT = ['BEGIN:VEVENT', 'UID:note@test', 'DTSTAMP:20270101T000000Z', 'DTSTART:20270406T150000Z', 'DTEND:20270406T160000Z', 'TRANSP:TRANSPARENT', 'END:VEVENT'];
const UTC = ['BEGIN:VEVENT', 'UID:utc@test', 'DTSTAMP:20270101T000000Z', 'DTSTART:20270407T170000Z', 'DTEND:20270407T173000Z', 'END:VEVENT'];
/** Outlook names Windows zones and defines them in the feed. */
const OUTLOOK = [
  'BEGIN:VTIMEZONE', 'TZID:Eastern Standard Time',
  'BEGIN:STANDARD', 'DTSTART:16010101T020000', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:16010101T020000', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3', 'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT', 'UID:outlook@test', 'DTSTAMP:20270101T000000Z',
  'DTSTART;TZID=Eastern Standard Time:20270408T090000', 'DTEND;TZID=Eastern Standard Time:20270408T093000', 'END:VEVENT',
];
const FULL = ics(...WEEKLY, ...ALL_DAY, ...TRANSPARENT, ...UTC, ...OUTLOOK);

type Mode = { kind: 'ics'; body: string } | { kind: 'status'; status: number } | { kind: 'garbage' } | { kind: 'hang' };

/** A calendar host on loopback whose answer the test changes. */
async function calendarHost(scope: Cleanups): Promise<{ url: string; serve(mode: Mode): void; requests: () => number }> {
  let mode: Mode = { kind: 'ics', body: FULL };
  let requests = 0;
  const answer = (response: ServerResponse) => {
    if (mode.kind === 'hang') return;
    if (mode.kind === 'status') return void response.writeHead(mode.status).end('no');
    const body = mode.kind === 'ics' ? mode.body : '<html><body>Sign in to see this calendar</body></html>';
    response.writeHead(200, { 'Content-Type': mode.kind === 'ics' ? 'text/calendar' : 'text/html' }).end(body);
  };
  const server = createServer((_request, response) => { requests += 1; answer(response); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  scope.after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/calendar/ical/${SECRET}/basic.ics`, serve: (next) => { mode = next; }, requests: () => requests };
}

function feeds(scope: Cleanups, urls: string[], options: Partial<BusyFeedsOptions> = {}): { busy: BusyFeeds; logs: object[] } {
  const logs: object[] = [];
  const log = { info: (fields: object) => logs.push(fields), warn: (fields: object) => logs.push(fields), error: (fields: object) => logs.push(fields) };
  const busy = new BusyFeeds({ urls, zone: ZONE, horizonDays: 60, refreshMinutes: 5, log, clock: () => NOW, ...options });
  scope.after(() => busy.stop());
  return { busy, logs };
}

const EXPECTED: Interval[] = [
  span('2027-03-01T10:00', '2027-03-01T11:00'),
  span('2027-03-15T10:00', '2027-03-15T11:00'),
  span('2027-03-23T14:00', '2027-03-23T15:00'),
  span('2027-04-02T00:00', '2027-04-03T00:00'),
  span('2027-04-05T10:00', '2027-04-05T11:00'),
  { start: Date.parse('2027-04-07T17:00:00Z'), end: Date.parse('2027-04-07T17:30:00Z') },
  span('2027-04-08T09:00', '2027-04-08T09:30'),
];

describe('busy times from the studio calendars', () => {
  const scope = suiteScope();

  it('expands recurrences with their exceptions across the March change, and reads all-day, UTC and VTIMEZONE times', async () => {
    const host = await calendarHost(scope);
    const { busy } = feeds(scope, [host.url]);
    await busy.start();
    assert.deepEqual(busy.busy(NOW - 86_400_000, ny('2027-05-01T00:00')), EXPECTED);
    // 10:00 in New York on both sides of the change: 15:00 UTC before it, 14:00 after.
    assert.equal(new Date(EXPECTED[0]!.start).toISOString(), '2027-03-01T15:00:00.000Z');
    assert.equal(new Date(EXPECTED[1]!.start).toISOString(), '2027-03-15T14:00:00.000Z');
    assert.deepEqual(busy.feeds.map((feed) => feed.report().status), ['up']);
  });

  it('answers only the intervals meeting the range asked, an interval crossing its edge included', async () => {
    const host = await calendarHost(scope);
    const { busy } = feeds(scope, [host.url]);
    await busy.start();
    assert.deepEqual(busy.busy(ny('2027-03-15T10:30'), ny('2027-04-02T00:00')), EXPECTED.slice(1, 3));
    assert.deepEqual(busy.busy(ny('2027-04-02T12:00'), ny('2027-04-02T13:00')), [EXPECTED[3]]);
    assert.deepEqual(busy.busy(ny('2027-03-01T11:00'), ny('2027-03-15T10:00')), []);
  });

  it('merges several feeds into one sorted list and names each by its host, never its secret address', async () => {
    const [a, b] = [await calendarHost(scope), await calendarHost(scope)];
    b.serve({ kind: 'ics', body: ics(...UTC.map((line) => line.replace('utc@test', 'other@test').replace('T173000Z', 'T180000Z'))) });
    const { busy } = feeds(scope, [a.url, b.url]);
    await busy.start();
    const merged = busy.busy(ny('2027-04-07T00:00'), ny('2027-04-08T00:00'));
    assert.deepEqual(merged, [{ start: Date.parse('2027-04-07T17:00:00Z'), end: Date.parse('2027-04-07T18:00:00Z') }]);
    const host = new URL(a.url).host;
    assert.deepEqual(busy.feeds.map((feed) => feed.name), [`calendar:${host}`, `calendar:${new URL(b.url).host}`]);
    assert.ok(busy.feeds.every((feed) => !feed.name.includes(SECRET)));
  });

  it('keeps the last good copy when the feed answers 500, then garbage, and reports it down without its address', async () => {
    const host = await calendarHost(scope);
    const { busy, logs } = feeds(scope, [host.url]);
    await busy.start();
    const [feed] = busy.feeds;
    for (const [mode, error] of [[{ kind: 'status', status: 500 }, 'HTTP 500'], [{ kind: 'garbage' }, 'not iCalendar']] as const) {
      host.serve(mode);
      await busy.refresh();
      assert.deepEqual(busy.busy(NOW, ny('2027-05-01T00:00')), EXPECTED);
      assert.deepEqual({ ...feed!.report(), checkedAt: undefined }, { status: 'down', error: `${error}; last good copy kept`, via: 'fetch', checkedAt: undefined });
    }
    assert.equal(logs.length, 2);
    assert.ok(!JSON.stringify(logs).includes(SECRET), JSON.stringify(logs));
    host.serve({ kind: 'ics', body: ics(...UTC) });
    await busy.refresh();
    assert.deepEqual(busy.busy(NOW, ny('2027-05-01T00:00')), [EXPECTED[5]]);
    assert.equal(feed!.report().status, 'up');
  });

  it('gives up on a feed that does not answer in time, and on one larger than the cap', async () => {
    const host = await calendarHost(scope);
    host.serve({ kind: 'hang' });
    const { busy } = feeds(scope, [host.url], { timeoutMs: 300 });
    const started = performance.now();
    await busy.start();
    assert.ok(performance.now() - started < 5_000);
    assert.deepEqual(busy.feeds[0]!.report().error, 'timed out');
    assert.deepEqual(busy.busy(NOW, ny('2027-05-01T00:00')), []);

    const big = await calendarHost(scope);
    const { busy: capped } = feeds(scope, [big.url], { maxBytes: 1_000 });
    await capped.start();
    assert.deepEqual(capped.feeds[0]!.report().error, 'too large');
  });

  it('reports unknown before the first read and unreachable when nothing listens', async () => {
    const host = await calendarHost(scope);
    const { busy } = feeds(scope, [host.url]);
    assert.deepEqual(busy.feeds[0]!.report(), { status: 'unknown' });
    const { busy: closed } = feeds(scope, ['http://127.0.0.1:9/calendar.ics']);
    await closed.start();
    assert.equal(closed.feeds[0]!.report().error, 'unreachable');
  });

  it('reads again every CALENDAR_REFRESH_MINUTES until stopped', async (t) => {
    const host = await calendarHost(scope);
    t.mock.timers.enable({ apis: ['setInterval'] });
    const { busy } = feeds(scope, [host.url], { refreshMinutes: 5 });
    await busy.start();
    host.serve({ kind: 'ics', body: ics(...UTC) });
    t.mock.timers.tick(5 * 60_000);
    await busy.refresh();
    assert.equal(host.requests(), 2);
    assert.deepEqual(busy.busy(NOW, ny('2027-05-01T00:00')), [EXPECTED[5]]);
    await busy.stop();
    t.mock.timers.tick(5 * 60_000);
    assert.equal(host.requests(), 2);
  });
});
