import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Conversations: the studio's replies from the inbox and the homeowner's answers, each a message of its
// inquiry, with the attachments that came with them.
//
// - A message belongs to its inquiry (cascade: erasure and retention take it along), or to none while it
//   is unmatched (no token, no known Message-ID): it waits in the inbox's Unmatched view, never dropped.
//   `contact` is the homeowner's address in comparable form, so an erasure by address finds unmatched
//   mail too.
// - An outgoing message's delivery is its outbox job (channel `reply`, ref = the message's id): sending,
//   sent and failed are the job's states, written nowhere else.
// - `reply_token` is the inquiry's part of the Reply-To address (INBOUND_EMAIL_ADDRESS plus-addressed),
//   made with its first reply; the answer is matched by it, or by In-Reply-To/References.
// - Attachments are kept in the database (bytea on PostgreSQL, a BLOB on SQLite), up to 20 MB a message:
//   a backup holds them with the rest, and erasure needs no second place to reach.

export const conversationsMigration: Migration = {
  async up(db: Kysely<any>) {
    const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
    await db.schema.alterTable('inquiries').addColumn('reply_token', 'text').execute();
    await db.schema.createIndex('inquiries_reply_token').on('inquiries').column('reply_token').unique().execute();
    await db.schema.createTable('inquiry_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('inquiry_id', 'text', (c) => c.references('inquiries.id').onDelete('cascade'))
      .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('from_address', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      // RFC 5322 Message-ID with its angle brackets; null when an incoming message had none.
      .addColumn('message_id', 'text')
      .addColumn('in_reply_to', 'text')
      // The References ids, space-separated, oldest first.
      .addColumn('reference_ids', 'text', (c) => c.notNull().defaultTo(''))
      // The operator who wrote an outgoing message; null for an incoming one.
      .addColumn('author', 'text')
      .addColumn('contact', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('inquiry_messages_inquiry_at').on('inquiry_messages').columns(['inquiry_id', 'at']).execute();
    await db.schema.createIndex('inquiry_messages_message_id').on('inquiry_messages').column('message_id').execute();
    await db.schema.createIndex('inquiry_messages_contact').on('inquiry_messages').column('contact').execute();
    await db.schema.createTable('message_attachments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('message_id', 'text', (c) => c.notNull().references('inquiry_messages.id').onDelete('cascade'))
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('content', binary, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('message_attachments_message_id').on('message_attachments').column('message_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('message_attachments').execute();
    await db.schema.dropTable('inquiry_messages').execute();
    await db.schema.dropIndex('inquiries_reply_token').execute();
    await db.schema.alterTable('inquiries').dropColumn('reply_token').execute();
  },
};
