import assert from 'node:assert/strict';
import { test } from 'node:test';
import ICAL from 'ical.js';
import { studioWith } from '../helpers/cli.js';
import { startServer } from '../helpers/server.js';

// `studio calendar url` prints the studio's secret calendar address, which the running service answers with
// the bookings; `studio calendar rotate` replaces it, and the old address answers 404 at once.

const NOW = Date.parse('2027-03-10T12:00:00Z');

test('the printed address serves the bookings as iCalendar, and rotate retires it', async (t) => {
  const server = await startServer(t, {}, { clock: () => NOW });
  // The command is run with the server's own variables, as an operator would on its machine.
  const env = { DATABASE_URL: server.config.databaseUrl, BASE_URL: server.url };
  const studio = (...args: string[]) => studioWith(env, ...args);
  const booked = await fetch(`${server.url}/api/v1/consultations/introductory-call/bookings`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ start: '2027-03-12T09:00:00-05:00', name: 'Feed Person', email: 'feed@example.com' }),
  });
  assert.equal(booked.status, 201);
  const { id } = await booked.json() as { id: string };

  const printed = await studio('calendar', 'url');
  assert.equal(printed.code, 0, printed.stderr);
  const address = printed.stdout.trim();
  assert.match(address, new RegExp(`^${server.url}/calendar/[A-Za-z0-9_-]{20,}/consultations\\.ics$`));
  assert.equal((await studio('calendar', 'url')).stdout.trim(), address, 'the same address until rotated');

  const feed = await fetch(address);
  assert.equal(feed.status, 200);
  assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
  const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent');
  assert.ok(events.some((event) => String(event.getFirstPropertyValue('uid')).startsWith(id)), 'the booking is in the feed');

  const rotated = await studio('calendar', 'rotate');
  assert.equal(rotated.code, 0, rotated.stderr);
  assert.notEqual(rotated.stdout.trim(), address);
  assert.match(rotated.stderr, /no longer works/);
  assert.equal((await fetch(address)).status, 404, 'the old address is gone');
  assert.equal((await fetch(rotated.stdout.trim())).status, 200);

  const wrong = await studio('calendar', 'subscribe');
  assert.notEqual(wrong.code, 0, 'an unknown subcommand is a usage error');
});
