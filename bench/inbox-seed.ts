import { BUDGETS, LOCATIONS, PHASES, placeOf, STAGES, type TriageState } from '../src/contract/inquiry.js';
import { uuidv7 } from '../src/inquiries/ids.js';
import type { Db } from '../src/store/db/database.js';
import type { InquiriesTable, InquiryMessagesTable, InquiryNotesTable, NotificationJobsTable } from '../src/store/db/schema.js';

// The inquiries the inbox benches store: deterministic (both databases hold the same rows, and runs
// compare), spread over two years, with their notification jobs, a note on a third of them and two
// messages on a fifth. Rare words sit in one inquiry in 20,000, in its message, a note or a message.

export const NOW = Date.UTC(2026, 10, 23);
const YEAR = 365 * 86_400_000;
/** In the inquiry's message, in its note, in its conversation: one inquiry in 20,000 each. */
export const RARE_WORDS = { message: 'zanzibar', note: 'kilimanjaro', conversation: 'marrakesh' } as const;
export const COMMON_WORD = 'house';
export const OPERATORS = ['ana@studio.example', 'ben@studio.example'];

let seed = 20261123;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const FIRST = ['Ada', 'Grace', 'José', 'Mia', 'Noah', 'Liam', 'Olivia', 'Ava', 'Lucas', 'Sofia', 'Ethan', 'Isabella', 'Mateo', 'Chloe'];
const LAST = ['Lovelace', 'Hopper', 'Núñez', 'García', 'Smith', 'Cohen', 'Rossi', 'Okafor', 'Tanaka', 'Silva', 'Müller', 'Dubois'];
const WORDS = ('a the of and with on by for in to pool terrace beach garden kitchen bedrooms bath renovation addition permit '
  + 'architect budget timeline waterfront lot acres views modern classic glass stone wood steel roof foundation '
  + 'hurricane code zoning survey guest cottage garage studio office library wine cellar gym spa dock').split(' ');

function words(least: number, spread: number): string {
  const chosen = Array.from({ length: least + Math.floor(random() * spread) }, () => pick(WORDS));
  if (random() < 0.4) chosen.splice(Math.floor(random() * chosen.length), 0, COMMON_WORD);
  return `${chosen.join(' ')}.`;
}

/** Of the inquiries not caught by the honeypot: most are handled, the newest are still new. */
function stateOf(receivedAt: number, spam: boolean): TriageState {
  if (spam) return 'spam';
  const age = NOW - receivedAt;
  const r = random();
  if (age < 14 * 86_400_000) return r < 0.7 ? 'new' : 'read';
  return r < 0.05 ? 'new' : r < 0.55 ? 'read' : r < 0.98 ? 'archived' : 'spam';
}

function inquiryRowAt(i: number, receivedAt: number): InquiriesTable {
  const spam = random() < 0.03;
  const state = stateOf(receivedAt, spam);
  const first = pick(FIRST);
  const last = pick(LAST);
  return {
    id: uuidv7(receivedAt), received_at: receivedAt, name: `${first} ${last}`,
    email: `${first}.${last}${i}@example.com`.toLowerCase(), phone: random() < 0.5 ? '+1 305 555 0100' : null,
    message: i % 20_000 === 7 ? `${words(20, 140)} A ${RARE_WORDS.message} retreat.` : words(20, 140),
    location: pick(LOCATIONS), budget: pick(BUDGETS), phase: pick(PHASES), language: random() < 0.3 ? 'es' : 'en',
    client_ip: '203.0.113.9', user_agent: 'Mozilla/5.0', channel: pick(['form', 'api', 'mcp']), client_id: null,
    spam: spam ? 1 : 0, fingerprint: `fp-${i}`, folder: placeOf(state).folder, unread: state === 'new' ? 1 : 0,
    stage: pick(STAGES), assignee: random() < 0.5 ? pick(OPERATORS) : null, last_activity_at: receivedAt,
    contact: `${first}.${last}${i}@example.com`.toLowerCase(), reply_token: null,
    state_changed_at: state === 'new' || (spam && state === 'spam') ? null : receivedAt + 3_600_000,
    state_changed_by: state === 'new' || (spam && state === 'spam') ? null : 'studio@example.com',
  };
}

function jobsOf(row: InquiriesTable): NotificationJobsTable[] {
  if (row.spam === 1) return [];
  return (['email', 'webhook'] as const).map((channel) => {
    const failed = random() < 0.01;
    return {
      id: `${row.id}:${channel}`, inquiry_id: row.id, channel, event: 'inquiry.received', ref: '', payload: null, status: failed ? 'failed' : 'done', attempts: failed ? 9 : 1,
      created_at: row.received_at, next_attempt_at: row.received_at, locked_until: null,
      last_error: failed ? 'webhook delivery failed: HTTP 500' : null, delivered_at: failed ? null : row.received_at + 2_000,
    };
  });
}

/** A note on every third inquiry. */
function notesOf(i: number, row: InquiriesTable): InquiryNotesTable[] {
  if (i % 3 !== 0) return [];
  const text = i % 20_000 === 9 ? `Called; they climbed ${RARE_WORDS.note} last year. ${words(5, 30)}` : `Called. ${words(5, 30)}`;
  return [{ id: `${row.id}:note`, inquiry_id: row.id, author: pick(OPERATORS), created_at: row.received_at + 7_200_000, edited_at: null, text }];
}

/** The studio's reply and the homeowner's answer on every fifth inquiry. */
function messagesOf(i: number, row: InquiriesTable): InquiryMessagesTable[] {
  if (i % 5 !== 0) return [];
  const answer = i % 20_000 === 10 ? `We met in ${RARE_WORDS.conversation}. ${words(10, 60)}` : words(10, 60);
  const message = (n: number, direction: 'in' | 'out', text: string): InquiryMessagesTable => ({
    id: `${row.id}:m${n}`, inquiry_id: row.id, direction, at: row.received_at + n * 86_400_000,
    from_address: direction === 'out' ? 'studio@example.com' : row.email, to_address: direction === 'out' ? row.email : 'studio@example.com',
    subject: 'Re: your project inquiry', text, message_id: `<${row.id}.${n}@studio.example>`, in_reply_to: null,
    reference_ids: '', author: direction === 'out' ? pick(OPERATORS) : null, contact: row.contact,
  });
  return [message(1, 'out', `Thank you for writing. ${words(10, 40)}`), message(2, 'in', answer)];
}

/**
 * When the inquiries arrived: spread over two years, a little more recent than old (the studio grows), in
 * the order they arrived, as the service stores them (so the table's physical order follows received_at).
 */
function arrivals(count: number): number[] {
  return Array.from({ length: count }, () => NOW - Math.floor(2 * YEAR * random() ** 1.2)).sort((a, b) => a - b);
}

/** Stores `count` inquiries in batches, one transaction each; returns how long that took (ms). */
export async function fillInbox(db: Db, count: number): Promise<number> {
  const started = performance.now();
  seed = 20261123;
  const times = arrivals(count);
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const rows = times.slice(start, start + BATCH).map((receivedAt, i) => inquiryRowAt(start + i, receivedAt));
    const notes = rows.flatMap((row, i) => notesOf(start + i, row));
    const messages = rows.flatMap((row, i) => messagesOf(start + i, row));
    await db.kysely.transaction().execute(async (tx) => {
      await tx.insertInto('inquiries').values(rows).execute();
      await tx.insertInto('notification_jobs').values(rows.flatMap(jobsOf)).execute();
      if (notes.length > 0) await tx.insertInto('inquiry_notes').values(notes).execute();
      if (messages.length > 0) await tx.insertInto('inquiry_messages').values(messages).execute();
    });
  }
  return performance.now() - started;
}
