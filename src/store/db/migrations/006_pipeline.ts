import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The pipeline: what comes after an inquiry arrives. The values are written out here, not imported: a
// migration records the schema as it was made.
//
// - The triage state splits in two: the folder (inbox, archived, spam) and the unread flag, so marking an
//   inquiry unread no longer moves it. `state_changed_at/by` keep meaning "last filed, by whom".
// - Each inquiry gets a stage (new … won, lost), an assignee (an operator's address), the time of its last
//   activity (stale leads), and its contact: the inquirer's address in comparable form (trimmed, NFC,
//   lower-cased, as the acknowledgement compares addresses), so one person's inquiries are found together.
// - Every change of stage, assignee or folder is a row of inquiry_activities; notes are inquiry_notes.
//   Both belong to their inquiry (cascade): erasure and retention take them along.
// - An outbox job now says what it delivers (`event`), of what (`ref`: an activity or a message; '' for the
//   inquiry itself) and carries the event's data (`payload`, JSON): an inquiry has one job per channel
//   and thing told, so the unique key becomes (inquiry_id, channel, ref). SQLite cannot drop a table
//   constraint, so the table is rebuilt, on both databases alike.

const FOLDER_OF_STATE = sql`case state when 'archived' then 'archived' when 'spam' then 'spam' else 'inbox' end`;
/** Unread: new, and spam nobody has filed since it arrived (the honeypot put it there unseen). */
const UNREAD_OF_STATE = sql`case when state = 'new' or (state = 'spam' and state_changed_at is null) then 1 else 0 end`;
const BACKFILL_BATCH = 1_000;
/** The columns of notification_jobs before this migration. */
const JOB_COLUMNS = ['id', 'inquiry_id', 'channel', 'status', 'attempts', 'created_at', 'next_attempt_at', 'locked_until', 'last_error', 'delivered_at'];

async function splitTriageState(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries')
    .addColumn('folder', 'text', (c) => c.notNull().defaultTo('inbox').check(sql`folder in ('inbox', 'archived', 'spam')`)).execute();
  await db.schema.alterTable('inquiries').addColumn('unread', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.updateTable('inquiries').set({ folder: FOLDER_OF_STATE, unread: UNREAD_OF_STATE }).execute();
  await db.schema.dropIndex('inquiries_state_received_at_id').execute();
  await db.schema.alterTable('inquiries').dropColumn('state').execute();
  await db.schema.createIndex('inquiries_folder_received_at_id').on('inquiries').columns(['folder', 'received_at', 'id']).execute();
}

async function addPipelineColumns(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('new')
      .check(sql`stage in ('new', 'contacted', 'consultation', 'proposal', 'won', 'lost')`)).execute();
  await db.schema.alterTable('inquiries').addColumn('assignee', 'text').execute();
  await db.schema.alterTable('inquiries').addColumn('last_activity_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('inquiries').addColumn('contact', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.updateTable('inquiries').set({ last_activity_at: sql`coalesce(state_changed_at, received_at)` }).execute();
  await backfillContacts(db);
  await db.schema.createIndex('inquiries_stage_received_at_id').on('inquiries').columns(['stage', 'received_at', 'id']).execute();
  await db.schema.createIndex('inquiries_assignee_received_at_id').on('inquiries').columns(['assignee', 'received_at', 'id']).execute();
  await db.schema.createIndex('inquiries_contact_received_at').on('inquiries').columns(['contact', 'received_at']).execute();
}

/** NFC is not an SQL function on SQLite: the comparable form is computed here, a batch of rows at a time. */
async function backfillContacts(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; email: string }> = await db.selectFrom('inquiries').select(['id', 'email'])
      .where('id', '>', after).orderBy('id').limit(BACKFILL_BATCH).execute();
    for (const row of rows) {
      await db.updateTable('inquiries').set({ contact: row.email.trim().normalize('NFC').toLowerCase() }).where('id', '=', row.id).execute();
    }
    if (rows.length < BACKFILL_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

async function createActivitiesAndNotes(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('inquiry_activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('stage', 'assignee', 'folder')`))
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .execute();
  await db.schema.createIndex('inquiry_activities_inquiry_at').on('inquiry_activities').columns(['inquiry_id', 'at']).execute();
  await db.schema.createTable('inquiry_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inquiry_notes_inquiry_created_at').on('inquiry_notes').columns(['inquiry_id', 'created_at']).execute();
}

async function rebuildNotificationJobs(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('notification_jobs_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull().defaultTo('inquiry.received'))
    .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'bigint')
    .addUniqueConstraint('notification_jobs_inquiry_channel_ref', ['inquiry_id', 'channel', 'ref'])
    .execute();
  await db.insertInto('notification_jobs_next').columns(JOB_COLUMNS)
    .expression(db.selectFrom('notification_jobs').select(JOB_COLUMNS)).execute();
  await db.schema.dropTable('notification_jobs').execute();
  await db.schema.alterTable('notification_jobs_next').renameTo('notification_jobs').execute();
  await db.schema.createIndex('notification_jobs_due').on('notification_jobs').columns(['status', 'next_attempt_at']).execute();
}

/** The jobs of the inquiries themselves, back in a table keyed by (inquiry_id, channel). */
async function restoreNotificationJobs(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('notification_jobs_prev')
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
  await db.insertInto('notification_jobs_prev').columns(JOB_COLUMNS)
    .expression(db.selectFrom('notification_jobs').select(JOB_COLUMNS).where('ref', '=', '')).execute();
  await db.schema.dropTable('notification_jobs').execute();
  await db.schema.alterTable('notification_jobs_prev').renameTo('notification_jobs').execute();
  await db.schema.createIndex('notification_jobs_due').on('notification_jobs').columns(['status', 'next_attempt_at']).execute();
}

export const pipelineMigration: Migration = {
  async up(db: Kysely<any>) {
    await splitTriageState(db);
    await addPipelineColumns(db);
    await createActivitiesAndNotes(db);
    await rebuildNotificationJobs(db);
  },
  // Down loses what the pipeline recorded (stages, assignees, activities, notes, jobs of later events);
  // the triage state comes back from the folder and the unread flag.
  async down(db: Kysely<any>) {
    await restoreNotificationJobs(db);
    await db.schema.dropTable('inquiry_notes').execute();
    await db.schema.dropTable('inquiry_activities').execute();
    for (const index of ['inquiries_contact_received_at', 'inquiries_assignee_received_at_id', 'inquiries_stage_received_at_id', 'inquiries_folder_received_at_id']) {
      await db.schema.dropIndex(index).execute();
    }
    await db.schema.alterTable('inquiries')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('new').check(sql`state in ('new', 'read', 'archived', 'spam')`)).execute();
    await db.updateTable('inquiries').set({ state: sql`case when folder = 'inbox' then (case when unread = 1 then 'new' else 'read' end) else folder end` }).execute();
    for (const column of ['contact', 'last_activity_at', 'assignee', 'stage', 'unread', 'folder']) {
      await db.schema.alterTable('inquiries').dropColumn(column).execute();
    }
    await db.schema.createIndex('inquiries_state_received_at_id').on('inquiries').columns(['state', 'received_at', 'id']).execute();
  },
};
