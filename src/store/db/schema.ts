import type { TriageState } from '../../contract/inquiry.js';
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
  /** The studio's triage: 'spam' for a filled honeypot on arrival, 'new' for every other. */
  state: TriageState;
  /** When and by whom the state was last set; both null while it is the state the inquiry arrived in. */
  state_changed_at: number | null;
  state_changed_by: string | null;
}

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

export interface Database {
  inquiries: InquiriesTable;
  notification_jobs: NotificationJobsTable;
  idempotency_keys: IdempotencyKeysTable;
  acknowledgements: AcknowledgementsTable;
  oauth_clients: OAuthClientTable;
  oauth_signing_keys: OAuthSigningKeyTable;
  oauth_revocations: OAuthRevocationTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_sign_in_links: OperatorSignInLinksTable;
}
