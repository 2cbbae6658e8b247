import type { Folder, Stage } from '../../contract/inquiry.js';
import type { BookingStatus } from '../../contract/consultation.js';
import type { NotificationStatus } from '../../inquiries/ports.js';

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
  /** The language the studio answers in (a contract LOCALES code); 'en' for the inquiries from before it was asked. */
  language: string;
  client_ip: string;
  user_agent: string | null;
  /** How it arrived: api, legacy, mcp, form. */
  channel: string;
  /** OAuth client of the bearer token, when one was sent. */
  client_id: string | null;
  /** 1 when the honeypot field was filled: kept, not notified unless taken out of spam. Never changes. */
  spam: number;
  /** Hash of the normalized fields, to store an identical duplicate once. */
  fingerprint: string;
  /** Where it is filed: 'spam' for a filled honeypot on arrival, 'inbox' for every other. */
  folder: Folder;
  /** 1 until an operator opens it (or marks it read); set again when the homeowner answers. */
  unread: number;
  /** When and by whom the folder or unread flag was last set; both null while as it arrived. */
  state_changed_at: number | null;
  state_changed_by: string | null;
  /** Where the studio's work with the person stands. */
  stage: Stage;
  /** The operator it is assigned to (their address in comparable form); null: unassigned. */
  assignee: string | null;
  /** The last change, note or message (received_at at first): stale leads are found by it. */
  last_activity_at: number;
  /** The inquirer's address in comparable form (src/inquiries/email-address.ts): one person's inquiries share it. */
  contact: string;
  /** The inquiry's part of the Reply-To address of the studio's replies; made with the first one. */
  reply_token: string | null;
}

/** One message of an inquiry's conversation: a reply from the inbox, or the homeowner's answer. */
export interface InquiryMessagesTable {
  id: string;
  /** Null while an incoming message matches no inquiry (the inbox's Unmatched view). */
  inquiry_id: string | null;
  direction: 'in' | 'out';
  at: number;
  from_address: string;
  to_address: string;
  subject: string;
  /** The whole text, quoted history included (trimmed only for display). */
  text: string;
  /** RFC 5322 Message-ID with its angle brackets; null when an incoming message had none. */
  message_id: string | null;
  in_reply_to: string | null;
  /** The References ids, space-separated, oldest first. */
  reference_ids: string;
  /** The operator who wrote an outgoing message; null for an incoming one. */
  author: string | null;
  /** The homeowner's address in comparable form (erasure by address reaches unmatched mail too). */
  contact: string;
}

/** A file that came with an incoming message; downloaded by operators, never shown inline. */
export interface MessageAttachmentsTable {
  id: string;
  message_id: string;
  filename: string;
  content_type: string;
  size: number;
  content: Buffer;
}

/** One change of an inquiry's stage, assignee or folder: who, when, from what to what. */
export interface InquiryActivitiesTable {
  id: string;
  inquiry_id: string;
  at: number;
  /** An operator's address, `cli:<user>`, or `homeowner` / `system`. */
  actor: string;
  kind: 'stage' | 'assignee' | 'folder';
  from_value: string | null;
  to_value: string | null;
}

/** An internal note on an inquiry (plain text); only its author edits or deletes it. */
export interface InquiryNotesTable {
  id: string;
  inquiry_id: string;
  author: string;
  created_at: number;
  /** Null until edited: an edited note says so. */
  edited_at: number | null;
  text: string;
}

/** The outbox: one job per inquiry and notification channel, committed with the inquiry. */
export interface NotificationJobsTable {
  id: string;
  inquiry_id: string;
  channel: string;
  /** What it tells (src/inquiries/ports.ts, Notice): inquiry.received for the inquiry itself. */
  event: string;
  /** The activity or message it tells of; '' for the inquiry itself. Unique with (inquiry_id, channel). */
  ref: string;
  /** The event's data as JSON, fixed when queued (every retry sends the same); null for the inquiry itself. */
  payload: string | null;
  status: NotificationStatus;
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  /** A worker holds the job until then (lease); null when nobody does. */
  locked_until: number | null;
  last_error: string | null;
  delivered_at: number | null;
}

/** How many inquiries share a (folder, unread, stage, assignee): kept by triggers (migration 009_search). */
export interface InquiryCountsTable {
  folder: Folder;
  unread: number;
  stage: Stage;
  /** '' for no assignee. */
  assignee: string;
  n: number;
}

/** Idempotency-Key header values seen on contact requests, with the body they came with. */
export interface IdempotencyKeysTable {
  key: string;
  body_hash: string;
  inquiry_id: string;
  created_at: number;
}

/** INQUIRY_ACK: the last acknowledgement of each address, so that it gets at most one per interval. */
export interface AcknowledgementsTable {
  /** The inquirer's address in comparable form (trimmed, NFC, lower-cased). */
  address: string;
  acknowledged_at: number;
  /** The inquiry it was sent for; deleting that inquiry deletes the row (foreign key, cascade). */
  inquiry_id: string;
}

export interface OAuthClientTable {
  client_id: string;
  /** SHA-256 of the 256-bit random secret, base64url. The secret itself is never stored. */
  secret_hash: string;
  client_name: string;
  /** JSON of the honoured RFC 7591 metadata (grant_types, scope, auth method, URIs). */
  metadata: string;
  created_at: number;
  revoked_at: number | null;
}

export interface OAuthSigningKeyTable {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  /** When a newer key took over signing; the key stays published until its last token expires. */
  rotated_at: number | null;
}

export interface OAuthRevocationTable {
  /** "jti:<jti>" for one token, "client:<client_id>" for every token of a client. */
  subject: string;
  expires_at: number;
}

/** An operator of the web inbox (src/operators/). */
export interface OperatorsTable {
  id: string;
  /** Comparable form (trimmed, NFC, lower-cased); unique. */
  email: string;
  /** argon2id PHC string; null until a password is set through a sign-in link. */
  password_hash: string | null;
  created_at: number;
  password_changed_at: number | null;
}

/** A signed-in operator's session; deleted with its operator (foreign key, cascade). */
export interface OperatorSessionsTable {
  /** SHA-256 of the cookie's token, base64url. The token itself is never stored. */
  token_hash: string;
  operator_id: string;
  created_at: number;
  /** Written at most once a minute: the idle expiry counts from it. */
  last_seen_at: number;
  /** The absolute expiry. */
  expires_at: number;
}

/** A one-time sign-in link; deleted with its operator (foreign key, cascade). */
export interface OperatorSignInLinksTable {
  /** SHA-256 of the link's token, base64url. */
  token_hash: string;
  operator_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** The morning digest's claim on a studio day: one instance sends each day's (src/inquiries/digest.ts). */
export interface DigestsTable {
  /** YYYY-MM-DD in the studio's zone. */
  day: string;
  claimed_at: number;
  /** Null while claimed and not (yet) sent. */
  sent_at: number | null;
}

/** A consultation booked or held (src/consultations/ports.ts, StoredBooking); migration 010. */
export interface BookingsTable {
  id: string;
  type: string;
  starts_at: number;
  ends_at: number;
  /** ends_at plus the buffer: the range [starts_at, blocked_until) of live bookings never overlaps. */
  blocked_until: number;
  status: BookingStatus;
  name: string;
  email: string;
  contact: string;
  phone: string | null;
  message: string | null;
  inquiry_id: string | null;
  hold_expires_at: number | null;
  sequence: number;
  manage_token: string;
  caller: string;
  channel: string;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
  cancelled_by: string | null;
}

/** An invitation (iCalendar by email) to send: the bookings' outbox. */
export interface BookingJobsTable {
  id: string;
  booking_id: string;
  recipient: 'homeowner' | 'studio';
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  /** The booking as told (StoredBooking as JSON). */
  payload: string;
  status: NotificationStatus;
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  locked_until: number | null;
  last_error: string | null;
  delivered_at: number | null;
}

/** The studio's calendar subscription address (`studio calendar url`). */
export interface CalendarFeedsTable {
  name: string;
  token: string;
  created_at: number;
}

export interface Database {
  bookings: BookingsTable;
  booking_jobs: BookingJobsTable;
  calendar_feeds: CalendarFeedsTable;
  inquiries: InquiriesTable;
  inquiry_activities: InquiryActivitiesTable;
  inquiry_notes: InquiryNotesTable;
  inquiry_messages: InquiryMessagesTable;
  inquiry_counts: InquiryCountsTable;
  message_attachments: MessageAttachmentsTable;
  notification_jobs: NotificationJobsTable;
  idempotency_keys: IdempotencyKeysTable;
  acknowledgements: AcknowledgementsTable;
  oauth_clients: OAuthClientTable;
  oauth_signing_keys: OAuthSigningKeyTable;
  oauth_revocations: OAuthRevocationTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_sign_in_links: OperatorSignInLinksTable;
  digests: DigestsTable;
}
