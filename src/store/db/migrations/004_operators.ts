import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The web inbox's operators, their server-side sessions and their one-time sign-in links. Tokens are
// stored only as SHA-256 hashes. Sessions and links belong to their operator (cascade): removing an
// operator ends every session of theirs in the same statement, on every instance at once.
export const operatorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('operators')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('password_changed_at', 'bigint')
      .execute();
    await db.schema.createTable('operator_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    // A removal or reset deletes an operator's sessions; the list counts them.
    await db.schema.createIndex('operator_sessions_operator_id').on('operator_sessions').column('operator_id').execute();
    await db.schema.createTable('operator_sign_in_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('operator_sign_in_links_operator_id').on('operator_sign_in_links').column('operator_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('operator_sign_in_links').execute();
    await db.schema.dropTable('operator_sessions').execute();
    await db.schema.dropTable('operators').execute();
  },
};
