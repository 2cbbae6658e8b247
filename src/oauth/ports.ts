import { ACCESS_TOKEN_LIFETIME_SECONDS, CLOCK_TOLERANCE_SECONDS } from '../contract/oauth.js';
import type { SerializedKey } from './signing-key.js';

// What the OAuth use cases need from outside the process: three stores, shared by every instance.
// The adapters (Kysely, SQLite or PostgreSQL) live in src/store/; the composition root picks them.
// Every method of every port rejects with StoreUnavailable (src/oauth/errors.ts) when its store
// cannot be reached, never with a driver's error.

/** The RFC 7591 metadata we honour and echo back. */
export interface ClientMetadata {
  client_name: string;
  grant_types: string[];
  token_endpoint_auth_method: string;
  scope: string;
  client_uri?: string;
  logo_uri?: string;
  tos_uri?: string;
  policy_uri?: string;
  software_id?: string;
  software_version?: string;
}

export interface ClientRecord {
  clientId: string;
  /** The secret is never stored, only its hash (src/oauth/secrets.ts). */
  secretHash: string;
  metadata: ClientMetadata;
  createdAt: number;
  revokedAt: number | null;
}

/** Registered OAuth clients. */
export interface ClientStore {
  create(client: ClientRecord): Promise<void>;
  find(clientId: string): Promise<ClientRecord | undefined>;
  /** Every client, oldest first. */
  list(): Promise<ClientRecord[]>;
  /** Marks the client revoked; false when there is no such client. */
  markRevoked(clientId: string, at: number): Promise<boolean>;
}

/**
 * Revoked tokens (by jti) and revoked clients (every token they hold), each kept until the last token
 * it covers has expired. Read on every bearer request, never cached: a revocation made on one instance
 * is refused by every other instance at once.
 */
export interface RevocationStore {
  revokeToken(jti: string, expiresAt: number): Promise<void>;
  revokeClient(clientId: string, until: number): Promise<void>;
  isRevoked(jti: string, clientId: string, now: number): Promise<boolean>;
  /** Drops revocations whose tokens have expired anyway. */
  purge(now: number): Promise<void>;
}

/** How long an instance trusts the key set it loaded before reading it again (picks up a rotation). */
export const KEY_REFRESH_SECONDS = 30;

/**
 * A rotated key stays published this long: an instance may sign with it until its next refresh, and
 * that last token is accepted until its expiry plus the clock tolerance.
 */
export const RETIRE_AFTER_MS = (KEY_REFRESH_SECONDS + ACCESS_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000;

export interface StoredKey extends SerializedKey {
  createdAt: number;
  /** When a newer key took over signing; null while this key signs. */
  rotatedAt: number | null;
}

/** The signing keys, shared by every instance. */
export interface SigningKeyStore {
  /** Keys still published at `now`: the signer and rotated keys rotated less than RETIRE_AFTER_MS ago. */
  published(now: number): Promise<StoredKey[]>;
  /** The published keys, after creating a signer if none exists; instances racing here end with one. */
  ensureSigner(now: number): Promise<StoredKey[]>;
  /** A new key signs from now on; the previous signer stays published until RETIRE_AFTER_MS has passed. */
  rotate(now: number): Promise<SerializedKey>;
  /** Deletes keys whose last token has expired; how many. */
  retire(now: number): Promise<number>;
  /** Every key row, retired or not yet deleted. */
  all(): Promise<StoredKey[]>;
}

/** The stores an OAuth service is built on. */
export interface OAuthStores {
  clients: ClientStore;
  revocations: RevocationStore;
  signingKeys: SigningKeyStore;
}
