import type { Transaction } from 'kysely';
import type { CommitRequest } from '../inquiries/inbox-store.js';
import type { Database } from './schema.js';

// INQUIRY_ACK's once-per-address-per-interval rule, inside the commit transaction of a new inquiry.

/**
 * Records `inquiryId` as the address's acknowledgement at `at`, unless the address had one at or after
 * `notBefore`; true when recorded (then the caller queues the job). One upsert whose update is guarded by
 * the time: on PostgreSQL a concurrent commit for the same address waits on the row (or on the unique
 * key of its insert), then sees the committed time and updates nothing; SQLite runs one writer at a time.
 */
export async function recordAcknowledgement(
  tx: Transaction<Database>, { address, notBefore }: NonNullable<CommitRequest['acknowledge']>, inquiryId: string, at: number,
): Promise<boolean> {
  const recorded = await tx.insertInto('acknowledgements')
    .values({ address, acknowledged_at: at, inquiry_id: inquiryId })
    .onConflict((conflict) => conflict.column('address')
      .doUpdateSet({ acknowledged_at: at, inquiry_id: inquiryId })
      .where('acknowledgements.acknowledged_at', '<', notBefore))
    .returning('address')
    .executeTakeFirst();
  return recorded !== undefined;
}
