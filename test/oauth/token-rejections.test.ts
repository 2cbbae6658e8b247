import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { CompactSign, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { ACCESS_TOKEN_LIFETIME_SECONDS, DEFAULT_SCOPES } from '../../src/contract/oauth.js';
import type { ClientRecord } from '../../src/oauth/ports.js';
import type { OAuthService } from '../../src/oauth/service.js';
import { TOKEN_REJECTION_CODES, TokenRejected, type TokenRejectionCode } from '../../src/oauth/token-rejection.js';
import { createOAuthOnSqlite, TEST_ISSUER, TestClock } from '../helpers/oauth-helpers.js';

// Every token the bearer tests (oauth/bearer.test.ts) refuse over HTTP, refused here by the verifier
// itself: each violated rule has its own stable code, and the description the 401 challenge carries.

const KID = 'test-key-1';
const CLIENT = 'client-1';
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function ed25519(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return { privateKey, jwk: await exportJWK(privateKey) };
}

describe('token verification names the rule a token breaks', () => {
  const clock = new TestClock();
  const seen = new Set<TokenRejectionCode>();
  let ours: { privateKey: CryptoKey; jwk: JWK };
  let stranger: { privateKey: CryptoKey; jwk: JWK };
  let oauth: OAuthService;
  let close: () => Promise<void>;

  async function craft(claims: JWTPayload = {}, header: Record<string, unknown> = {}, key: CryptoKey = ours.privateKey): Promise<string> {
    const now = Math.floor(clock.now() / 1000);
    return new SignJWT({
      iss: TEST_ISSUER, aud: TEST_ISSUER, sub: CLIENT, client_id: CLIENT,
      iat: now, exp: now + ACCESS_TOKEN_LIFETIME_SECONDS, jti: `jti-${Math.random()}`, scope: DEFAULT_SCOPES.join(' '), ...claims,
    }).setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: KID, ...header }).sign(key);
  }

  async function assertRejected(token: string, code: TokenRejectionCode, description: RegExp): Promise<void> {
    const error = await oauth.tokens.verify(token).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof TokenRejected, `refused as TokenRejected: ${String(error)}`);
    assert.equal(error.code, code, error.message);
    assert.match(error.message, description);
    assert.doesNotMatch(error.message, /["\\]/, 'safe inside a WWW-Authenticate quoted string');
    seen.add(code);
  }

  before(async () => {
    ours = await ed25519();
    stranger = await ed25519();
    ({ oauth, close } = await createOAuthOnSqlite({ signingKey: JSON.stringify({ ...ours.jwk, kid: KID }), clock: clock.now }));
  });
  after(async () => { await close(); });

  it('accepts a token whose every rule holds', async () => {
    assert.equal((await oauth.tokens.verify(await craft())).client_id, CLIENT);
  });

  it('malformed tokens: token_malformed', async () => {
    await assertRejected('', 'token_malformed', /not a signed JWT/);
    await assertRejected('not-a-jwt', 'token_malformed', /not a signed JWT/);
    await assertRejected('a.b.c', 'token_malformed', /header cannot be read/);
    await assertRejected(`${b64url({ alg: 'none', typ: 'at+jwt', kid: KID })}.${b64url({ sub: CLIENT })}.`, 'token_malformed', /not a signed JWT/);
    const notClaims = await new CompactSign(new TextEncoder().encode('not a claims set'))
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: KID }).sign(ours.privateKey);
    await assertRejected(notClaims, 'token_malformed', /malformed/);
  });

  it('header rules: algorithm, key pointers, kid', async () => {
    const input = `${b64url({ alg: 'HS256', typ: 'at+jwt', kid: KID })}.${b64url({ sub: CLIENT })}`;
    await assertRejected(`${input}.${createHmac('sha256', Buffer.from(ours.jwk.x!, 'base64url')).update(input).digest('base64url')}`,
      'token_algorithm_not_allowed', /EdDSA/);
    for (const alg of ['RS256', 'ES256']) {
      const { privateKey } = await generateKeyPair(alg);
      await assertRejected(await craft({}, { alg }, privateKey), 'token_algorithm_not_allowed', /EdDSA/);
    }
    await assertRejected(await craft({}, { jwk: { kty: 'OKP', crv: 'Ed25519', x: stranger.jwk.x } }, stranger.privateKey), 'token_key_pointer', /jku, jwk/);
    await assertRejected(await craft({}, { jku: 'https://attacker.example/jwks.json' }), 'token_key_pointer', /jku, jwk/);
    await assertRejected(await craft({}, { x5u: 'https://attacker.example/cert.pem' }), 'token_key_pointer', /jku, jwk/);
    await assertRejected(await craft({}, { kid: undefined }), 'token_missing_kid', /no kid/);
    await assertRejected(await craft({}, { kid: '' }), 'token_missing_kid', /no kid/);
  });

  it('key and signature: token_unknown_key, token_signature_invalid', async () => {
    await assertRejected(await craft({}, { kid: 'unknown-kid' }, stranger.privateKey), 'token_unknown_key', /does not know/);
    await assertRejected(await craft({}, { kid: '__proto__' }), 'token_unknown_key', /does not know/);
    await assertRejected(await craft({}, {}, stranger.privateKey), 'token_signature_invalid', /signature/);
    const token = await craft();
    await assertRejected(`${token.slice(0, -4)}AAAA`, 'token_signature_invalid', /signature/);
  });

  it('times: token_expired, token_not_yet_valid', async () => {
    const token = await craft();
    const beyond = ACCESS_TOKEN_LIFETIME_SECONDS + 31;
    clock.advance(beyond);
    try {
      await assertRejected(token, 'token_expired', /expired/);
    } finally {
      clock.advance(-beyond);
    }
    await assertRejected(await craft({ nbf: Math.floor(clock.now() / 1000) + 600 }), 'token_not_yet_valid', /nbf/);
  });

  it('claims: token_claim_invalid, token_not_access_token', async () => {
    await assertRejected(await craft({ aud: 'https://other-api.example' }), 'token_claim_invalid', /aud/);
    await assertRejected(await craft({ iss: 'https://other-issuer.example' }), 'token_claim_invalid', /iss/);
    await assertRejected(await craft({ jti: undefined }), 'token_claim_invalid', /jti/);
    await assertRejected(await craft({}, { typ: 'JWT' }), 'token_not_access_token', /typ/);
    await assertRejected(await craft({}, { typ: undefined }), 'token_not_access_token', /typ/);
    await assertRejected(await craft({ sub: 'someone-else' }), 'token_not_access_token', /claims/);
  });

  it('revocation: token_revoked, for the token and for its client', async () => {
    const client = { clientId: CLIENT } as ClientRecord;
    const token = await craft();
    await oauth.grants.revoke(client, token);
    await assertRejected(token, 'token_revoked', /revoked/);
    const other = await craft();
    assert.equal((await oauth.tokens.verify(other)).client_id, CLIENT);
  });

  it('has exercised every code but the bearer hook\'s own (an empty Authorization: Bearer)', () => {
    const codes = Object.keys(TOKEN_REJECTION_CODES).filter((code) => code !== 'token_missing');
    assert.deepEqual([...seen].sort(), codes.sort());
  });
});
