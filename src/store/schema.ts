// The database's tables, as Kysely sees them. Each capability adds its own table interfaces here.
// Times are stored as integer milliseconds since the epoch (portable across SQLite and PostgreSQL).
// Flags are integers 0/1 for the same reason.

/** One project inquiry in the studio inbox. */
export interface InquiriesTable {
  id: string;
  received_at: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  location: string;
  budget: string;
  phase: string;
  client_ip: string;
  user_agent: string | null;
  /** How it arrived: api, legacy, mcp, form. */
  channel: string;
  /** OAuth client of the bearer token, when one was sent. */
  client_id: string | null;
  /** 1 when the honeypot field was filled: kept, never notified. */
  spam: number;
  /** Hash of the normalized fields, to store an identical duplicate once. */
  fingerprint: string;
}

export type NotificationStatus = 'pending' | 'done' | 'failed';

/** The outbox: one job per inquiry and notification channel, committed with the inquiry. */
export interface NotificationJobsTable {
  id: string;
  inquiry_id: string;
  channel: string;
  status: NotificationStatus;
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  /** A worker holds the job until then (lease); null when nobody does. */
  locked_until: number | null;
  last_error: string | null;
  delivered_at: number | null;
}

/** Idempotency-Key header values seen on contact requests, with the body they came with. */
export interface IdempotencyKeysTable {
  key: string;
  body_hash: string;
  inquiry_id: string;
  created_at: number;
}

export interface Database {
  inquiries: InquiriesTable;
  notification_jobs: NotificationJobsTable;
  idempotency_keys: IdempotencyKeysTable;
}
