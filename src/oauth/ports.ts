import { ACCESS_TOKEN_LIFETIME_SECONDS, CLOCK_TOLERANCE_SECONDS } from '../contract/oauth.js';
import type { SerializedKey } from './signing-key.js';

// What the OAuth use cases need from outside the process: three stores, shared by every instance.
// The adapters (Kysely, SQLite or PostgreSQL) live in src/store/oauth/; the composition root picks them.
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

/** One revocation: its subject (see revocationSubject in src/oauth/revocations.ts) and when it may be forgotten. */
export interface Revocation {
  subject: string;
  /** Epoch ms after which the last token it covers is refused anyway (expired). */
  expiresAt: number;
}

/**
 * Revoked tokens (by jti) and revoked clients (every token they hold), each kept until the last token
 * it covers has expired. The store is the truth; an instance holds the live revocations in memory
 * while a RevocationFeed tells it of every new one, and asks the store per request otherwise.
 */
export interface RevocationStore {
  revokeToken(jti: string, expiresAt: number): Promise<void>;
  revokeClient(clientId: string, until: number): Promise<void>;
  isRevoked(jti: string, clientId: string, now: number): Promise<boolean>;
  /**
   * isRevoked answered without waiting, when the answer is known in memory (KnownRevocations while its
   * feed is connected and synced); undefined when only the store can tell. A store without memory lacks it.
   */
  revokedNow?(jti: string, clientId: string, now: number): boolean | undefined;
  /** Whether every token of the client is refused at `now` (the client was revoked less than a token's lifetime ago). */
  isClientRevoked(clientId: string, now: number): Promise<boolean>;
  /** Every revocation still in force at `now` (bounded: each is dropped once its tokens expire). */
  live(now: number): Promise<Revocation[]>;
  /** Drops revocations whose tokens have expired anyway. */
  purge(now: number): Promise<void>;
}

/** What a RevocationFeed tells: its state, and each revocation made anywhere while it is connected. */
export interface RevocationListener {
  /** The feed (re)connected: from now on it tells every new revocation; those made before must be read. */
  connected(): void;
  revoked(revocation: Revocation): void;
  /** The feed may miss revocations from now on (disconnected): nothing it told can be trusted as complete. */
  lost(): void;
}

/**
 * Revocations made on any instance (or by the operator command), pushed to this one, so that a bearer
 * request is answered from memory instead of a store read. PostgreSQL pushes with LISTEN/NOTIFY; SQLite
 * cannot push, and confirms instead, per request, that no other connection wrote since it last read.
 */
export interface RevocationFeed {
  start(listener: RevocationListener): void;
  /**
   * Called before each answer from memory; a feed that cannot push checks here (cheaply) for missed writes.
   * It never throws: a check that fails tells the listener lost(), and so sends requests to the store.
   */
  confirm?(): void;
  close(): Promise<void>;
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
