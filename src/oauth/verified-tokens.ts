import type { CryptoKey } from 'jose';
import type { AccessTokenClaims } from '../contract/oauth.js';

/** At most this many tokens are remembered (about 1 kB each with their claims); the oldest go first. */
const MAX_VERIFIED_TOKENS = 10_000;

interface Verified {
  claims: AccessTokenClaims;
  kid: string;
  /** The key that verified the signature: a hit counts only while the key ring still holds this very key. */
  key: CryptoKey;
  /** Epoch ms from which jose would refuse the token as expired (exp plus the clock tolerance). */
  until: number;
}

/**
 * Tokens whose signature, header and claims have been verified, so a token sent again is not verified
 * again until it expires. Keyed on the whole compact JWS: a token that differs in any byte (a forged
 * signature, an altered claim) is another key and is verified in full. Revocation is not remembered here:
 * it is checked on every request.
 */
export class VerifiedTokens {
  private readonly tokens = new Map<string, Verified>();

  /** The verified claims of `token`, if it is remembered, not expired at `now`, and its key still held. */
  get(token: string, now: number, keyOf: (kid: string) => CryptoKey | undefined): AccessTokenClaims | undefined {
    const verified = this.tokens.get(token);
    if (!verified) return undefined;
    if (now < verified.until && keyOf(verified.kid) === verified.key) return verified.claims;
    this.tokens.delete(token);
    return undefined;
  }

  remember(token: string, entry: Verified): void {
    if (this.tokens.size >= MAX_VERIFIED_TOKENS) {
      // Insertion order: the first key is the oldest entry.
      this.tokens.delete(this.tokens.keys().next().value!);
    }
    // Every hit answers this one object: frozen, so no request can change what the next one is told.
    Object.freeze(entry.claims);
    this.tokens.set(token, entry);
  }
}
