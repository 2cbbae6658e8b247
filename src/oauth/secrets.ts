import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Base64url } from '../lib/hash.js';

// A client secret is 256 random bits: a single SHA-256 is enough to keep it from being usable if the
// table leaks (no dictionary to attack), and it stays cheap on the token endpoint's hot path.

/**
 * 128 random bits as hex: an operator pastes a client_id into `studio clients revoke <id>`, and base64url
 * starts one id in 64 with "-", which a command line takes for an option.
 */
export function newClientId(): string {
  return randomBytes(16).toString('hex');
}

export function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return sha256Base64url(secret);
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'utf8');
  const stored = Buffer.from(storedHash, 'utf8');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
