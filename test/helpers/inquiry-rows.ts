import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../src/inquiries/ids.js';
import type { InquiriesTable, InquiryMessagesTable, InquiryNotesTable } from '../../src/store/db/schema.js';

// Rows of inquiries, notes and messages as the store holds them, for the tests and benches that seed a
// database directly with Kysely (the store's own writers of notes and messages are not needed for that).

let sequence = 0;

/** An inquiry in the inbox, unread, stage new, unassigned; `overrides` sets any column. */
export function inquiryRow(overrides: Partial<InquiriesTable> = {}): InquiriesTable {
  sequence += 1;
  const receivedAt = overrides.received_at ?? Date.UTC(2026, 10, 1) + sequence * 1_000;
  const email = overrides.email ?? `person${sequence}@example.com`;
  return {
    id: uuidv7(receivedAt), received_at: receivedAt, name: `Person ${sequence}`, email, phone: null,
    message: 'A house by the water.', location: 'miami', budget: '1m-3m', phase: 'planning', language: 'en',
    client_ip: '203.0.113.9', user_agent: null, channel: 'api', client_id: null, spam: 0, fingerprint: `fp-${randomUUID()}`,
    folder: 'inbox', unread: 1, state_changed_at: null, state_changed_by: null, stage: 'new', assignee: null,
    last_activity_at: receivedAt, contact: email.toLowerCase(), reply_token: null,
    ...overrides,
  };
}

export function noteRow(inquiryId: string, text: string, overrides: Partial<InquiryNotesTable> = {}): InquiryNotesTable {
  return { id: randomUUID(), inquiry_id: inquiryId, author: 'ana@studio.example', created_at: Date.now(), edited_at: null, text, ...overrides };
}

export function messageRow(inquiryId: string | null, subject: string, text: string, overrides: Partial<InquiryMessagesTable> = {}): InquiryMessagesTable {
  return {
    id: randomUUID(), inquiry_id: inquiryId, direction: 'in', at: Date.now(), from_address: 'homeowner@example.com',
    to_address: 'studio@example.com', subject, text, message_id: `<${randomUUID()}@example.com>`, in_reply_to: null,
    reference_ids: '', author: null, contact: 'homeowner@example.com', ...overrides,
  };
}
