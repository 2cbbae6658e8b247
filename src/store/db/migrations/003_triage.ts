import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Triage: each inquiry gets a state (new, read, archived, spam) with who set it when. The honeypot flag
// `spam` stays what it was, a fact of the submission; inquiries that arrived flagged start in `spam`.
// The states are written out here, not imported: a migration records the schema as it was made.
//
// Each folder's page, newest first, is a range scan of one index: (state, received_at, id) for a folder,
// (received_at, id) for all of them. The id settles equal times, so a keyset cursor never skips a row.
//
// Search (`name|email|message ILIKE '%word%'`) reads every row without an index: at 100,000 inquiries
// PostgreSQL took 0.5 to 0.8 s per search (bench/inbox-list.ts). A trigram index (pg_trgm, shipped with
// PostgreSQL and a trusted extension since 13) answers the same ILIKE in under a millisecond, without a
// change to the query. SQLite has no such index type; there a search stays a scan.
async function createSearchIndex(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Only an optimization: where the extension is missing or may not be created, search still works, by
  // a scan. The savepoint keeps the migration's transaction alive after such a refusal.
  await sql`savepoint search_index`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index inquiries_search on inquiries using gin (name gin_trgm_ops, email gin_trgm_ops, message gin_trgm_ops)`.execute(db);
    await sql`release savepoint search_index`.execute(db);
  } catch {
    await sql`rollback to savepoint search_index`.execute(db);
  }
}

export const triageMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('inquiries')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('new').check(sql`state in ('new', 'read', 'archived', 'spam')`))
      .execute();
    await db.schema.alterTable('inquiries').addColumn('state_changed_at', 'bigint').execute();
    await db.schema.alterTable('inquiries').addColumn('state_changed_by', 'text').execute();
    await db.updateTable('inquiries').set({ state: 'spam' }).where('spam', '=', 1).execute();
    await db.schema.createIndex('inquiries_state_received_at_id').on('inquiries').columns(['state', 'received_at', 'id']).execute();
    await db.schema.createIndex('inquiries_received_at_id').on('inquiries').columns(['received_at', 'id']).execute();
    // The new index starts with received_at: the old one would only cost writes.
    await db.schema.dropIndex('inquiries_received_at').execute();
    await createSearchIndex(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('inquiries_search').ifExists().execute();
    await db.schema.createIndex('inquiries_received_at').on('inquiries').column('received_at').execute();
    await db.schema.dropIndex('inquiries_received_at_id').execute();
    await db.schema.dropIndex('inquiries_state_received_at_id').execute();
    await db.schema.alterTable('inquiries').dropColumn('state_changed_by').execute();
    await db.schema.alterTable('inquiries').dropColumn('state_changed_at').execute();
    await db.schema.alterTable('inquiries').dropColumn('state').execute();
  },
};
