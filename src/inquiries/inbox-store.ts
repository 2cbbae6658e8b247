import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../store/database.js';
import type { Inquiry } from '../contract/inquiry.js';
import type { Database, InquiriesTable } from '../store/schema.js';
import type { NotificationChannel, StoredInquiry } from './notifier.js';

/** Everything the inbox stores about one accepted submission. */
export interface InquiryRecord {
  id: string;
  receivedAt: number;
  inquiry: Inquiry;
  spam: boolean;
  clientIp: string;
  userAgent: string | undefined;
  channel: string;
  clientId: string | undefined;
  fingerprint: string;
}

export interface CommitRequest {
  record: InquiryRecord;
  /** One outbox job per channel; none for spam. */
  notify: NotificationChannel[];
  idempotency: { key: string; bodyHash: string; notBefore: number } | undefined;
  /** An inquiry with the same fingerprint received after this time is the same inquiry. */
  duplicateSince: number;
}

export type CommitOutcome =
  | { kind: 'stored'; id: string }
  | { kind: 'replayed'; id: string }
  | { kind: 'duplicate'; id: string }
  | { kind: 'key_reused' };

type Tx = Transaction<Database>;

async function findIdempotent(tx: Tx, key: string, notBefore: number) {
  return tx.selectFrom('idempotency_keys').selectAll()
    .where('key', '=', key).where('created_at', '>=', notBefore).executeTakeFirst();
}

async function findDuplicate(tx: Tx, fingerprint: string, since: number): Promise<string | undefined> {
  const row = await tx.selectFrom('inquiries').select('id')
    .where('fingerprint', '=', fingerprint).where('received_at', '>=', since)
    .orderBy('received_at', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

function toRow(r: InquiryRecord): InquiriesTable {
  return {
    id: r.id, received_at: r.receivedAt,
    name: r.inquiry.name, email: r.inquiry.email, phone: r.inquiry.phone ?? null, message: r.inquiry.message,
    location: r.inquiry.location, budget: r.inquiry.budget, phase: r.inquiry.phase,
    client_ip: r.clientIp, user_agent: r.userAgent ?? null, channel: r.channel, client_id: r.clientId ?? null,
    spam: r.spam ? 1 : 0, fingerprint: r.fingerprint,
  };
}

async function insertInquiry(tx: Tx, { record, notify }: CommitRequest): Promise<void> {
  await tx.insertInto('inquiries').values(toRow(record)).execute();
  if (notify.length === 0) return;
  await tx.insertInto('notification_jobs').values(notify.map((channel) => ({
    id: `${record.id}:${channel}`, inquiry_id: record.id, channel, status: 'pending' as const, attempts: 0,
    created_at: record.receivedAt, next_attempt_at: record.receivedAt, locked_until: null, last_error: null, delivered_at: null,
  }))).execute();
}

async function remember(tx: Tx, idempotency: NonNullable<CommitRequest['idempotency']>, id: string, now: number): Promise<void> {
  // An expired row with the same key is forgotten first: the key is free again after its TTL.
  await tx.deleteFrom('idempotency_keys').where('key', '=', idempotency.key).where('created_at', '<', idempotency.notBefore).execute();
  await tx.insertInto('idempotency_keys').values({ key: idempotency.key, body_hash: idempotency.bodyHash, inquiry_id: id, created_at: now }).execute();
}

/**
 * One transaction: replay an Idempotency-Key, or recognize an identical duplicate, or insert the
 * inquiry with its outbox jobs. A concurrent insert of the same key fails the transaction on the key's
 * primary key; the caller retries once and then sees the replay.
 */
export async function commitSubmission(db: Kysely<Database>, dialect: DialectName, request: CommitRequest): Promise<CommitOutcome> {
  return db.transaction().execute(async (tx): Promise<CommitOutcome> => {
    const { idempotency, record } = request;
    // Two identical submissions at the same instant would both miss each other in the duplicate check
    // under READ COMMITTED: on PostgreSQL they queue on a lock of their fingerprint, held to commit.
    // SQLite runs one write transaction at a time already.
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${record.fingerprint}))`.execute(tx);
    if (idempotency) {
      const seen = await findIdempotent(tx, idempotency.key, idempotency.notBefore);
      if (seen) return seen.body_hash === idempotency.bodyHash ? { kind: 'replayed', id: seen.inquiry_id } : { kind: 'key_reused' };
    }
    const duplicate = await findDuplicate(tx, record.fingerprint, request.duplicateSince);
    if (!duplicate) await insertInquiry(tx, request);
    if (idempotency) await remember(tx, idempotency, duplicate ?? record.id, record.receivedAt);
    return duplicate ? { kind: 'duplicate', id: duplicate } : { kind: 'stored', id: record.id };
  });
}

/** Reads one inquiry as the notifiers see it. */
export async function loadInquiry(db: Kysely<Database>, id: string): Promise<StoredInquiry | undefined> {
  const row = await db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id, name: row.name, email: row.email, phone: row.phone, message: row.message,
    location: row.location as StoredInquiry['location'], budget: row.budget as StoredInquiry['budget'],
    phase: row.phase as StoredInquiry['phase'], receivedAt: new Date(row.received_at),
  };
}
