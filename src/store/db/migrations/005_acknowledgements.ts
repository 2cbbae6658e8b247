import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// INQUIRY_ACK's memory: per address, when it was last acknowledged and for which inquiry. The row belongs
// to that inquiry (cascade): deleting it (erasure, retention, one delete) forgets the address too.
export const acknowledgementsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('acknowledgements')
      .addColumn('address', 'text', (c) => c.primaryKey())
      .addColumn('acknowledged_at', 'bigint', (c) => c.notNull())
      .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
      .execute();
    // Every deleted inquiry looks up its row here.
    await db.schema.createIndex('acknowledgements_inquiry_id').on('acknowledgements').column('inquiry_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('acknowledgements').execute();
  },
};
