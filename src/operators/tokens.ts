import { randomBytes } from 'node:crypto';
import { sha256Base64url } from '../lib/hash.js';

// The secrets the operators use case hands out (session cookies, sign-in links): 32 random bytes as
// base64url. Only their SHA-256 is stored, so a copy of the database opens no session and no link.

const TOKEN_BYTES = 32;

/** base64url of 32 bytes, unpadded: 43 characters. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedToken {
  token: string;
  hash: string;
}

export function newToken(): IssuedToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export const tokenHash = (token: string): string => sha256Base64url(token);

/** Whether a presented value could be one of our tokens (so junk costs no database read). */
export const isTokenShaped = (value: string): boolean => TOKEN_SHAPE.test(value);
