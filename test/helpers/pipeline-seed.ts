import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/store/db/database.js';
import type { InquiriesTable } from '../../src/store/db/schema.js';

// Inquiries as the pipeline leaves them, written straight into the tables (the reports and the digest
// read them; the code that moves stages and files messages is not what these tests are about): an
// inquiry with its stage, folder and last activity, its stage activities, and its conversation.

export interface SeedInquiry {
  at: number;
  name?: string;
  location?: InquiriesTable['location'];
  budget?: InquiriesTable['budget'];
  phase?: InquiriesTable['phase'];
  folder?: InquiriesTable['folder'];
  stage?: InquiriesTable['stage'];
  lastActivityAt?: number;
}

let seeded = 0;

/** Stores one inquiry; returns its id. */
export async function seedInquiry(db: Db, fields: SeedInquiry): Promise<string> {
  seeded += 1;
  const id = `seed-${String(seeded).padStart(4, '0')}-${randomUUID().slice(0, 8)}`;
  const email = `person${seeded}@example.com`;
  await db.kysely.insertInto('inquiries').values({
    id, received_at: fields.at, name: fields.name ?? `Person ${seeded}`, email, phone: null, message: 'A house by the sea, please.',
    location: fields.location ?? 'miami', budget: fields.budget ?? 'undisclosed', phase: fields.phase ?? 'unsure', language: 'en',
    client_ip: '203.0.113.9', user_agent: null, channel: 'api', client_id: null, spam: fields.folder === 'spam' ? 1 : 0, fingerprint: `fp-${id}`,
    folder: fields.folder ?? 'inbox', unread: 1, state_changed_at: null, state_changed_by: null, stage: fields.stage ?? 'new',
    assignee: null, last_activity_at: fields.lastActivityAt ?? fields.at, contact: email, reply_token: null,
  }).execute();
  return id;
}

/** A stage activity: the inquiry was moved from one stage to another at `at`. */
export async function seedStageChange(db: Db, inquiryId: string, at: number, from: string, to: string): Promise<void> {
  await db.kysely.insertInto('inquiry_activities').values({
    id: randomUUID(), inquiry_id: inquiryId, at, actor: 'desk@studio.example', kind: 'stage', from_value: from, to_value: to,
  }).execute();
}

/** One message of the inquiry's conversation: the studio's ('out') or the homeowner's ('in'). */
export async function seedMessage(db: Db, inquiryId: string, at: number, direction: 'in' | 'out'): Promise<void> {
  await db.kysely.insertInto('inquiry_messages').values({
    id: randomUUID(), inquiry_id: inquiryId, direction, at, from_address: 'a@example.com', to_address: 'b@example.com',
    subject: 'Re: your inquiry', text: 'Thank you.', message_id: null, in_reply_to: null, reference_ids: '', author: null, contact: 'a@example.com',
  }).execute();
}
