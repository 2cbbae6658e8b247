import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The inbox, its outbox of notification jobs and the idempotency keys. Only portable types: text,
// bigint epoch milliseconds and integer flags, so one migration serves SQLite and PostgreSQL.
export const inquiriesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('inquiries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('budget', 'text', (c) => c.notNull())
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('client_ip', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text')
      .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('inquiries_received_at').on('inquiries').column('received_at').execute();
    await db.schema.createIndex('inquiries_fingerprint').on('inquiries').columns(['fingerprint', 'received_at']).execute();

    await db.schema.createTable('notification_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', 'bigint')
      .addUniqueConstraint('notification_jobs_inquiry_channel', ['inquiry_id', 'channel'])
      .execute();
    await db.schema.createIndex('notification_jobs_due').on('notification_jobs').columns(['status', 'next_attempt_at']).execute();

    await db.schema.createTable('idempotency_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('body_hash', 'text', (c) => c.notNull())
      .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('idempotency_keys').execute();
    await db.schema.dropTable('notification_jobs').execute();
    await db.schema.dropTable('inquiries').execute();
  },
};
