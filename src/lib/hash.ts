import { hash } from 'node:crypto';

// crypto.hash, the one-shot digest: no Hash object per call (createHash's was a third of a client
// secret check on the token endpoint).

/** SHA-256 of a string or bytes as base64url: fingerprints, secret hashes and entity tags share it. */
export function sha256Base64url(value: string | Buffer): string {
  return hash('sha256', value, 'base64url');
}

/** SHA-256 as lowercase hex: names that must survive case-insensitive file systems (image cache files). */
export function sha256Hex(value: string | Buffer): string {
  return hash('sha256', value, 'hex');
}
