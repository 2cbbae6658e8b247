import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { startServer } from '../helpers/server.js';

// The service with CALENDAR_BUSY_URLS: a meeting in the studio's own calendar takes its slots away (with
// the buffer), and /readyz reports the calendar without ever making the service unready for it.

const NOW = Date.parse('2027-03-10T12:00:00Z');
const FEED = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//busy//EN',
  'BEGIN:VEVENT', 'UID:site-visit@test', 'DTSTAMP:20270301T000000Z',
  'DTSTART;TZID=America/New_York:20270312T110000', 'DTEND;TZID=America/New_York:20270312T120000', 'SUMMARY:Site visit',
  'END:VEVENT', 'END:VCALENDAR', '',
].join('\r\n');

async function serveFeed(answer: { status: number }): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'text/calendar' }).end(answer.status === 200 ? FEED : 'down');
  });
  // Calendars poll; a kept-alive connection would hold the close.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/private/basic.ics`, server };
}

test('a busy time in the studio\'s calendar is no slot, and the calendar is reported by /readyz', async (t) => {
  const feed = await serveFeed({ status: 200 });
  t.after(() => new Promise((resolve) => feed.server.close(resolve)));
  const server = await startServer(t, { CALENDAR_BUSY_URLS: feed.url }, { clock: () => NOW });

  const readStarts = async () => {
    const response = await fetch(`${server.url}/api/v1/consultations/introductory-call/slots?from=2027-03-12&to=2027-03-12`);
    return ((await response.json()) as { slots: Array<{ start: string }> }).slots.map((slot) => slot.start.slice(11, 16));
  };
  // The calendar is read in the background after the start: until then 11:00 is still offered.
  let starts = await readStarts();
  for (let tries = 0; starts.includes('11:00') && tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    starts = await readStarts();
  }
  // 11:00–12:00 busy, with 15 minutes on each side: 10:30 would end at 11:00 (no margin), 12:00 starts at its end.
  assert.deepEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'].map((at) => starts.includes(at)), [true, false, false, false, false, true]);

  const ready = await fetch(`${server.url}/readyz`);
  assert.equal(ready.status, 200);
  const report = JSON.stringify(await ready.json());
  assert.match(report, /calendar:127\.0\.0\.1/);
  assert.doesNotMatch(report, /private\/basic\.ics/, 'the secret address is never shown');
});
