import { sql, type Transaction } from 'kysely';
import type { CommitOutcome, CommitRequest, GenuineOutcome, InboxEntry, InboxFilter, InboxStore } from '../inquiries/inbox-store.js';
import type { NotificationChannel, StoredInquiry } from '../inquiries/notifier.js';
import { recordAcknowledgement } from './acknowledgements.js';
import type { Db } from './database.js';
import { deleteInquiry, deleteWhere, findInquiry, idsWhereEmail, listInquiries, purgeInquiries } from './inbox-queries.js';
import { inquiryRow, storedInquiryOf } from './inquiry-rows.js';
import type { Database } from './schema.js';

// The inbox store port (src/inquiries/inbox-store.ts) over Kysely, for SQLite and PostgreSQL.

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

/** One pending outbox job per channel, due at once: for a new inquiry, or one marked genuine. */
async function queueJobs(tx: Tx, inquiryId: string, notify: NotificationChannel[], queuedAt: number): Promise<void> {
  if (notify.length === 0) return;
  await tx.insertInto('notification_jobs').values(notify.map((channel) => ({
    id: `${inquiryId}:${channel}`, inquiry_id: inquiryId, channel, status: 'pending' as const, attempts: 0,
    created_at: queuedAt, next_attempt_at: queuedAt, locked_until: null, last_error: null, delivered_at: null,
  }))).execute();
}

async function insertInquiry(tx: Tx, { record, notify }: CommitRequest): Promise<void> {
  await tx.insertInto('inquiries').values(inquiryRow(record)).execute();
  await queueJobs(tx, record.id, notify, record.receivedAt);
}

async function remember(tx: Tx, idempotency: NonNullable<CommitRequest['idempotency']>, id: string, now: number): Promise<void> {
  // An expired row with the same key is forgotten first: the key is free again after its TTL.
  await tx.deleteFrom('idempotency_keys').where('key', '=', idempotency.key).where('created_at', '<', idempotency.notBefore).execute();
  await tx.insertInto('idempotency_keys').values({ key: idempotency.key, body_hash: idempotency.bodyHash, inquiry_id: id, created_at: now }).execute();
}

export class KyselyInboxStore implements InboxStore {
  constructor(private readonly db: Db) {}

  /** A concurrent insert of the same Idempotency-Key fails this transaction on the key's primary key. */
  async commit(request: CommitRequest): Promise<CommitOutcome> {
    return this.db.kysely.transaction().execute(async (tx): Promise<CommitOutcome> => {
      const { idempotency, record } = request;
      // Two identical submissions at the same instant would both miss each other in the duplicate check
      // under READ COMMITTED: on PostgreSQL they queue on a lock of their fingerprint, held to commit.
      // SQLite runs one write transaction at a time already.
      if (this.db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${record.fingerprint}))`.execute(tx);
      if (idempotency) {
        const seen = await findIdempotent(tx, idempotency.key, idempotency.notBefore);
        if (seen) return seen.body_hash === idempotency.bodyHash ? { kind: 'replayed', id: seen.inquiry_id } : { kind: 'key_reused' };
      }
      const duplicate = await findDuplicate(tx, record.fingerprint, request.duplicateSince);
      if (!duplicate) await insertInquiry(tx, request);
      // INQUIRY_ACK: a new inquiry only (never a duplicate or a replay), at most once per address per interval.
      if (!duplicate && request.acknowledge && await recordAcknowledgement(tx, request.acknowledge, record.id, record.receivedAt)) {
        await queueJobs(tx, record.id, ['acknowledgement'], record.receivedAt);
      }
      if (idempotency) await remember(tx, idempotency, duplicate ?? record.id, record.receivedAt);
      return duplicate ? { kind: 'duplicate', id: duplicate } : { kind: 'stored', id: record.id };
    });
  }

  async load(id: string): Promise<StoredInquiry | undefined> {
    const row = await this.db.kysely.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
    return row && storedInquiryOf(row);
  }

  list(filter?: InboxFilter): Promise<InboxEntry[]> {
    return listInquiries(this.db.kysely, filter);
  }

  find(id: string): Promise<InboxEntry | undefined> {
    return findInquiry(this.db.kysely, id);
  }

  delete(id: string): Promise<boolean> {
    return deleteInquiry(this.db.kysely, id);
  }

  purge(before: number): Promise<number> {
    return purgeInquiries(this.db.kysely, before);
  }

  idsWhereEmail(matches: (email: string) => boolean): Promise<string[]> {
    return idsWhereEmail(this.db.kysely, matches);
  }

  deleteMany(ids: string[]): Promise<number> {
    return deleteWhere(this.db.kysely, ids);
  }

  /** The flag is cleared by an UPDATE that only matches a flagged row, so two runs queue the jobs once. */
  async markGenuine(id: string, notify: NotificationChannel[], now: number): Promise<GenuineOutcome> {
    return this.db.kysely.transaction().execute(async (tx): Promise<GenuineOutcome> => {
      const cleared = await tx.updateTable('inquiries').set({ spam: 0 }).where('id', '=', id).where('spam', '=', 1).executeTakeFirst();
      if (Number(cleared.numUpdatedRows) === 1) {
        await queueJobs(tx, id, notify, now);
        return 'marked';
      }
      const exists = await tx.selectFrom('inquiries').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? 'not_spam' : 'not_found';
    });
  }
}
