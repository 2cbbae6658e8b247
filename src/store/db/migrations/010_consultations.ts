import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Consultations: bookings, the invitations they queue (the bookings' outbox), and the studio's calendar feed.
//
// Two live bookings never overlap, whatever their types, and the database holds it, not a read-then-write:
// a booking keeps [starts_at, blocked_until) — its time and the buffer after it — and no two kept ranges
// of bookings that are not cancelled may meet.
// - PostgreSQL: an exclusion constraint over int8range (GiST has the range operators built in), so two
//   instances booking one slot at once get one row and one 23P01.
// - SQLite: triggers that abort an insert or a move onto a kept range; SQLite has one writer, so the
//   check and the write are one step for every connection and process.
// A lapsed hold still keeps its range until a booking's transaction releases it (deleted first, in the
// same transaction), so the constraint never depends on the clock.

const LIVE = sql<boolean>`status <> 'cancelled'`;

export const consultationsMigration: Migration = {
  async up(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema.createTable('bookings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .addColumn('blocked_until', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('held', 'booked', 'cancelled')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('contact', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('message', 'text')
      .addColumn('inquiry_id', 'text')
      .addColumn('hold_expires_at', 'bigint')
      .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('manage_token', 'text', (c) => c.notNull().unique())
      .addColumn('caller', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('cancelled_at', 'bigint')
      .addColumn('cancelled_by', 'text')
      .addCheckConstraint('bookings_ordered', sql`starts_at < ends_at and ends_at <= blocked_until`)
      .execute();
    await db.schema.createIndex('bookings_live_starts').on('bookings').columns(['starts_at']).where(LIVE).execute();
    await db.schema.createIndex('bookings_contact').on('bookings').columns(['contact', 'starts_at']).execute();
    await db.schema.createIndex('bookings_inquiry').on('bookings').column('inquiry_id').execute();
    if (postgres) {
      await sql`alter table bookings add constraint bookings_no_overlap
        exclude using gist (int8range(starts_at, blocked_until) with &&) where (status <> 'cancelled')`.execute(db);
    } else {
      const overlaps = sql`exists (select 1 from bookings b where b.status <> 'cancelled' and b.id <> new.id
        and b.starts_at < new.blocked_until and new.starts_at < b.blocked_until)`;
      await sql`create trigger bookings_no_overlap_insert before insert on bookings
        when new.status <> 'cancelled' and ${overlaps}
        begin select raise(abort, 'bookings_no_overlap'); end`.execute(db);
      await sql`create trigger bookings_no_overlap_update before update of starts_at, blocked_until, status on bookings
        when new.status <> 'cancelled' and ${overlaps}
        begin select raise(abort, 'bookings_no_overlap'); end`.execute(db);
    }

    // The invitations to send: one row per recipient and change, with the booking as it was then.
    await db.schema.createTable('booking_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
      .addColumn('recipient', 'text', (c) => c.notNull().check(sql`recipient in ('homeowner', 'studio')`))
      .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('REQUEST', 'CANCEL')`))
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'done', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', 'bigint')
      .addUniqueConstraint('booking_jobs_once', ['booking_id', 'recipient', 'method', 'sequence'])
      .execute();
    await db.schema.createIndex('booking_jobs_due').on('booking_jobs').columns(['next_attempt_at']).where(sql<boolean>`status = 'pending'`).execute();

    // The studio's calendar subscription: one secret address, replaced by `studio calendar rotate`.
    await db.schema.createTable('calendar_feeds')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('calendar_feeds').execute();
    await db.schema.dropTable('booking_jobs').execute();
    await db.schema.dropTable('bookings').execute();
  },
};
