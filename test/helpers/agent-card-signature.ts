import canonicalize from 'canonicalize';
import { AgentCard, verifyAgentCardSignature } from '@a2a-js/sdk';
import { base64url, decodeProtectedHeader, flattenedVerify, importJWK, type JWK, type ProtectedHeaderParameters } from 'jose';
import type { Json } from './a2a.js';

// How a client verifies a signed agent card (A2A 1.0 §8.4.3), two ways: by hand with jose and an RFC 8785
// canonicalizer, step by step as docs/agents.md tells it, and with the SDK's own verifier. Both fetch the
// key from the JWKS the signature's header names, and only from the origin the card came from.

export interface CardSignature {
  protected: string;
  signature: string;
}

export const signaturesOf = (card: Json): CardSignature[] => (card.signatures ?? []) as CardSignature[];

/** The JWKS at `jku`, only when it is on `origin` (a card must not send its verifier to any address it likes). */
async function keyOf(origin: string, kid: string, jku: string | undefined): Promise<JWK> {
  if (!jku || new URL(jku).origin !== origin) throw new Error(`jku ${jku} is not on ${origin}`);
  const response = await fetch(jku);
  if (!response.ok) throw new Error(`JWKS ${jku}: ${response.status}`);
  const { keys } = await response.json() as { keys: JWK[] };
  const key = keys.find((k) => k.kid === kid);
  if (!key) throw new Error(`kid ${kid} is not in ${jku}`);
  return key;
}

/** By hand: the payload is the canonical JSON of the card without `signatures`; the JWS is rebuilt around it. */
export async function verifyByHand(card: Json, origin: string): Promise<ProtectedHeaderParameters> {
  const { signatures: _signatures, ...signed } = card;
  const payload = base64url.encode(canonicalize(signed)!);
  for (const signature of signaturesOf(card)) {
    const header = decodeProtectedHeader(signature);
    const key = await importJWK(await keyOf(origin, String(header.kid), header.jku), header.alg);
    await flattenedVerify({ ...signature, payload }, key, { algorithms: ['EdDSA'] });
    return header;
  }
  throw new Error('the card carries no signature');
}

/**
 * With the SDK's verifier, given the card's JSON form as fetched: given the SDK's card type instead, its
 * canonical form leaves out securitySchemes (a2a-js issue #663). It logs each signature that fails.
 */
export async function verifyWithSdk(card: Json, origin: string): Promise<void> {
  // The JWK itself: the SDK's verifier imports it (jose's importJWK may also answer raw bytes, which it does not take).
  const verify = verifyAgentCardSignature((kid, jku) => keyOf(origin, kid, jku));
  await verify(card as unknown as AgentCard);
}

/** The SDK's verifier for a card in the SDK's type (what its Client.getAgentCard hands a verifier): through its JSON form. */
export const sdkCardVerifier = (origin: string) => (card: AgentCard): Promise<void> => verifyWithSdk(AgentCard.toJSON(card) as Json, origin);
