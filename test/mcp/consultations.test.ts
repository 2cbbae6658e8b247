import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { BOOKING_POLICY } from '../../src/contract/consultation.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { connect, structured, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// Booking a consultation through the MCP SDK client: the types and free slots, a booking with its manage
// link, the same slot refused, a hold then its confirmation, and the booking bucket REST shares.

/** A Wednesday noon in New York's winter time: the notice puts the first free slots on Thursday. */
const NOW = Date.parse('2027-03-10T12:00:00Z');
const TYPE = 'introductory-call';
const WEEK = { type: TYPE, from: '2027-03-15', to: '2027-03-19' };

const person = (n: number) => ({ name: `Agent Person ${n}`, email: `person${n}@example.com` });

describe('MCP: list_consultation_slots and book_consultation', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  let slots: Array<{ start: string; end: string }>;
  /** Booking calls made so far through MCP, each counted in the booking bucket. */
  let bookingCalls = 0;

  const call = async (name: string, args: Json) => {
    if (name === 'book_consultation') bookingCalls += 1;
    const result = await client.callTool({ name, arguments: args });
    return { isError: result.isError === true, value: structured(result), text: (result.content as Array<{ text: string }>)[0]!.text };
  };

  before(async () => {
    server = await startServer(suite, {}, { clock: () => NOW });
    client = await connect(suite, server.url);
  });

  it('without a type lists the types, as GET /api/v1/consultations does', async () => {
    const { isError, value } = await call('list_consultation_slots', {});
    assert.equal(isError, false);
    assert.deepEqual(value, await (await fetch(`${server.url}/api/v1/consultations`)).json());
    assert.ok(value.consultations.some((kind: Json) => kind.slug === TYPE));
  });

  it('with a type lists its free slots in the studio\'s zone, as the REST list does', async () => {
    const { isError, value } = await call('list_consultation_slots', WEEK);
    assert.equal(isError, false);
    const rest = await (await fetch(`${server.url}/api/v1/consultations/${TYPE}/slots?from=${WEEK.from}&to=${WEEK.to}`)).json();
    assert.deepEqual(value, rest);
    assert.equal(value.time_zone, 'America/New_York');
    // After the March change: 9:00 in New York is 9:00-04:00.
    assert.equal(value.slots[0].start, '2027-03-15T09:00:00-04:00');
    slots = value.slots;
  });

  it('refuses an unknown type and days that are not days, naming what to fix', async () => {
    const unknown = await call('list_consultation_slots', { type: 'no-such-type' });
    assert.equal(unknown.isError, true);
    assert.equal(unknown.value.code, 'not_found');
    const badDay = await call('list_consultation_slots', { type: TYPE, from: '15/03/2027' });
    assert.equal(badDay.isError, true);
    assert.equal(badDay.value.code, 'invalid_field');
  });

  it('books a free slot: the booking with its manage_url; the same slot again is slot_taken with the nearest free starts', async () => {
    const booked = await call('book_consultation', { type: TYPE, start: slots[0]!.start, ...person(1), message: 'A house on a slope.' });
    assert.equal(booked.isError, false, booked.text);
    assert.equal(booked.value.status, 'booked');
    assert.equal(booked.value.start, slots[0]!.start);
    assert.equal(booked.value.end, slots[0]!.end);
    assert.ok(booked.value.manage_url.startsWith(`${server.url}/consultations/manage/`));
    assert.equal(booked.value.hold_expires_at, undefined);

    const again = await call('book_consultation', { type: TYPE, start: slots[0]!.start, ...person(2) });
    assert.equal(again.isError, true);
    assert.equal(again.value.code, 'slot_taken');
    assert.equal(again.value.field, 'start');
    assert.match(again.value.hint, /nearest free starts: 2027-03-15T/);

    const { value } = await call('list_consultation_slots', WEEK);
    assert.ok(!value.slots.some((slot: Json) => slot.start === slots[0]!.start), 'the slot is no longer listed');
  });

  it('holds a slot, then books it by the hold\'s id alone', async () => {
    const start = slots.at(-1)!.start;
    const held = await call('book_consultation', { type: TYPE, start, ...person(3), hold: true });
    assert.equal(held.isError, false, held.text);
    assert.equal(held.value.status, 'held');
    assert.equal(Date.parse(held.value.hold_expires_at), NOW + BOOKING_POLICY.holdMinutes * 60_000);

    const other = await call('book_consultation', { type: TYPE, start, ...person(4) });
    assert.equal(other.value.code, 'slot_taken', 'a held slot is not free');

    const confirmed = await call('book_consultation', { type: TYPE, hold_id: held.value.id });
    assert.equal(confirmed.isError, false, confirmed.text);
    assert.equal(confirmed.value.id, held.value.id);
    assert.equal(confirmed.value.status, 'booked');
    assert.equal(confirmed.value.start, start);

    const twice = await call('book_consultation', { type: TYPE, hold_id: held.value.id });
    assert.equal(twice.value.code, 'hold_expired', 'a hold is confirmed once');
  });

  it('checks the fields with the REST rules: a booking without a name is refused by field', async () => {
    const refused = await call('book_consultation', { type: TYPE, start: slots[1]!.start, email: 'person5@example.com' });
    assert.equal(refused.isError, true);
    assert.equal(refused.value.code, 'missing_field');
    assert.equal(refused.value.field, 'name');
    const noType = await client.callTool({ name: 'book_consultation', arguments: { start: slots[1]!.start } });
    assert.equal(noType.isError, true);
    assert.equal(structured(noType).field, 'type');
  });

  it('shares the booking bucket with REST: the REST answer counts the MCP calls, and REST\'s last call leaves MCP none', async () => {
    const { limit } = RATE_LIMIT_POLICIES.booking;
    const post = () => fetch(`${server.url}/api/v1/consultations/${TYPE}/bookings`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ start: slots[1]!.start }),
    });
    const first = await post();
    assert.equal(first.status, 400);
    assert.equal(first.headers.get('ratelimit-remaining'), String(limit - bookingCalls - 1));
    for (let left = limit - bookingCalls - 1; left > 0; left -= 1) assert.equal((await post()).status, 400);
    assert.equal((await post()).status, 429);
    const limited = await call('book_consultation', { type: TYPE, start: slots[1]!.start, ...person(6) });
    assert.equal(limited.isError, true);
    assert.equal(limited.value.code, 'rate_limited');
    assert.ok(limited.value.retry_after_seconds > 0);
  });
});
