import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeProtectedHeader } from 'jose';
import { OAUTH_PATHS } from '../../src/contract/oauth.js';
import { PATHS } from '../../src/contract/paths.js';
import { KyselyKeyStore } from '../../src/store/oauth/signing-keys.js';
import { postA2a, type Json } from '../helpers/a2a.js';
import { signaturesOf, verifyByHand, verifyWithSdk } from '../helpers/agent-card-signature.js';
import { openStore, type ErrorJson } from '../helpers/inquiries.js';
import { registerClient, requestToken, startOAuthServer, type TestClock } from '../helpers/oauth-helpers.js';
import { freePort, startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The agent card's signature (A2A 1.0 §8.4) against a running server: a JWS over the card's RFC 8785
// form, by the key the OAuth server signs tokens with, verified the way a client does (the JWKS the
// header names) by hand and by the SDK; a change of one byte breaks it; a key rotation re-signs it.

const fetchCard = (url: string, headers: Record<string, string> = {}) => fetch(url + PATHS.agentCard, { headers });

async function cardOf(url: string): Promise<Json> {
  const response = await fetchCard(url);
  assert.equal(response.status, 200);
  return await response.json() as Json;
}

async function jwksKids(url: string): Promise<string[]> {
  const response = await fetch(url + OAUTH_PATHS.jwks);
  return ((await response.json()) as { keys: Array<{ kid: string }> }).keys.map((key) => key.kid);
}

/** `card` with one character of its description changed: one byte, as the description is ASCII at its end. */
function withOneByteChanged(card: Json): Json {
  const description = String(card.description);
  const last = description.at(-1) === '.' ? '!' : '.';
  return { ...card, description: description.slice(0, -1) + last };
}

describe('the signed agent card', () => {
  const suite = suiteScope();
  let server: TestServer & { clock: TestClock };
  before(async () => {
    server = await startOAuthServer(suite);
  });

  it('carries a JWS whose protected header names EdDSA, JOSE, the JWKS and a kid it lists: the key that signs access tokens', async () => {
    const card = await cardOf(server.url);
    const [signature, ...more] = signaturesOf(card);
    assert.ok(signature && more.length === 0, 'one signature');
    const header = decodeProtectedHeader(signature);
    assert.deepEqual({ alg: header.alg, typ: header.typ, jku: header.jku }, { alg: 'EdDSA', typ: 'JOSE', jku: server.url + OAUTH_PATHS.jwks });
    assert.ok((await jwksKids(server.url)).includes(String(header.kid)), 'the JWKS publishes the kid');
    const token = await requestToken(server.url, await registerClient(server.url));
    assert.equal(header.kid, decodeProtectedHeader(token).kid, 'the same key signs tokens');
  });

  it('verifies by hand (jose over the RFC 8785 form) and with the SDK\'s verifier', async () => {
    const card = await cardOf(server.url);
    assert.equal((await verifyByHand(card, server.url)).alg, 'EdDSA');
    await verifyWithSdk(card, server.url);
  });

  it('fails both verifications once one byte of the card changes, or the token endpoint it names', async (t) => {
    t.mock.method(console, 'debug', () => undefined);
    const card = await cardOf(server.url);
    const tampered = withOneByteChanged(card);
    assert.equal(Buffer.byteLength(JSON.stringify(tampered)), Buffer.byteLength(JSON.stringify(card)));
    await assert.rejects(verifyByHand(tampered, server.url), /signature verification failed/);
    await assert.rejects(verifyWithSdk(tampered, server.url), /No valid signatures/);
    // The security scheme is signed too: a card sending tokens elsewhere does not verify.
    const redirected = structuredClone(card);
    redirected.securitySchemes.oauth2.oauth2SecurityScheme.flows.clientCredentials.tokenUrl = 'https://attacker.example/token';
    await assert.rejects(verifyByHand(redirected, server.url), /signature verification failed/);
    await assert.rejects(verifyWithSdk(redirected, server.url), /No valid signatures/);
  });

  it('is cached as the JWKS is (public, max-age, ETag) and answers 304 to its ETag', async () => {
    const first = await fetchCard(server.url);
    const jwks = await fetch(server.url + OAUTH_PATHS.jwks);
    const cacheControl = first.headers.get('cache-control') ?? '';
    assert.match(cacheControl, /\bpublic\b/);
    assert.match(cacheControl, /\bmax-age=[1-9]\d*\b/);
    assert.equal(cacheControl, jwks.headers.get('cache-control'), 'the same caching as the JWKS that verifies it');
    assert.match(first.headers.get('content-type') ?? '', /^application\/json/);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await fetchCard(server.url, { 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
  });

  // Last: it rotates the server's key.
  it('is signed by the new key once the keys rotate, under a new ETag, and still verifies', async () => {
    const before = await fetchCard(server.url);
    const oldEtag = before.headers.get('etag')!;
    const oldKid = decodeProtectedHeader(signaturesOf(await before.json() as Json)[0]!).kid;
    const db = openStore(server.config.databaseUrl);
    try {
      await new KyselyKeyStore(db).rotate(server.clock.now());
    } finally {
      await db.close();
    }
    server.clock.advance(31); // the key ring re-reads the keys every 30 s
    const after = await fetchCard(server.url, { 'if-none-match': oldEtag });
    assert.equal(after.status, 200, 'the old ETag no longer matches');
    assert.notEqual(after.headers.get('etag'), oldEtag);
    const card = await after.json() as Json;
    const header = await verifyByHand(card, server.url);
    assert.notEqual(header.kid, oldKid);
    assert.deepEqual((await jwksKids(server.url)).sort(), [oldKid, header.kid].sort(), 'both keys are published');
    await verifyWithSdk(card, server.url);
  });
});

describe('the agent card while the signing keys were never loaded (database unreachable since the start)', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => {
    // Nothing listens on a port freePort() just released: every connection is refused.
    server = await startServer(suite, { DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/x` }, { waitForStore: false });
  });

  it('is 503 with Retry-After, never served unsigned; GetExtendedAgentCard without a token is still 401', async () => {
    const response = await fetchCard(server.url);
    assert.equal(response.status, 503);
    assert.ok(Number(response.headers.get('retry-after')) >= 1);
    assert.equal(response.headers.get('etag'), null, 'nothing a cache could keep');
    assert.equal(((await response.json()) as ErrorJson).code, 'auth_unavailable');
    // Without a token the extended card is refused before anything is signed (with one, the bearer hook answers 503 first).
    const extended = await postA2a(server.url, { jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard' });
    assert.equal(extended.status, 401, 'no token: refused before the card is signed');
  });
});
