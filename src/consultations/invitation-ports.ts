import type { InvitationJob } from './ports.js';

// What the invitations' worker and the studio's calendar need from the store: the bookings' outbox
// (booking_jobs, queued by the BookingStore in the booking's own transaction) and the calendar's secret.

/** A queued invitation this worker holds until `leasedUntil`. */
export interface ClaimedInvitation extends InvitationJob {
  id: string;
  /** Attempts so far, this one included. */
  attempts: number;
  /** When the change queued it: the retry horizon counts from here. */
  queuedAt: number;
  leasedUntil: number;
}

export type InvitationOutcome = { job: ClaimedInvitation } & (
  | { outcome: 'delivered'; at: number }
  | { outcome: 'retry'; at: number; error: string }
  | { outcome: 'failed'; error: string });

export interface InvitationJobStore {
  /** Leases up to `limit` due jobs (pending, next attempt reached, no live lease) and counts the attempt. */
  claimDue(now: number, leaseMs: number, limit: number): Promise<ClaimedInvitation[]>;
  /** Writes an outcome, only while the job's lease still holds (another worker may have taken it since). */
  settle(outcome: InvitationOutcome): Promise<void>;
}

/** The studio's calendar subscription address's secret (table calendar_feeds). */
export interface CalendarFeedStore {
  /** The current token, made on first use. */
  token(now: number): Promise<string>;
  /** Replaces the token: the old address answers 404 from now on. Returns the new one. */
  rotate(now: number): Promise<string>;
}
