import type { Kysely } from 'kysely';
import type { InboxEntry, InboxFilter } from '../inquiries/inbox-store.js';
import { inboxEntryOf, NOTIFICATION_STATE_COLUMNS } from './inquiry-rows.js';
import type { Database, InquiriesTable } from './schema.js';

// The operator's reads and privacy deletes over the inbox (the `studio inbox` commands, the erasure use
// case), for the inbox store adapter. The same SQL serves SQLite and PostgreSQL.

const PURGE_BATCH = 500;
/** Ids per statement: far below SQLite's and PostgreSQL's bound-parameter limits. */
const DELETE_CHUNK = 500;
const SCAN_BATCH = 1_000;

async function withJobs(db: Kysely<Database>, rows: InquiriesTable[]): Promise<InboxEntry[]> {
  if (rows.length === 0) return [];
  const jobs = await db.selectFrom('notification_jobs').select(['inquiry_id', ...NOTIFICATION_STATE_COLUMNS])
    .where('inquiry_id', 'in', rows.map((r) => r.id)).orderBy('channel').execute();
  return rows.map((row) => inboxEntryOf(row, jobs.filter((j) => j.inquiry_id === row.id)));
}

/** Newest first. */
export async function listInquiries(db: Kysely<Database>, filter: InboxFilter = {}): Promise<InboxEntry[]> {
  let query = db.selectFrom('inquiries').selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc');
  if (filter.since !== undefined) query = query.where('received_at', '>=', filter.since);
  if (filter.before !== undefined) query = query.where('received_at', '<', filter.before);
  if (filter.spam !== undefined) query = query.where('spam', '=', filter.spam ? 1 : 0);
  if (filter.status) {
    const status = filter.status;
    query = query.where('id', 'in', db.selectFrom('notification_jobs').select('inquiry_id').where('status', '=', status));
  }
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return withJobs(db, await query.execute());
}

export async function findInquiry(db: Kysely<Database>, id: string): Promise<InboxEntry | undefined> {
  const row = await db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withJobs(db, [row]))[0] : undefined;
}

/** Deletes inquiries and everything that refers to them, in one transaction. Returns how many. */
export async function deleteWhere(db: Kysely<Database>, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    let deleted = 0;
    for (let start = 0; start < ids.length; start += DELETE_CHUNK) {
      const chunk = ids.slice(start, start + DELETE_CHUNK);
      await tx.deleteFrom('notification_jobs').where('inquiry_id', 'in', chunk).execute();
      await tx.deleteFrom('idempotency_keys').where('inquiry_id', 'in', chunk).execute();
      const result = await tx.deleteFrom('inquiries').where('id', 'in', chunk).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  });
}

export async function deleteInquiry(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await deleteWhere(db, [id])) === 1;
}

/** Reads every address in id order, a batch at a time, and keeps the ids of those that match. */
export async function idsWhereEmail(db: Kysely<Database>, matches: (email: string) => boolean): Promise<string[]> {
  const ids: string[] = [];
  let after = '';
  for (;;) {
    const rows = await db.selectFrom('inquiries').select(['id', 'email'])
      .where('id', '>', after).orderBy('id').limit(SCAN_BATCH).execute();
    for (const row of rows) if (matches(row.email)) ids.push(row.id);
    if (rows.length < SCAN_BATCH) return ids;
    after = rows[rows.length - 1]!.id;
  }
}

/** Retention: deletes every inquiry received before `before` (epoch ms), in batches. */
export async function purgeInquiries(db: Kysely<Database>, before: number): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await db.selectFrom('inquiries').select('id').where('received_at', '<', before).limit(PURGE_BATCH).execute();
    if (batch.length === 0) return total;
    total += await deleteWhere(db, batch.map((r) => r.id));
  }
}
