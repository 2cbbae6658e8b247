import { sql, type Kysely } from 'kysely';
import type { ClaimedJob, JobOutcome, NotificationChannel, OutboxStore, PendingJobs } from '../../inquiries/ports.js';
import { SQLITE_SYNCHRONOUS, type Db } from '../db/database.js';
import { claimedJobOf } from './rows.js';
import type { Database } from '../db/schema.js';

// The outbox store port (src/inquiries/ports.ts) over Kysely, for SQLite and PostgreSQL.

/** The columns an outcome sets (null next_attempt_at: unchanged), with the lease that must still hold. */
function settledRow(settled: JobOutcome) {
  const { job } = settled;
  const row = {
    id: job.id, leased_until: job.leasedUntil, status: 'pending',
    delivered_at: null as number | null, next_attempt_at: null as number | null, last_error: null as string | null,
  };
  switch (settled.outcome) {
    case 'delivered': return { ...row, status: 'done', delivered_at: settled.at };
    case 'retry': return { ...row, next_attempt_at: settled.at, last_error: settled.error };
    case 'failed': return { ...row, status: 'failed', last_error: settled.error };
  }
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
    const rows = await this.bookkeeping((db) => db.updateTable('notification_jobs')
      .set({ locked_until: now + leaseMs, attempts: sql<number>`attempts + 1` })
      .where('id', 'in', due)
      .returningAll()
      .execute());
    return rows.map(claimedJobOf);
  }

  /**
   * One UPDATE joined to the outcomes, passed as one JSON parameter (no limit on bound parameters): each
   * row carries the job's new state, applied only where the claim still holds (same lease, still pending).
   */
  async settle(outcomes: readonly JobOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const rows = JSON.stringify(outcomes.map(settledRow));
    const postgres = this.db.dialect === 'postgres';
    const source = postgres
      ? sql`jsonb_to_recordset(${rows}::jsonb) AS v(id text, leased_until bigint, status text, delivered_at bigint, next_attempt_at bigint, last_error text)`
      : sql`(SELECT value ->> 'id' AS id, value ->> 'leased_until' AS leased_until, value ->> 'status' AS status,
          value ->> 'delivered_at' AS delivered_at, value ->> 'next_attempt_at' AS next_attempt_at, value ->> 'last_error' AS last_error
          FROM json_each(${rows})) AS v`;
    // SQLite would otherwise walk every pending job through the status index and look each up in the
    // list; the unary + keeps it on the list, looking each job up by its primary key.
    const pending = postgres ? sql`j.status = 'pending'` : sql`+j.status = 'pending'`;
    await this.bookkeeping((db) => sql`UPDATE notification_jobs AS j SET status = v.status, delivered_at = v.delivered_at,
        next_attempt_at = COALESCE(v.next_attempt_at, j.next_attempt_at),
        last_error = v.last_error, locked_until = NULL
      FROM ${source}
      WHERE j.id = v.id AND ${pending} AND j.locked_until = v.leased_until`.execute(db));
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

  /**
   * Runs one of the outbox's own writes (a claim, outcomes) without waiting for its fsync on SQLite: that
   * wait blocks the event loop for every request. Losing these writes takes a power cut (WAL survives a
   * process crash either way) and costs only a delivery made again, which at-least-once allows; the
   * next write made with the database's own setting (an inquiry's commit) syncs them too.
   */
  private async bookkeeping<T>(write: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (this.db.dialect !== 'sqlite') return write(this.db.kysely);
    return this.db.kysely.connection().execute(async (db) => {
      await sql`PRAGMA synchronous = NORMAL`.execute(db);
      try {
        return await write(db);
      } finally {
        await sql`PRAGMA synchronous = ${sql.raw(SQLITE_SYNCHRONOUS)}`.execute(db);
      }
    });
  }
}
