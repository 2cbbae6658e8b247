import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';

// Search over everything an inquiry holds, and counts that cost the same at any size.
//
// Search: each inquiry has one search document, its name, email and message, the text of its notes and the
// subject and text of its messages, joined by spaces (a search word never holds a space, so no match spans
// two of them). Every word must occur somewhere in the document: words may be spread over the inquiry,
// its notes and its messages. Triggers keep the document in the transaction that changes its parts.
// - SQLite: an FTS5 trigram index (substrings, Unicode case folding), contentless (the text is not stored
//   twice) with deletes. Its rowids come from inquiry_search_keys, an INTEGER PRIMARY KEY: an inquiry's
//   own rowid is not stable (VACUUM, and `studio backup`'s VACUUM INTO, may renumber it).
// - PostgreSQL: a table of the documents, lower-cased, with a pg_trgm GIN index, which answers
//   LIKE '%word%'. It replaces 003's index over the inquiry's columns, which search no longer reads.
// Foreign-key cascades fire the notes' and messages' delete triggers on both databases (SQLite without
// recursive_triggers too); the document's own row goes with its inquiry.
//
// Counts: inquiry_counts holds how many inquiries share each (folder, unread, stage, assignee) — a few
// dozen rows whatever the size — kept by triggers on inquiries in the same transaction. '' stands for
// no assignee (a key column cannot be null). The inbox's unfiltered counts read it instead of grouping
// every row. On PostgreSQL the triggers append deltas rather than update a row per key: every new
// inquiry would otherwise update the same row (inbox, unread, new, nobody) and hold its lock to the end
// of its transaction, queueing every concurrent intake (the group commit's batches, other instances)
// behind it. The reader sums the deltas and folds them into one row per key now and then.

const SQLITE_BODY = sql`i.name || ' ' || i.email || ' ' || i.message
  || coalesce((select ' ' || group_concat(n.text, ' ') from inquiry_notes n where n.inquiry_id = i.id), '')
  || coalesce((select ' ' || group_concat(m.subject || ' ' || m.text, ' ') from inquiry_messages m where m.inquiry_id = i.id), '')`;

/** Lower-cased once here, so a search is a LIKE: ILIKE lowers every candidate's text again (ten times slower). */
const PG_BODY = sql`lower(i.name || ' ' || i.email || ' ' || i.message
  || coalesce((select ' ' || string_agg(n.text, ' ') from inquiry_notes n where n.inquiry_id = i.id), '')
  || coalesce((select ' ' || string_agg(m.subject || ' ' || m.text, ' ') from inquiry_messages m where m.inquiry_id = i.id), ''))`;

/** SQLite: the statements that rebuild the search document of the inquiry `id` (an SQL expression). */
function sqliteReindex(id: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`delete from inquiry_search where rowid = (select doc from inquiry_search_keys where inquiry_id = ${id});
    insert into inquiry_search(rowid, body) select k.doc, ${SQLITE_BODY}
      from inquiry_search_keys k join inquiries i on i.id = k.inquiry_id where k.inquiry_id = ${id};`;
}

const OLD = (column: string) => sql.raw(`old.${column}`);
const NEW = (column: string) => sql.raw(`new.${column}`);

async function sqliteSearch(db: Kysely<any>): Promise<void> {
  await sql`create table inquiry_search_keys (doc integer primary key, inquiry_id text not null unique)`.execute(db);
  await sql`create virtual table inquiry_search using fts5(body, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`insert into inquiry_search_keys(inquiry_id) select id from inquiries order by received_at, id`.execute(db);
  await sql`insert into inquiry_search(rowid, body) select k.doc, ${SQLITE_BODY} from inquiry_search_keys k join inquiries i on i.id = k.inquiry_id`.execute(db);
  const triggers: Array<[string, RawBuilder<unknown>, RawBuilder<unknown>]> = [
    ['inquiries_search_insert', sql`after insert on inquiries`,
      sql`insert into inquiry_search_keys(inquiry_id) values (new.id); ${sqliteReindex(NEW('id'))}`],
    ['inquiries_search_update', sql`after update of name, email, message on inquiries`, sqliteReindex(NEW('id'))],
    ['inquiries_search_delete', sql`after delete on inquiries`,
      sql`delete from inquiry_search where rowid = (select doc from inquiry_search_keys where inquiry_id = old.id);
        delete from inquiry_search_keys where inquiry_id = old.id;`],
  ];
  for (const table of ['inquiry_notes', 'inquiry_messages']) {
    const columns = table === 'inquiry_notes' ? 'text, inquiry_id' : 'subject, text, inquiry_id';
    triggers.push(
      [`${table}_search_insert`, sql`after insert on ${sql.raw(table)} when new.inquiry_id is not null`, sqliteReindex(NEW('inquiry_id'))],
      [`${table}_search_update`, sql`after update of ${sql.raw(columns)} on ${sql.raw(table)}`,
        sql`${sqliteReindex(OLD('inquiry_id'))} ${sqliteReindex(NEW('inquiry_id'))}`],
      [`${table}_search_delete`, sql`after delete on ${sql.raw(table)} when old.inquiry_id is not null`, sqliteReindex(OLD('inquiry_id'))],
    );
  }
  for (const [name, when, body] of triggers) {
    await sql`create trigger ${sql.raw(name)} ${when} begin ${body} end`.execute(db);
  }
}

async function pgSearch(db: Kysely<any>): Promise<void> {
  await sql`create table inquiry_search (inquiry_id text primary key references inquiries(id) on delete cascade, body text not null)`.execute(db);
  await sql`insert into inquiry_search(inquiry_id, body) select i.id, ${PG_BODY} from inquiries i`.execute(db);
  await sql`create function inquiry_search_refresh(target text) returns void language sql as $$
    insert into inquiry_search(inquiry_id, body) select i.id, ${PG_BODY} from inquiries i where i.id = target
    on conflict (inquiry_id) do update set body = excluded.body $$`.execute(db);
  // A batch of new inquiries (the group commit's multi-row INSERT) in one statement: no notes or messages yet.
  await sql`create function inquiries_search_insert() returns trigger language plpgsql as $$ begin
    insert into inquiry_search(inquiry_id, body) select id, lower(name || ' ' || email || ' ' || message) from added;
    return null; end $$`.execute(db);
  await sql`create trigger inquiries_search_insert after insert on inquiries referencing new table as added
    for each statement execute function inquiries_search_insert()`.execute(db);
  await sql`create function inquiry_part_search_refresh() returns trigger language plpgsql as $$ begin
    if tg_op <> 'INSERT' and old.inquiry_id is not null then perform inquiry_search_refresh(old.inquiry_id); end if;
    if tg_op <> 'DELETE' and new.inquiry_id is not null and (tg_op = 'INSERT' or new.inquiry_id is distinct from old.inquiry_id) then
      perform inquiry_search_refresh(new.inquiry_id);
    end if;
    return null; end $$`.execute(db);
  await sql`create function inquiry_search_refresh_self() returns trigger language plpgsql as $$ begin
    perform inquiry_search_refresh(new.id); return null; end $$`.execute(db);
  await sql`create trigger inquiries_search_update after update of name, email, message on inquiries
    for each row execute function inquiry_search_refresh_self()`.execute(db);
  await sql`create trigger inquiry_notes_search after insert or update of text, inquiry_id or delete on inquiry_notes
    for each row execute function inquiry_part_search_refresh()`.execute(db);
  await sql`create trigger inquiry_messages_search after insert or update of subject, text, inquiry_id or delete on inquiry_messages
    for each row execute function inquiry_part_search_refresh()`.execute(db);
  await sql`drop index if exists inquiries_search`.execute(db);
  // Only an optimization, as 003's index was: without the extension search still works, by a scan.
  await sql`savepoint search_index`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index inquiry_search_body on inquiry_search using gin (body gin_trgm_ops)`.execute(db);
    await sql`release savepoint search_index`.execute(db);
  } catch {
    await sql`rollback to savepoint search_index`.execute(db);
  }
}

const COUNT_KEY = 'folder, unread, stage, assignee';

/** SQLite: a row per key (its triggers add to it); PostgreSQL: rows of deltas, summed by the reader. */
async function createCounts(db: Kysely<any>, postgres: boolean): Promise<void> {
  const table = db.schema.createTable('inquiry_counts')
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('unread', 'integer', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('assignee', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull());
  await (postgres ? table : table.addPrimaryKeyConstraint('inquiry_counts_key', ['folder', 'unread', 'stage', 'assignee'])).execute();
  await sql`insert into inquiry_counts(${sql.raw(COUNT_KEY)}, n)
    select folder, unread, stage, coalesce(assignee, ''), count(*) from inquiries group by folder, unread, stage, coalesce(assignee, '')`.execute(db);
}

/** SQLite: one row at a time (one writer at a time, so no row of the summary is fought over). */
async function sqliteCountTriggers(db: Kysely<any>): Promise<void> {
  const add = (row: 'new' | 'old', delta: 1 | -1) => sql.raw(`insert into inquiry_counts(${COUNT_KEY}, n)
    values (${row}.folder, ${row}.unread, ${row}.stage, coalesce(${row}.assignee, ''), ${delta})
    on conflict (${COUNT_KEY}) do update set n = n + (${delta});`);
  await sql`create trigger inquiries_counts_insert after insert on inquiries begin ${add('new', 1)} end`.execute(db);
  await sql`create trigger inquiries_counts_delete after delete on inquiries begin ${add('old', -1)} end`.execute(db);
  await sql`create trigger inquiries_counts_update after update of folder, unread, stage, assignee on inquiries
    when old.folder is not new.folder or old.unread is not new.unread or old.stage is not new.stage or old.assignee is not new.assignee
    begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
}

/**
 * PostgreSQL: once per statement, over its transition tables, a delta row per key the statement changed
 * (a batch of inquiries, the group commit's, appends one). An INSERT waits on no other transaction, so
 * intake never queues on the summary. An UPDATE that changes none of the four columns appends nothing.
 */
async function pgCountTriggers(db: Kysely<any>): Promise<void> {
  const apply = (changes: string) => sql.raw(`insert into inquiry_counts(${COUNT_KEY}, n)
    select folder, unread, stage, assignee, sum(delta) from (${changes}) as change
    group by folder, unread, stage, assignee having sum(delta) <> 0;`);
  const rows = (table: string, delta: 1 | -1) => `select folder, unread, stage, coalesce(assignee, '') as assignee, ${delta} as delta from ${table}`;
  const events: Array<[string, string, string]> = [
    ['insert', 'referencing new table as added', rows('added', 1)],
    ['delete', 'referencing old table as removed', rows('removed', -1)],
    ['update', 'referencing old table as removed new table as added', `${rows('removed', -1)} union all ${rows('added', 1)}`],
  ];
  for (const [event, referencing, changes] of events) {
    await sql`create function ${sql.raw(`inquiries_counts_${event}`)}() returns trigger language plpgsql as $$ begin
      ${apply(changes)} return null; end $$`.execute(db);
    await sql`create trigger ${sql.raw(`inquiries_counts_${event}`)} after ${sql.raw(event)} on inquiries ${sql.raw(referencing)}
      for each statement execute function ${sql.raw(`inquiries_counts_${event}`)}()`.execute(db);
  }
}

const PG_FUNCTIONS = ['inquiries_counts_insert', 'inquiries_counts_delete', 'inquiries_counts_update', 'inquiries_search_insert',
  'inquiry_search_refresh_self', 'inquiry_part_search_refresh'];
const SQLITE_TRIGGERS = ['inquiries_counts_insert', 'inquiries_counts_delete', 'inquiries_counts_update', 'inquiries_search_insert',
  'inquiries_search_update', 'inquiries_search_delete', 'inquiry_notes_search_insert', 'inquiry_notes_search_update',
  'inquiry_notes_search_delete', 'inquiry_messages_search_insert', 'inquiry_messages_search_update', 'inquiry_messages_search_delete'];

export const searchMigration: Migration = {
  async up(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await createCounts(db, postgres);
    if (postgres) {
      await pgCountTriggers(db);
      await pgSearch(db);
    } else {
      await sqliteCountTriggers(db);
      await sqliteSearch(db);
    }
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      // Dropping a function drops the triggers that call it.
      for (const name of PG_FUNCTIONS) await sql`drop function ${sql.raw(name)}() cascade`.execute(db);
      await sql`drop function inquiry_search_refresh(text)`.execute(db);
      await sql`drop table inquiry_search`.execute(db);
      await sql`savepoint search_index`.execute(db);
      try {
        await sql`create index inquiries_search on inquiries using gin (name gin_trgm_ops, email gin_trgm_ops, message gin_trgm_ops)`.execute(db);
        await sql`release savepoint search_index`.execute(db);
      } catch {
        await sql`rollback to savepoint search_index`.execute(db);
      }
    } else {
      for (const name of SQLITE_TRIGGERS) await sql`drop trigger ${sql.raw(name)}`.execute(db);
      await sql`drop table inquiry_search`.execute(db);
      await sql`drop table inquiry_search_keys`.execute(db);
    }
    await db.schema.dropTable('inquiry_counts').execute();
  },
};
