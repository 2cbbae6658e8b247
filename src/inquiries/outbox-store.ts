import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../store/database.js';
import type { Database, NotificationJobsTable } from '../store/schema.js';

export type Job = NotificationJobsTable;

/**
 * Claims up to `limit` due jobs of the given channels for `leaseMs`: the claim is an UPDATE, so only
 * one worker holds a job at a time. On PostgreSQL the candidate rows are locked with FOR UPDATE SKIP
 * LOCKED, so concurrent workers pass over each other's rows instead of waiting. An expired lease (a
 * worker that died mid-delivery) makes the job due again: delivery is at-least-once.
 */
export async function claimDueJobs(db: Kysely<Database>, dialect: DialectName, channels: string[], now: number, leaseMs: number, limit: number): Promise<Job[]> {
  if (channels.length === 0) return [];
  let due = db.selectFrom('notification_jobs').select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where('channel', 'in', channels)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at').limit(limit);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  return db.updateTable('notification_jobs')
    .set({ locked_until: now + leaseMs, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

export async function markDelivered(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('notification_jobs')
    .set({ status: 'done', delivered_at: now, locked_until: null, last_error: null })
    .where('id', '=', id).execute();
}

// A failed attempt is recorded only while this worker still holds the lease it claimed the job with:
// a delivery that outlived its lease must not overwrite what the worker that took the job over did.
export async function markRetry(db: Kysely<Database>, job: Job, nextAttemptAt: number, error: string): Promise<void> {
  await db.updateTable('notification_jobs')
    .set({ next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
    .where('id', '=', job.id).where('status', '=', 'pending').where('locked_until', '=', job.locked_until).execute();
}

export async function markFailed(db: Kysely<Database>, job: Job, error: string): Promise<void> {
  await db.updateTable('notification_jobs')
    .set({ status: 'failed', locked_until: null, last_error: error })
    .where('id', '=', job.id).where('status', '=', 'pending').where('locked_until', '=', job.locked_until).execute();
}

/** Puts permanently failed jobs (optionally of one inquiry) back in the queue, due now. Returns how many. */
export async function requeueFailed(db: Kysely<Database>, now: number, inquiryId?: string): Promise<number> {
  let query = db.updateTable('notification_jobs')
    .set({ status: 'pending', attempts: 0, created_at: now, next_attempt_at: now, locked_until: null })
    .where('status', '=', 'failed');
  if (inquiryId) query = query.where('inquiry_id', '=', inquiryId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
