import type { Reader } from './reader.js';

// The authorization server's signing key, when the operator supplies one instead of the database's.

export interface OAuthConfig {
  /** Optional Ed25519 private key (JWK JSON or PKCS#8 PEM) that replaces the keys kept in the database. */
  oauthSigningKey: string | undefined;
}

export function readOAuth(r: Reader): OAuthConfig {
  return { oauthSigningKey: r.raw('OAUTH_SIGNING_KEY') };
}
