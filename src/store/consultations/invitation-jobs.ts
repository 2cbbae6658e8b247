import { sql } from 'kysely';
import type { ClaimedInvitation, InvitationJobStore, InvitationOutcome } from '../../consultations/invitation-ports.js';
import type { StoredBooking } from '../../consultations/ports.js';
import type { Db } from '../db/database.js';
import type { BookingJobsTable } from '../db/schema.js';

// The invitations' outbox (booking_jobs, migration 010) over Kysely, for SQLite and PostgreSQL: claimed
// with a lease as the notifications' outbox is (src/store/inquiries/outbox.ts), so a job belongs to one
// worker at a time, and one whose worker died is taken again once its lease has run out.

function claimedOf(row: BookingJobsTable): ClaimedInvitation {
  return {
    id: row.id, recipient: row.recipient, method: row.method, booking: JSON.parse(row.payload) as StoredBooking,
    attempts: row.attempts, queuedAt: row.created_at, leasedUntil: row.locked_until!,
  };
}

export class KyselyInvitationJobStore implements InvitationJobStore {
  constructor(private readonly db: Db) {}

  /** One UPDATE of the due rows; on PostgreSQL concurrent workers skip each other's rows (FOR UPDATE SKIP LOCKED). */
  async claimDue(now: number, leaseMs: number, limit: number): Promise<ClaimedInvitation[]> {
    const { kysely, dialect } = this.db;
    let due = kysely.selectFrom('booking_jobs').select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .orderBy('next_attempt_at').limit(limit);
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await kysely.updateTable('booking_jobs')
      .set({ locked_until: now + leaseMs, attempts: sql<number>`attempts + 1` })
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return rows.map(claimedOf).sort((a, b) => a.queuedAt - b.queuedAt);
  }

  async settle(settled: InvitationOutcome): Promise<void> {
    const set = settled.outcome === 'delivered' ? { status: 'done' as const, delivered_at: settled.at, last_error: null }
      : settled.outcome === 'retry' ? { next_attempt_at: settled.at, last_error: settled.error }
        : { status: 'failed' as const, last_error: settled.error };
    await this.db.kysely.updateTable('booking_jobs').set({ ...set, locked_until: null })
      .where('id', '=', settled.job.id).where('status', '=', 'pending').where('locked_until', '=', settled.job.leasedUntil)
      .execute();
  }
}
