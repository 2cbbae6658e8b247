// The database's tables, as Kysely sees them. Each capability adds its own table interfaces here.
// Times are stored as integer milliseconds since the epoch (portable across SQLite and PostgreSQL).
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

export interface Database {
  oauth_clients: OAuthClientTable;
  oauth_signing_keys: OAuthSigningKeyTable;
  oauth_revocations: OAuthRevocationTable;
}
