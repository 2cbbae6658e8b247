import { sql, type Transaction } from 'kysely';
import type { CommitOutcome, CommitRequest, InboxEntry, InboxFilter, InboxStore } from '../inquiries/inbox-store.js';
import type { StoredInquiry } from '../inquiries/notifier.js';
import type { Db } from './database.js';
import { deleteInquiry, findInquiry, listInquiries, purgeInquiries } from './inbox-queries.js';
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

async function insertInquiry(tx: Tx, { record, notify }: CommitRequest): Promise<void> {
  await tx.insertInto('inquiries').values(inquiryRow(record)).execute();
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
}
