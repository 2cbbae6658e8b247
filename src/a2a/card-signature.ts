import canonicalize from 'canonicalize';
import { FlattenedSign } from 'jose';
import { ACCESS_TOKEN_ALGORITHM } from '../contract/oauth.js';
import type { SigningKey } from '../oauth/signing-key.js';

// A2A 1.0 §8.4: an agent card signed with JWS (RFC 7515) over the RFC 8785 (JCS) form of the card
// without its `signatures`. The key is the service's own, the one that signs access tokens: the JWKS at
// `jku` publishes it under `kid`, so a client verifies the card with what it fetches for tokens anyway.
//
// The card's JSON is the SDK's ProtoJSON, which already leaves out fields at their default value (§8.4.1,
// rule 1), so the payload is the served JSON as it is. It must hold no empty object, array or string: the
// SDKs' verifiers (a2a-js, a2a-python) drop those before canonicalizing, and would then verify other bytes.
// The SDK's own signer is not used: given the SDK's card type (as DefaultRequestHandler hands it over) its
// canonical form drops oneof members, securitySchemes among them (a2a-js issue #663), which would go unsigned.

/** The JWS `typ` A2A asks for (§8.4.2: SHOULD be "JOSE"). */
export const CARD_SIGNATURE_TYPE = 'JOSE';

/** An agent card in its JSON form, as served. */
export type CardJson = Record<string, unknown>;

/** The bytes a card's signature covers: the canonical JSON (RFC 8785) of the card without `signatures`. */
export function cardSigningPayload(card: CardJson): string {
  const { signatures: _left, ...signed } = card;
  const canonical = canonicalize(signed);
  if (canonical === undefined) throw new Error('An agent card must be a JSON object to be signed');
  return canonical;
}

/** `card` with one signature, by `key`: alg, typ, kid and the JWKS that publishes the key in the protected header. */
export async function signCard(card: CardJson, key: SigningKey, jwksUrl: string): Promise<CardJson> {
  const jws = await new FlattenedSign(new TextEncoder().encode(cardSigningPayload(card)))
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: CARD_SIGNATURE_TYPE, kid: key.kid, jku: jwksUrl })
    .sign(key.privateKey);
  return { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] };
}

/** The keys that sign: the OAuth key ring (src/oauth/key-ring.ts) gives the newest key it publishes. */
export interface CardSigningKeys {
  signer(): Promise<SigningKey>;
}

/**
 * One card, signed by the key that signs now, once per key: keys rotate while the process runs (and on
 * other instances), so each request asks the ring for its signer and re-signs only when the kid changed.
 * Ed25519 signatures are deterministic, so every instance serves the same bytes (and ETag) for a key.
 */
export class SignedCard<T> {
  private cached: { kid: string; value: Promise<T> } | undefined;

  /** `shape` turns the signed JSON into what the caller serves (a representation, the SDK's card). */
  constructor(
    private readonly card: CardJson, private readonly keys: CardSigningKeys, private readonly jwksUrl: string,
    private readonly shape: (signed: CardJson) => T,
  ) {}

  async current(): Promise<T> {
    const key = await this.keys.signer();
    if (this.cached?.kid !== key.kid) {
      const value = signCard(this.card, key, this.jwksUrl).then(this.shape);
      // A failed signing is not kept: the next request tries again.
      value.catch(() => { if (this.cached?.value === value) this.cached = undefined; });
      this.cached = { kid: key.kid, value };
    }
    return this.cached.value;
  }
}
