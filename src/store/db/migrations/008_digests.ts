import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The morning digest: one row per studio day (YYYY-MM-DD in STUDIO_TIME_ZONE), inserted by the instance
// that sends that day's digest (insert … on conflict do nothing), so however many instances run, one of
// them sends it. `sent_at` stays null until the mail went out: a failed send deletes the row (the day is
// claimed again at the next tick), and a claim left unsent by an instance that died is taken over later.

export const digestsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('digests')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('claimed_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('digests').execute();
  },
};
