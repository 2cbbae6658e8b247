import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { placeOf } from '../../contract/inquiry.js';
import type { InboxFilter } from '../../inquiries/ports.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';

// Which inquiries a query of the inbox selects: its filters and search words as WHERE conditions, and
// the keyset cursor of a page. The same conditions serve the pages, the folder counts and the exports.

type InquiryConditions = ExpressionBuilder<Database, 'inquiries'>;

/** The columns a search looks in. */
const SEARCHED_COLUMNS = ['name', 'email', 'message'] as const;

/**
 * Each distinct word of a search as a LIKE pattern that finds it anywhere: `%`, `_` and the escape
 * character itself stand for themselves. Lower-cased here because SQLite's LIKE folds ASCII letters only.
 */
export function searchPatterns(search: string): string[] {
  const words = new Set(search.trim().split(/\s+/).filter((word) => word !== '').map((word) => word.toLowerCase()));
  return [...words].map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
}

/** The word occurs in one of the searched columns, in any letter case (PostgreSQL's ILIKE folds every script). */
function containsPattern(pattern: string, dialect: DialectName): Expression<SqlBool> {
  const like = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  const inColumns = SEARCHED_COLUMNS.map((column) => sql<SqlBool>`${sql.ref(column)} ${like} ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(inColumns, sql` or `)})`;
}

/** Every condition of `filter` (none for an empty one); each narrows the result. */
export function filterConditions(eb: InquiryConditions, filter: InboxFilter, dialect: DialectName): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.state !== undefined) {
    const place = placeOf(filter.state);
    conditions.push(eb('folder', '=', place.folder));
    if (place.unread !== undefined) conditions.push(eb('unread', '=', place.unread ? 1 : 0));
  }
  if (filter.folder !== undefined) conditions.push(eb('folder', '=', filter.folder));
  if (filter.exceptFolder !== undefined) conditions.push(eb('folder', '<>', filter.exceptFolder));
  if (filter.unread !== undefined) conditions.push(eb('unread', '=', filter.unread ? 1 : 0));
  if (filter.stage !== undefined) conditions.push(eb('stage', '=', filter.stage));
  if (filter.assignee !== undefined) conditions.push(filter.assignee === null ? eb('assignee', 'is', null) : eb('assignee', '=', filter.assignee));
  if (filter.spam !== undefined) conditions.push(eb('spam', '=', filter.spam ? 1 : 0));
  if (filter.location !== undefined) conditions.push(eb('location', '=', filter.location));
  if (filter.budget !== undefined) conditions.push(eb('budget', '=', filter.budget));
  if (filter.phase !== undefined) conditions.push(eb('phase', '=', filter.phase));
  if (filter.since !== undefined) conditions.push(eb('received_at', '>=', filter.since));
  if (filter.until !== undefined) conditions.push(eb('received_at', '<', filter.until));
  if (filter.search !== undefined) conditions.push(...searchPatterns(filter.search).map((pattern) => containsPattern(pattern, dialect)));
  if (filter.status !== undefined) {
    conditions.push(eb('id', 'in', eb.selectFrom('notification_jobs').select('inquiry_id').where('status', '=', filter.status)));
  }
  return conditions;
}

/** Where a page ended: the last entry's place in the newest-first order (received_at desc, id desc). */
interface PagePosition { receivedAt: number; id: string }

/** Longest id a cursor may carry (ids are UUIDs; anything longer is not one of ours). */
const CURSOR_ID_MAX_LENGTH = 100;

export function cursorAfter(position: { received_at: number; id: string }): string {
  return Buffer.from(JSON.stringify([position.received_at, position.id])).toString('base64url');
}

/** The position a cursor names; undefined for a missing or malformed one (the caller starts over). */
function positionOf(cursor: string | undefined): PagePosition | undefined {
  if (cursor === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [receivedAt, id] = value as unknown[];
  if (!Number.isSafeInteger(receivedAt) || typeof id !== 'string' || id.length > CURSOR_ID_MAX_LENGTH) return undefined;
  return { receivedAt: receivedAt as number, id };
}

/**
 * The rows after the cursor's position in the newest-first order: a row-value comparison, which both
 * databases answer as a range of the (…, received_at, id) indexes. No condition for no (or a bad) cursor.
 */
export function afterCursor(eb: InquiryConditions, cursor: string | undefined): Expression<SqlBool>[] {
  const position = positionOf(cursor);
  if (!position) return [];
  return [eb(eb.refTuple('received_at', 'id'), '<', eb.tuple(position.receivedAt, position.id))];
}
