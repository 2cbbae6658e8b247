import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_LIFETIME_SECONDS, ACCESS_TOKEN_TYPE, CLOCK_TOLERANCE_SECONDS, type AccessTokenClaims } from '../contract/oauth.js';
import { seconds, type Clock } from '../lib/clock.js';
import type { KeyRing } from './key-ring.js';
import type { RevocationStore } from './ports.js';
import { signCompactJws } from './signing-key.js';
import { TokenRejected } from './token-rejection.js';
import { VerifiedTokens } from './verified-tokens.js';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
// Header parameters that point at a key: we only ever verify against our own key set.
const KEY_POINTERS = ['jku', 'jwk', 'x5u', 'x5c'];

/** Issues and verifies the EdDSA JWT access tokens (RFC 9068). */
export class AccessTokens {
  private readonly verified = new VerifiedTokens();

  constructor(
    private readonly keys: KeyRing,
    private readonly revocations: RevocationStore,
    private readonly issuer: string,
    private readonly audience: string,
    private readonly clock: Clock,
  ) {}

  async issue(clientId: string, scope: string): Promise<{ token: string; claims: AccessTokenClaims }> {
    const signer = await this.keys.signer();
    const iat = seconds(this.clock());
    const claims: AccessTokenClaims = {
      iss: this.issuer, sub: clientId, aud: this.audience, client_id: clientId,
      iat, exp: iat + ACCESS_TOKEN_LIFETIME_SECONDS, jti: randomUUID(), scope,
    };
    return { token: await signCompactJws(signer, ACCESS_TOKEN_TYPE, claims), claims };
  }

  /**
   * Verifies signature, header, claims and revocation. Throws TokenRejected, or StoreUnavailable. A token
   * verified before is not verified again until it expires (VerifiedTokens); revocation is checked every time.
   */
  async verify(token: string): Promise<AccessTokenClaims> {
    const remembered = this.verifyRemembered(token);
    if (remembered) return remembered;
    const now = this.clock();
    const claims = this.verified.get(token, now, (kid) => this.keys.loadedKey(kid)) ?? await this.verifyInFull(token);
    if (await this.revocations.isRevoked(claims.jti, claims.client_id, now)) throw revoked();
    return claims;
  }

  /**
   * verify() without waiting, for the common case of a bearer call: a token verified before, checked
   * against the revocations held in memory. Undefined when the answer needs the key store, a full
   * verification or the revocation store (then verify() gives it); throws TokenRejected if revoked.
   */
  verifyRemembered(token: string): AccessTokenClaims | undefined {
    const now = this.clock();
    const claims = this.verified.get(token, now, (kid) => this.keys.loadedKey(kid));
    if (!claims) return undefined;
    const isRevoked = this.revocations.revokedNow?.(claims.jti, claims.client_id, now);
    if (isRevoked) throw revoked();
    return isRevoked === false ? claims : undefined;
  }

  private async verifyInFull(token: string): Promise<AccessTokenClaims> {
    const kid = this.checkHeader(token);
    const key = await this.keys.verificationKey(kid);
    if (!key) throw new TokenRejected('token_unknown_key', 'The token is signed by a key this server does not know.');
    const claims = await this.verifySignatureAndClaims(token, key);
    this.verified.remember(token, { claims, kid, key, until: (claims.exp + CLOCK_TOLERANCE_SECONDS) * 1000 });
    return claims;
  }

  private checkHeader(token: string): string {
    if (!COMPACT_JWS.test(token)) throw new TokenRejected('token_malformed', 'The token is not a signed JWT.');
    let header: Record<string, unknown>;
    try {
      header = decodeProtectedHeader(token) as Record<string, unknown>;
    } catch {
      throw new TokenRejected('token_malformed', 'The token header cannot be read.');
    }
    if (header.alg !== ACCESS_TOKEN_ALGORITHM) {
      throw new TokenRejected('token_algorithm_not_allowed', `The token must be signed with ${ACCESS_TOKEN_ALGORITHM}.`);
    }
    // Own members only: the header is the caller's JSON, and an inherited name is not a header parameter.
    if (KEY_POINTERS.some((name) => Object.hasOwn(header, name))) {
      throw new TokenRejected('token_key_pointer', 'The token header must not carry jku, jwk, x5u or x5c.');
    }
    if (typeof header.kid !== 'string' || !header.kid) throw new TokenRejected('token_missing_kid', 'The token header has no kid.');
    return header.kid;
  }

  private async verifySignatureAndClaims(token: string, key: CryptoKey): Promise<AccessTokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: this.issuer,
        audience: this.audience,
        typ: ACCESS_TOKEN_TYPE,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(this.clock()),
        requiredClaims: ['iss', 'sub', 'aud', 'iat', 'exp', 'jti', 'client_id', 'scope'],
      }));
    } catch (error) {
      throw rejectionOf(error);
    }
    const claims = payload as unknown as AccessTokenClaims;
    if (typeof claims.client_id !== 'string' || claims.sub !== claims.client_id || typeof claims.jti !== 'string' || typeof claims.scope !== 'string') {
      throw new TokenRejected('token_not_access_token', 'The token claims are not those of an access token of this server.');
    }
    return claims;
  }
}

function revoked(): TokenRejected {
  return new TokenRejected('token_revoked', 'The token has been revoked.');
}

/** jose's verdict as our rule: jose checks the signature, the times, iss, aud, typ and the required claims. */
function rejectionOf(error: unknown): TokenRejected {
  if (error instanceof errors.JWTExpired) return new TokenRejected('token_expired', 'The token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const description = `The token ${error.claim} claim is not valid here.`;
    if (error.claim === 'nbf') return new TokenRejected('token_not_yet_valid', description);
    // jose reports the header's typ as a claim: a JWT of another type is not an access token.
    if (error.claim === 'typ') return new TokenRejected('token_not_access_token', description);
    return new TokenRejected('token_claim_invalid', description);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return new TokenRejected('token_signature_invalid', 'The token signature is not valid.');
  return new TokenRejected('token_malformed', 'The token is malformed.');
}
