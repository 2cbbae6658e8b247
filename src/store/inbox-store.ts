import { sql, type Transaction } from 'kysely';
import type { TriageState } from '../contract/inquiry.js';
import type {
  CommitOutcome, CommitRequest, InboxEntry, InboxFilter, InboxPage, InboxQuery, InboxStore, StateChangeOutcome,
} from '../inquiries/inbox-store.js';
import type { NotificationChannel, StoredInquiry } from '../inquiries/notifier.js';
import { recordAcknowledgement } from './acknowledgements.js';
import type { Db } from './database.js';
import {
  countByState, deleteInquiry, deleteWhere, findInquiry, idsWhereEmail, listInquiries, pageInquiries, purgeInquiries,
} from './inbox-queries.js';
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

/** One pending outbox job per channel, due at once. */
function jobRows(inquiryId: string, notify: NotificationChannel[], queuedAt: number) {
  return notify.map((channel) => ({
    id: `${inquiryId}:${channel}`, inquiry_id: inquiryId, channel, status: 'pending' as const, attempts: 0,
    created_at: queuedAt, next_attempt_at: queuedAt, locked_until: null, last_error: null, delivered_at: null,
  }));
}

/** The jobs of a new inquiry. */
async function queueJobs(tx: Tx, inquiryId: string, notify: NotificationChannel[], queuedAt: number): Promise<void> {
  if (notify.length === 0) return;
  await tx.insertInto('notification_jobs').values(jobRows(inquiryId, notify, queuedAt)).execute();
}

/** The jobs an inquiry taken out of spam has none for yet; a channel it has a job for (any status) keeps it. */
async function queueMissingJobs(tx: Tx, inquiryId: string, notify: NotificationChannel[], queuedAt: number): Promise<void> {
  if (notify.length === 0) return;
  await tx.insertInto('notification_jobs').values(jobRows(inquiryId, notify, queuedAt))
    .onConflict((conflict) => conflict.columns(['inquiry_id', 'channel']).doNothing()).execute();
}

/** Sets the state where `from` holds (one statement, so a concurrent change is seen); true when it did. */
async function moveState(tx: Tx, id: string, from: StateCondition, state: TriageState, by: string, now: number): Promise<boolean> {
  const result = await tx.updateTable('inquiries').set({ state, state_changed_at: now, state_changed_by: by })
    .where('id', '=', id).where('state', from.op, from.state).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which current state a move applies to: exactly one, or any but one. */
interface StateCondition { op: '=' | '<>'; state: TriageState }

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
    return listInquiries(this.db, filter);
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

  page(query: InboxQuery, limit: number, cursor?: string): Promise<InboxPage> {
    return pageInquiries(this.db, query, limit, cursor);
  }

  countByState(query: Omit<InboxQuery, 'state'>): Promise<Record<TriageState, number>> {
    return countByState(this.db, query);
  }

  /**
   * Writes before it reads: each move is one UPDATE that only matches a row in the state it moves from,
   * so of two concurrent changes the second sees the first (and SQLite takes its write lock at once).
   * Out of spam first, as that move queues the jobs the spam folder held back.
   */
  async setState(id: string, state: TriageState, by: string, now: number, notify: NotificationChannel[]): Promise<StateChangeOutcome> {
    return this.db.kysely.transaction().execute(async (tx): Promise<StateChangeOutcome> => {
      if (state !== 'spam' && await moveState(tx, id, { op: '=', state: 'spam' }, state, by, now)) {
        await queueMissingJobs(tx, id, notify, now);
        return 'changed';
      }
      if (await moveState(tx, id, { op: '<>', state }, state, by, now)) return 'changed';
      const exists = await tx.selectFrom('inquiries').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? 'unchanged' : 'not_found';
    });
  }
}
