import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Each inquiry records its language: the one the studio answers in and the acknowledgement is written in.
// The inquiries received before it was asked were all made in English, so the column's default names
// them so; intake always writes it. No check of the values: as with location, budget and phase, the
// column holds what the contract validated, and a language added to the site needs no migration.
export const inquiryLanguageMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('inquiries').addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('inquiries').dropColumn('language').execute();
  },
};
