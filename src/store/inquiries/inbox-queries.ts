import { sql, type Kysely } from 'kysely';
import { FOLDERS, STAGES, type Folder, type Stage } from '../../contract/inquiry.js';
import type { CountQuery, InboxCounts, InboxEntry, InboxFilter, InboxPage, InboxQuery } from '../../inquiries/ports.js';
import type { Db } from '../db/database.js';
import { afterCursor, cursorAfter, filterConditions, indexedSearch } from './inbox-where.js';
import { inboxEntryOf, NOTIFICATION_STATE_COLUMNS, type NotificationStateRow } from './rows.js';
import type { Database, InquiriesTable } from '../db/schema.js';

// The operator's reads and privacy deletes over the inbox (the web inbox, the read API, the `studio inbox`
// commands, the erasure use case), for the inbox store adapter. The same SQL serves SQLite and PostgreSQL.

const PURGE_BATCH = 500;
/** Ids per statement: far below SQLite's and PostgreSQL's bound-parameter limits. */
const ID_CHUNK = 500;
const SCAN_BATCH = 1_000;

/**
 * The rows with their notification jobs: one query per 500 rows (a page is one, an export of 100,000 is
 * 200). An operator's replies are the conversation's (their state shows on the thread), not notifications.
 */
async function withJobs(db: Kysely<Database>, rows: InquiriesTable[]): Promise<InboxEntry[]> {
  const jobsOf = new Map<string, NotificationStateRow[]>();
  for (let start = 0; start < rows.length; start += ID_CHUNK) {
    const ids = rows.slice(start, start + ID_CHUNK).map((row) => row.id);
    const jobs = await db.selectFrom('notification_jobs').select(['inquiry_id', ...NOTIFICATION_STATE_COLUMNS])
      .where('inquiry_id', 'in', ids).where('channel', '<>', 'reply').orderBy('channel').execute();
    for (const job of jobs) {
      const list = jobsOf.get(job.inquiry_id);
      if (list) list.push(job); else jobsOf.set(job.inquiry_id, [job]);
    }
  }
  return rows.map((row) => inboxEntryOf(row, jobsOf.get(row.id) ?? []));
}

/** Newest first; the id settles equal times, so the order is total (the cursor relies on it). */
function newestFirst(db: Db, filter: InboxFilter, cursor?: string) {
  return db.kysely.selectFrom('inquiries').selectAll()
    .where((eb) => eb.and([...filterConditions(eb, filter, db.dialect), ...afterCursor(eb, cursor)]))
    .orderBy('received_at', 'desc').orderBy('id', 'desc');
}

export async function listInquiries(db: Db, filter: InboxFilter = {}): Promise<InboxEntry[]> {
  const query = newestFirst(db, filter);
  return withJobs(db.kysely, await (filter.limit === undefined ? query : query.limit(filter.limit)).execute());
}

/** An FTS5 query's matches are counted up to this many: fewer, a page looks each one up; as many, it walks. */
const FEW_MATCHES = 500;
/** The first stride of rows a walk reads; each next one is four times as long, up to the last. */
const WALK_STRIDES = { first: 128, last: 16_384 };

/** The first `wanted` rows of the page: SQLite's search of a word found in many inquiries walks instead of looking up. */
async function pageRows(db: Db, query: InboxQuery, wanted: number, cursor: string | undefined): Promise<InquiriesTable[]> {
  const fts = db.dialect === 'sqlite' ? indexedSearch(query.search) : undefined;
  if (fts === undefined || !(await matchesMany(db, fts))) return newestFirst(db, query, cursor).limit(wanted).execute();
  return pageByIndexWalk(db, query, wanted, cursor, fts);
}

async function matchesMany(db: Db, fts: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from
    (select rowid from inquiry_search where inquiry_search match ${fts} limit ${FEW_MATCHES})`.execute(db.kysely);
  return Number(rows[0]!.n) >= FEW_MATCHES;
}

/**
 * A page of words found in many inquiries: the newest rows that meet the other conditions, a stride at a
 * time, and of those the ones the index finds within the range of their documents' numbers (a range
 * read of the index; numbers follow arrival, so a stride's range is about as long as the stride). It
 * reads about as many rows as the page needs, where looking up every match reads them all: at 100,000
 * inquiries "house" is in 58,000 and the lookup took a second (bench/search.ts). Exact whatever the
 * numbers' order: every row of a stride is asked about, and only the range's length depends on it.
 */
async function pageByIndexWalk(db: Db, query: InboxQuery, wanted: number, cursor: string | undefined, fts: string): Promise<InquiriesTable[]> {
  const found: InquiriesTable[] = [];
  let after = cursor;
  for (let stride = WALK_STRIDES.first; ; stride = Math.min(stride * 4, WALK_STRIDES.last)) {
    const rows = await db.kysely.selectFrom('inquiries').selectAll()
      .select(sql<number | null>`(select doc from inquiry_search_keys where inquiry_id = inquiries.id)`.as('search_doc'))
      .where((eb) => eb.and([...filterConditions(eb, query, db.dialect, 'left-out'), ...afterCursor(eb, after)]))
      .orderBy('received_at', 'desc').orderBy('id', 'desc').limit(stride).execute();
    const docs = rows.map((row) => row.search_doc).filter((doc) => doc !== null);
    if (docs.length > 0) {
      // The bounds as literals (integers of our own): bound as parameters, the same range read took ten times as long.
      const matched = await sql<{ rowid: number }>`select rowid from inquiry_search
        where inquiry_search match ${fts} and rowid between ${sql.lit(Math.min(...docs))} and ${sql.lit(Math.max(...docs))}`.execute(db.kysely);
      const matches = new Set(matched.rows.map((row) => Number(row.rowid)));
      for (const { search_doc: doc, ...row } of rows) {
        if (doc === null || !matches.has(doc)) continue;
        found.push(row);
        if (found.length === wanted) return found;
      }
    }
    if (rows.length < stride) return found;
    after = cursorAfter(rows.at(-1)!);
  }
}

/** One row more than the page tells whether another page follows. */
export async function pageInquiries(db: Db, query: InboxQuery, limit: number, cursor?: string): Promise<InboxPage> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`page limit must be a whole number from 1, not ${limit}`);
  const rows = await pageRows(db, query, limit + 1, cursor);
  const shown = rows.slice(0, limit);
  return { entries: await withJobs(db.kysely, shown), next: rows.length > limit ? cursorAfter(shown.at(-1)!) : undefined };
}

/** The inbox folder's unread inquiries, from the summary the triggers keep: every page asks, at any size. */
export async function countUnread(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom('inquiry_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('count'))
    .where('folder', '=', 'inbox').where('unread', '=', 1).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Delta rows the summary may hold before a reader folds them (PostgreSQL; SQLite keeps one row per key). */
export const FOLD_AT = 1_000;

/**
 * Folds PostgreSQL's delta rows into one row per key, in one statement: the rows it sees are deleted and
 * their sums written back. Deltas committed meanwhile are not seen and stay; an intake never waits on it.
 * One fold at a time (an advisory lock, skipped when taken): two would each sum the same rows.
 */
export async function foldCounts(db: Db): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await db.kysely.transaction().execute(async (tx) => {
    const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_xact_lock(${FOLD_LOCK_CLASS}, 0) as taken`.execute(tx);
    if (!rows[0]!.taken) return;
    await sql`with folded as (delete from inquiry_counts returning folder, unread, stage, assignee, n)
      insert into inquiry_counts (folder, unread, stage, assignee, n)
      select folder, unread, stage, assignee, sum(n) from folded group by folder, unread, stage, assignee having sum(n) <> 0`.execute(tx);
  });
}

/** The advisory lock of the fold, in the two-key space (the fingerprints' locks use the one-key space: they never meet). */
const FOLD_LOCK_CLASS = 0x5354_4346;

/** How many matching inquiries share a folder, unread flag, stage and assignee. */
interface CountGroup { folder: Folder; unread: number; stage: Stage; assignee: string | null; count: number }

/** What narrows the counts (CountQuery's fields, picked by name: a view's own fields never narrow them). */
function countNarrowing(query: CountQuery): CountQuery {
  const { search, location, budget, phase, since, until } = query;
  return { search, location, budget, phase, since, until };
}

const narrowsNothing = (query: object) => Object.values(query).every((value) => value === undefined);

/**
 * The groups of the inquiries `query` selects. With nothing to narrow them, the summary the triggers of
 * migration 009_search keep (a few dozen rows, at 100 inquiries or at 100,000); else one grouped read.
 */
async function countGroups(db: Db, query: InboxFilter): Promise<CountGroup[]> {
  if (narrowsNothing(query)) {
    const rows = await db.kysely.selectFrom('inquiry_counts')
      .select((eb) => ['folder', 'unread', 'stage', 'assignee', eb.fn.sum<number>('n').as('n'), eb.fn.countAll<number>().as('rows')])
      .groupBy(['folder', 'unread', 'stage', 'assignee']).execute();
    if (rows.reduce((sum, row) => sum + Number(row.rows), 0) > FOLD_AT) await foldCounts(db);
    return rows.filter((row) => Number(row.n) > 0)
      .map((row) => ({ folder: row.folder, unread: Number(row.unread), stage: row.stage, assignee: row.assignee === '' ? null : row.assignee, count: Number(row.n) }));
  }
  const rows = await db.kysely.selectFrom('inquiries')
    .select((eb) => ['folder', 'unread', 'stage', 'assignee', eb.fn.countAll().as('count')])
    .where((eb) => eb.and(filterConditions(eb, query, db.dialect)))
    .groupBy(['folder', 'unread', 'stage', 'assignee']).execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The views are sums of the groups (a few dozen at most). */
export async function countViews(db: Db, query: CountQuery, me: string): Promise<InboxCounts> {
  const counts: InboxCounts = {
    folders: Object.fromEntries(FOLDERS.map((folder) => [folder, { total: 0, unread: 0 }])) as InboxCounts['folders'],
    stages: Object.fromEntries(STAGES.map((stage) => [stage, 0])) as InboxCounts['stages'],
    mine: 0,
    unassigned: 0,
  };
  for (const group of await countGroups(db, countNarrowing(query))) {
    const n = group.count;
    counts.folders[group.folder].total += n;
    if (group.unread === 1) counts.folders[group.folder].unread += n;
    if (group.folder === 'spam') continue;
    counts.stages[group.stage] += n;
    if (group.assignee === null) counts.unassigned += n;
    else if (group.assignee === me) counts.mine += n;
  }
  return counts;
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
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const chunk = ids.slice(start, start + ID_CHUNK);
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
