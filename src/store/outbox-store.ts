import { sql, type Updateable } from 'kysely';
import type { NotificationChannel } from '../inquiries/notifier.js';
import type { ClaimedJob, OutboxStore, PendingJobs } from '../inquiries/outbox-store.js';
import type { Db } from './database.js';
import type { NotificationJobsTable } from './schema.js';

// The outbox store port (src/inquiries/outbox-store.ts) over Kysely, for SQLite and PostgreSQL.

/** A row the claim's UPDATE returned: its lease is set. */
function claimedJobOf(row: NotificationJobsTable): ClaimedJob {
  return {
    id: row.id, inquiryId: row.inquiry_id, channel: row.channel as NotificationChannel,
    attempts: row.attempts, queuedAt: row.created_at, leasedUntil: row.locked_until!,
  };
}

export class KyselyOutboxStore implements OutboxStore {
  constructor(private readonly db: Db) {}

  /**
   * The claim is one UPDATE of the due rows, so only one worker holds a job at a time. On PostgreSQL the
   * candidate rows are locked with FOR UPDATE SKIP LOCKED, so concurrent workers pass over each other's
   * rows instead of waiting; SQLite runs one write transaction at a time already.
   */
  async claimDue(channels: readonly NotificationChannel[], now: number, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
    if (channels.length === 0) return [];
    const { kysely, dialect } = this.db;
    let due = kysely.selectFrom('notification_jobs').select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('channel', 'in', [...channels])
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .orderBy('next_attempt_at').limit(limit);
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await kysely.updateTable('notification_jobs')
      .set({ locked_until: now + leaseMs, attempts: sql<number>`attempts + 1` })
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return rows.map(claimedJobOf);
  }

  async markDelivered(job: ClaimedJob, now: number): Promise<void> {
    await this.updateHeld(job, { status: 'done', delivered_at: now, locked_until: null, last_error: null });
  }

  async markRetry(job: ClaimedJob, nextAttemptAt: number, error: string): Promise<void> {
    await this.updateHeld(job, { next_attempt_at: nextAttemptAt, locked_until: null, last_error: error });
  }

  async markFailed(job: ClaimedJob, error: string): Promise<void> {
    await this.updateHeld(job, { status: 'failed', locked_until: null, last_error: error });
  }

  async requeueFailed(now: number, inquiryId?: string): Promise<number> {
    let query = this.db.kysely.updateTable('notification_jobs')
      .set({ status: 'pending', attempts: 0, created_at: now, next_attempt_at: now, locked_until: null })
      .where('status', '=', 'failed');
    if (inquiryId) query = query.where('inquiry_id', '=', inquiryId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Reads the pending rows only, through the (status, next_attempt_at) index. */
  async pendingByChannel(): Promise<PendingJobs[]> {
    const rows = await this.db.kysely.selectFrom('notification_jobs')
      .select((eb) => ['channel', eb.fn.countAll().as('count'), eb.fn.min('next_attempt_at').as('earliest')])
      .where('status', '=', 'pending')
      .groupBy('channel')
      .execute();
    return rows.map((row) => ({ channel: row.channel as NotificationChannel, count: Number(row.count), earliestAttemptAt: Number(row.earliest) }));
  }

  /** Updates the job only while this claim holds it: still pending, and nobody claimed it since (same lease). */
  private async updateHeld(job: ClaimedJob, changes: Updateable<NotificationJobsTable>): Promise<void> {
    await this.db.kysely.updateTable('notification_jobs').set(changes)
      .where('id', '=', job.id).where('status', '=', 'pending').where('locked_until', '=', job.leasedUntil)
      .execute();
  }
}
