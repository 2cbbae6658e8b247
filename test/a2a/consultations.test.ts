import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@a2a-js/sdk/client';
import { answerOf, connect, refusalOf, send, type Json } from '../helpers/a2a.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// Booking a consultation through the A2A SDK client: the skills' card entries, the free slots, a booking,
// the same slot refused as a failed task carrying slot_taken, and a hold confirmed.

/** A Wednesday noon in New York's winter time (see test/mcp/consultations.test.ts). */
const NOW = Date.parse('2027-03-10T12:00:00Z');
const TYPE = 'studio-meeting';
const WEEK = { type: TYPE, from: '2027-03-15', to: '2027-03-19' };

describe('A2A: list_consultation_slots and book_consultation', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  const skill = (name: string, args: Json) => send(client, [{ data: { skill: name, ...args } }]);

  before(async () => {
    server = await startServer(suite, {}, { clock: () => NOW });
    client = await connect(server.url);
  });

  it('the agent card describes both skills with the hold and the booking limits', async () => {
    const card = await (await fetch(`${server.url}/.well-known/agent-card.json`)).json() as Json;
    const skills = new Map((card.skills as Json[]).map((s) => [s.id, s]));
    assert.match(skills.get('list_consultation_slots')!.description, /"skill": "list_consultation_slots"/);
    const book = skills.get('book_consultation')!;
    assert.match(book.description, /"hold": true/);
    assert.match(book.description, /hold_id/);
    assert.match(book.description, /too_many_bookings/);
  });

  it('lists the types and a type\'s free slots as the REST API does', async () => {
    assert.deepEqual(answerOf(await skill('list_consultation_slots', {})), await (await fetch(`${server.url}/api/v1/consultations`)).json());
    const slots = answerOf(await skill('list_consultation_slots', WEEK));
    const rest = await (await fetch(`${server.url}/api/v1/consultations/${TYPE}/slots?from=${WEEK.from}&to=${WEEK.to}`)).json();
    assert.deepEqual(slots, rest);
  });

  it('books a slot; the same slot again fails with slot_taken; a hold is confirmed by its id', async () => {
    const { slots } = answerOf(await skill('list_consultation_slots', WEEK));
    const booked = answerOf(await skill('book_consultation', { type: TYPE, start: slots[0].start, name: 'Agent Person', email: 'a2a1@example.com' }));
    assert.equal(booked.status, 'booked');
    assert.equal(booked.start, slots[0].start);
    assert.ok(booked.manage_url.startsWith(`${server.url}/consultations/manage/`));

    const refused = refusalOf(await skill('book_consultation', { type: TYPE, start: slots[0].start, name: 'Other Person', email: 'a2a2@example.com' }));
    assert.equal(refused.error.code, 'slot_taken');
    assert.ok(refused.text.length > 0, 'the status message says what to do');

    const held = answerOf(await skill('book_consultation', { type: TYPE, start: slots[3].start, name: 'Third Person', email: 'a2a3@example.com', hold: true }));
    assert.equal(held.status, 'held');
    const confirmed = answerOf(await skill('book_consultation', { type: TYPE, hold_id: held.id }));
    assert.deepEqual({ id: confirmed.id, status: confirmed.status }, { id: held.id, status: 'booked' });
  });
});
