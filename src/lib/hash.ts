import { createHash } from 'node:crypto';

/** SHA-256 of a string or bytes as base64url: fingerprints, secret hashes and entity tags share it. */
export function sha256Base64url(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** SHA-256 as lowercase hex: names that must survive case-insensitive file systems (image cache files). */
export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}
