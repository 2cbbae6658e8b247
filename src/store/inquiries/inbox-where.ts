import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { placeOf } from '../../contract/inquiry.js';
import type { InboxFilter } from '../../inquiries/ports.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';

// Which inquiries a query of the inbox selects: its filters and search words as WHERE conditions, and
// the keyset cursor of a page. The same conditions serve the pages, the folder counts and the exports.

type InquiryConditions = ExpressionBuilder<Database, 'inquiries'>;

/**
 * Words shorter than a trigram: the trigram indexes cannot find them, so SQLite looks for them with LIKE
 * in the inquiry and its notes and messages (a scan, narrowed first by any longer word of the search).
 */
const TRIGRAM = 3;

/** The distinct words of a search, lower-cased (both indexes fold case; this only merges "Pool" and "pool"). */
export function searchWords(search: string): string[] {
  return [...new Set(search.trim().split(/\s+/).filter((word) => word !== '').map((word) => word.toLowerCase()))];
}

/** A LIKE pattern that finds `text` anywhere: `%`, `_` and the escape character itself stand for themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** An FTS5 query every one of `words` must match, each a quoted string: nothing in it is an operator. */
function ftsQuery(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
}

/**
 * The spellings of a short word that SQLite's LIKE, which folds ASCII letters only, needs to find it in
 * any letter case: every other letter in both cases (two characters at most: four spellings at most).
 */
function letterCases(word: string): string[] {
  let spellings = [''];
  for (const char of word) {
    const cases = /[\u0000-\u007f]/.test(char) ? [char] : [...new Set([char.toLowerCase(), char.toUpperCase()])];
    spellings = spellings.flatMap((start) => cases.map((next) => start + next));
  }
  return spellings;
}

const INQUIRY_ID = sql.ref('inquiries.id');

/** SQLite: a short word in the inquiry's columns, one of its notes or one of its messages. */
function containsShortWord(word: string): Expression<SqlBool> {
  const anySpelling = letterCases(word).map((spelling) => {
    const pattern = likePattern(spelling);
    const like = (column: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
    return sql<SqlBool>`(${like('inquiries.name')} or ${like('inquiries.email')} or ${like('inquiries.message')}
      or ${INQUIRY_ID} in (select inquiry_id from inquiry_notes where ${like('text')})
      or ${INQUIRY_ID} in (select inquiry_id from inquiry_messages where ${like('subject')} or ${like('text')}))`;
  });
  return sql<SqlBool>`(${sql.join(anySpelling, sql` or `)})`;
}

/**
 * Every word of the search occurs in the inquiry's search document (its name, email and message, its
 * notes' text, its messages' subjects and text; migration 009_search), in any letter case. The words may
 * be spread over the inquiry, its notes and its messages.
 */
function searchConditions(search: string, dialect: DialectName, indexed: IndexedWords): Expression<SqlBool>[] {
  const words = searchWords(search);
  if (words.length === 0) return [];
  if (dialect === 'postgres') {
    const all = words.map((word) => sql<SqlBool>`body like lower(${likePattern(word)}) escape '\\'`);
    return [sql<SqlBool>`${INQUIRY_ID} in (select inquiry_id from inquiry_search where ${sql.join(all, sql` and `)})`];
  }
  const long = words.filter((word) => [...word].length >= TRIGRAM);
  const conditions = words.filter((word) => [...word].length < TRIGRAM).map(containsShortWord);
  if (long.length > 0 && indexed === 'included') {
    conditions.unshift(sql<SqlBool>`${INQUIRY_ID} in (select k.inquiry_id from inquiry_search_keys k
      where k.doc in (select rowid from inquiry_search where inquiry_search match ${ftsQuery(long)}))`);
  }
  return conditions;
}

/**
 * SQLite: the FTS5 query of the search's words of three characters or more (the ones its index finds),
 * undefined when it has none. A page of a word found in many inquiries walks the newest first and asks the
 * index about a range of them at a time (inbox-queries.ts, pageByIndexWalk), leaving this part out of the
 * conditions (`indexed: 'left-out'`).
 */
export function indexedSearch(search: string | undefined): string | undefined {
  const long = searchWords(search ?? '').filter((word) => [...word].length >= TRIGRAM);
  return long.length > 0 ? ftsQuery(long) : undefined;
}

/** Whether the conditions hold SQLite's FTS5 part of a search, or leave it to the caller. */
export type IndexedWords = 'included' | 'left-out';

/** Every condition of `filter` (none for an empty one); each narrows the result. */
export function filterConditions(eb: InquiryConditions, filter: InboxFilter, dialect: DialectName, indexed: IndexedWords = 'included'): Expression<SqlBool>[] {
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
  if (filter.search !== undefined) conditions.push(...searchConditions(filter.search, dialect, indexed));
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
