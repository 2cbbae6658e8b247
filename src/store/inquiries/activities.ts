import { sequentialUuidv7 } from '../../inquiries/ids.js';
import type { Transaction } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database, InquiriesTable, InquiryActivitiesTable } from '../db/schema.js';

// The pipeline's writes share two steps: take the inquiry's row for the transaction (so of two
// concurrent changes the second reads what the first wrote), and record the change as an activity.

type Tx = Transaction<Database>;

/**
 * Reads the inquiry's row, locked until the transaction ends: FOR UPDATE on PostgreSQL; on SQLite a write
 * first, which takes the database's write lock at once (a read first would share it, and two writers that
 * both read could not both upgrade). Undefined when there is no such inquiry.
 */
export async function lockInquiry(tx: Tx, dialect: DialectName, id: string): Promise<InquiriesTable | undefined> {
  if (dialect === 'sqlite') {
    await tx.updateTable('inquiries').set((eb) => ({ last_activity_at: eb.ref('last_activity_at') })).where('id', '=', id).execute();
    return tx.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
  }
  return tx.selectFrom('inquiries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export type ActivityInput = Omit<InquiryActivitiesTable, 'id' | 'inquiry_id' | 'at'>;

/** Records one change of the inquiry and makes it the inquiry's last activity. */
export async function recordActivity(tx: Tx, inquiryId: string, at: number, activity: ActivityInput): Promise<string> {
  const id = sequentialUuidv7(at);
  await tx.insertInto('inquiry_activities').values({ id, inquiry_id: inquiryId, at, ...activity }).execute();
  await tx.updateTable('inquiries').set({ last_activity_at: at }).where('id', '=', inquiryId).execute();
  return id;
}
