// Why an access token is refused: one stable code per violated rule, as jose names its errors
// (ERR_JWT_EXPIRED, ...), so that callers and logs can tell the rules apart without parsing prose.

/** Every rule a bearer token can break, with what the code means. */
export const TOKEN_REJECTION_CODES = {
  token_missing: 'The Authorization header says Bearer but carries no token.',
  token_malformed: 'Not a compact JWS, or its header or payload cannot be decoded.',
  token_algorithm_not_allowed: 'The header alg is not EdDSA (none, HS256, RS256, ...).',
  token_key_pointer: 'The header points at a key of its own (jku, jwk, x5u or x5c).',
  token_missing_kid: 'The header names no key (kid).',
  token_unknown_key: 'The kid is not one of this server\'s published keys.',
  token_signature_invalid: 'The signature does not verify with the key the kid names.',
  token_expired: 'exp has passed (beyond the clock tolerance).',
  token_not_yet_valid: 'nbf is still in the future (beyond the clock tolerance).',
  token_claim_invalid: 'iss, aud or a required claim is missing or wrong.',
  token_not_access_token: 'Not an RFC 9068 access token of this server: typ is not at+jwt, or its claims disagree.',
  token_revoked: 'The token, or its client, has been revoked.',
} as const;

export type TokenRejectionCode = keyof typeof TOKEN_REJECTION_CODES;

/**
 * A token we refuse: `code` names the rule; the message describes it for the client and is safe in a
 * WWW-Authenticate quoted string (no quotes, no backslashes).
 */
export class TokenRejected extends Error {
  constructor(readonly code: TokenRejectionCode, description: string) {
    super(description);
    this.name = 'TokenRejected';
  }
}
