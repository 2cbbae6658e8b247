import { triageStateOf } from '../../contract/inquiry.js';
import { comparableAddress } from '../../inquiries/email-address.js';
import { RECEIVED, type ClaimedJob, type InboxEntry, type InquiryRecord, type JobLease, type Notice, type NotificationChannel, type NotificationState, type StoredInquiry } from '../../inquiries/ports.js';
import type { InquiriesTable, NotificationJobsTable } from '../db/schema.js';

// Between the inbox port's records and the rows of the inquiries and notification_jobs tables.

export function inquiryRow(r: InquiryRecord): InquiriesTable {
  return {
    id: r.id, received_at: r.receivedAt,
    name: r.inquiry.name, email: r.inquiry.email, phone: r.inquiry.phone ?? null, message: r.inquiry.message,
    location: r.inquiry.location, budget: r.inquiry.budget, phase: r.inquiry.phase, language: r.inquiry.language,
    client_ip: r.clientIp, user_agent: r.userAgent ?? null, channel: r.channel, client_id: r.clientId ?? null,
    spam: r.spam ? 1 : 0, fingerprint: r.fingerprint,
    folder: r.spam ? 'spam' : 'inbox', unread: 1, state_changed_at: null, state_changed_by: null,
    stage: 'new', assignee: null, last_activity_at: r.receivedAt, contact: comparableAddress(r.inquiry.email), reply_token: null,
  };
}

/**
 * One pending outbox job per channel, due at once; those of the lease's channels claimed already, their
 * first attempt counted, as a claim would leave them.
 */
export function jobRows(inquiryId: string, notify: NotificationChannel[], queuedAt: number, lease?: JobLease): NotificationJobsTable[] {
  return notify.map((channel) => {
    const leased = lease?.channels.includes(channel) === true;
    return {
      id: `${inquiryId}:${channel}`, inquiry_id: inquiryId, channel, event: RECEIVED.type, ref: '', payload: null,
      status: 'pending' as const, attempts: leased ? 1 : 0,
      created_at: queuedAt, next_attempt_at: queuedAt, locked_until: leased ? lease!.until : null, last_error: null, delivered_at: null,
    };
  });
}

/**
 * A pending job that tells of a later event of the inquiry (a stage change, a message), due at once. Its
 * id is stable per inquiry, channel and thing told: queued twice, it is stored once.
 */
export function noticeJobRow(inquiryId: string, channel: NotificationChannel, notice: Exclude<Notice, { type: 'inquiry.received' }>, queuedAt: number): NotificationJobsTable {
  return {
    id: `${inquiryId}:${channel}:${notice.ref}`, inquiry_id: inquiryId, channel, event: notice.type, ref: notice.ref,
    payload: JSON.stringify(notice.data), status: 'pending', attempts: 0,
    created_at: queuedAt, next_attempt_at: queuedAt, locked_until: null, last_error: null, delivered_at: null,
  };
}

/** What a job row tells: the store wrote event, ref and payload together from one Notice. */
export function noticeOf(row: Pick<NotificationJobsTable, 'event' | 'ref' | 'payload'>): Notice {
  if (row.event === RECEIVED.type || row.payload === null) return RECEIVED;
  return { type: row.event, ref: row.ref, data: JSON.parse(row.payload) } as Notice;
}

/** A job row under a lease (a claim's UPDATE returned it, or it was stored leased). */
export function claimedJobOf(row: NotificationJobsTable): ClaimedJob {
  return {
    id: row.id, inquiryId: row.inquiry_id, channel: row.channel as NotificationChannel, notice: noticeOf(row),
    attempts: row.attempts, queuedAt: row.created_at, leasedUntil: row.locked_until!,
  };
}

/** The enum columns hold what the contract validated when the row was written. */
export function storedInquiryOf(row: InquiriesTable): StoredInquiry {
  return {
    id: row.id, name: row.name, email: row.email, phone: row.phone, message: row.message,
    location: row.location as StoredInquiry['location'], budget: row.budget as StoredInquiry['budget'],
    phase: row.phase as StoredInquiry['phase'], language: row.language as StoredInquiry['language'], receivedAt: new Date(row.received_at),
  };
}

/** The job columns the operator sees. */
export const NOTIFICATION_STATE_COLUMNS = ['channel', 'event', 'status', 'attempts', 'last_error', 'next_attempt_at', 'delivered_at'] as const;

export type NotificationStateRow = Pick<NotificationJobsTable, (typeof NOTIFICATION_STATE_COLUMNS)[number]>;

function notificationStateOf(job: NotificationStateRow): NotificationState {
  return {
    channel: job.channel, event: job.event, status: job.status, attempts: job.attempts,
    lastError: job.last_error, nextAttemptAt: job.next_attempt_at, deliveredAt: job.delivered_at,
  };
}

export function inboxEntryOf(row: InquiriesTable, jobs: NotificationStateRow[]): InboxEntry {
  return {
    ...storedInquiryOf(row),
    spam: row.spam === 1, folder: row.folder, unread: row.unread === 1,
    triage: { state: triageStateOf(row.folder, row.unread === 1), changedAt: row.state_changed_at, changedBy: row.state_changed_by },
    stage: row.stage, assignee: row.assignee, lastActivityAt: row.last_activity_at, contact: row.contact,
    channel: row.channel, clientIp: row.client_ip, userAgent: row.user_agent, clientId: row.client_id,
    notifications: jobs.map(notificationStateOf),
  };
}
