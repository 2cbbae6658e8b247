import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createHmac } from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { ACCESS_TOKEN_LIFETIME_SECONDS, DEFAULT_SCOPES } from '../../src/contract/oauth.js';
import { apiCall, registerClient, requestToken, startOAuthServer, type RegisteredClient } from '../helpers/oauth-helpers.js';
import type { TestServer } from '../helpers/server.js';
import type { TestClock } from '../helpers/oauth-helpers.js';
import { suiteScope } from '../helpers/server.js';

const KID = 'test-key-1';

async function ed25519(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return { privateKey, jwk: await exportJWK(privateKey) };
}

const b64url = (value: object | Buffer) => Buffer.from(Buffer.isBuffer(value) ? value : JSON.stringify(value)).toString('base64url');

describe('bearer tokens on the API', () => {
  const suite = suiteScope();
  let server: TestServer & { clock: TestClock };
  let ours: { privateKey: CryptoKey; jwk: JWK };
  let client: RegisteredClient;
  const logLines: Array<Record<string, unknown>> = [];

  /** A token with our key and claims that are right unless the test overrides them. */
  async function craft(claims: JWTPayload = {}, header: Record<string, unknown> = {}, key: CryptoKey = ours.privateKey): Promise<string> {
    const now = Math.floor(server.clock.now() / 1000);
    return new SignJWT({
      iss: server.url, aud: server.url, sub: client.client_id, client_id: client.client_id,
      iat: now, exp: now + ACCESS_TOKEN_LIFETIME_SECONDS, jti: `jti-${Math.random()}`, scope: DEFAULT_SCOPES.join(' '), ...claims,
    }).setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: KID, ...header }).sign(key);
  }

  /** `resource`: the path of a resource with its own RFC 9728 document (the MCP endpoint), whose 401 names that one. */
  async function assertRefused(token: string, description: RegExp, path = '/api/v1/projects', resource = ''): Promise<void> {
    const response = await apiCall(server.url, `Bearer ${token}`, path);
    assert.equal(response.status, 401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    assert.match(challenge, /^Bearer error="invalid_token", error_description="[^"\\]+", resource_metadata="([^"]+)"$/);
    assert.ok(challenge.endsWith(`resource_metadata="${server.url}/.well-known/oauth-protected-resource${resource}"`), challenge);
    assert.match(challenge, description);
    const body = await response.json() as { ok: boolean; code: string; error: string; hint: string };
    assert.equal(body.ok, false);
    assert.equal(body.code, 'invalid_token');
    assert.ok(body.hint.length > 0);
  }

  before(async () => {
    ours = await ed25519();
    const sink = new Writable({ write(chunk, _enc, done) { logLines.push(JSON.parse(String(chunk))); done(); } });
    const logger = pino({ level: 'info' }, sink) as FastifyBaseLogger;
    server = await startOAuthServer(suite, { OAUTH_SIGNING_KEY: JSON.stringify({ ...ours.jwk, kid: KID }) }, undefined, logger);
    client = await registerClient(server.url);
  });

  it('answers as before without an Authorization header, and ignores other schemes', async () => {
    assert.equal((await apiCall(server.url)).status, 200);
    assert.equal((await apiCall(server.url, 'Basic dXNlcjpwYXNz')).status, 200);
  });

  it('accepts a valid token and names its client in the request log', async () => {
    assert.equal((await apiCall(server.url, `Bearer ${await requestToken(server.url, client)}`, '/api/v1/services')).status, 200);
    assert.equal((await apiCall(server.url, `Bearer ${await craft()}`)).status, 200, 'a crafted token with every claim right passes');
    const line = logLines.find((l) => l.msg === 'request' && l.path === '/api/v1/services');
    assert.equal(line?.client, client.client_id);
    assert.ok(!JSON.stringify(logLines).includes(client.client_secret), 'no secret in logs');
  });

  it('publishes the configured OAUTH_SIGNING_KEY and signs with it', async () => {
    const jwks = await (await fetch(`${server.url}/oauth/jwks.json`)).json() as { keys: JWK[] };
    assert.deepEqual(jwks.keys.map((k) => [k.kid, k.x, k.d]), [[KID, ours.jwk.x, undefined]]);
  });

  it('refuses an empty or malformed token', async () => {
    await assertRefused('', /no token/);
    await assertRefused('not-a-jwt', /not a signed JWT/);
    await assertRefused('a.b.c', /header cannot be read/);
    const token = await craft();
    await assertRefused(`${token.slice(0, -4)}AAAA`, /signature/);
  });

  it('refuses an expired token (clock injected)', async () => {
    const token = await requestToken(server.url, client);
    // Beyond the lifetime and the verifier's clock tolerance.
    const beyond = ACCESS_TOKEN_LIFETIME_SECONDS + 31;
    server.clock.advance(beyond);
    try {
      await assertRefused(token, /expired/);
    } finally {
      server.clock.advance(-beyond);
    }
    assert.equal((await apiCall(server.url, `Bearer ${token}`)).status, 200);
  });

  it('refuses a token not yet valid (nbf beyond the tolerance)', async () => {
    await assertRefused(await craft({ nbf: Math.floor(server.clock.now() / 1000) + 600 }), /nbf/);
  });

  it('refuses a token for another audience or from another issuer', async () => {
    await assertRefused(await craft({ aud: 'https://other-api.example' }), /aud/);
    await assertRefused(await craft({ iss: 'https://other-issuer.example' }), /iss/);
  });

  it('refuses a token that is not an access token (typ) or whose claims disagree', async () => {
    // Signed with our own Ed25519 key and alg EdDSA: only the RFC 9068 typ at+jwt is an access token.
    await assertRefused(await craft({}, { typ: 'JWT' }), /typ/);
    await assertRefused(await craft({}, { typ: undefined }), /typ/);
    await assertRefused(await craft({ sub: 'someone-else' }), /claims/);
    await assertRefused(await craft({ jti: undefined }), /jti/);
  });

  it('refuses a token signed by an unknown key, or by another issuer\'s key with our kid', async () => {
    const stranger = await ed25519();
    await assertRefused(await craft({}, { kid: 'unknown-kid' }, stranger.privateKey), /does not know/);
    await assertRefused(await craft({}, {}, stranger.privateKey), /signature/);
  });

  it('refuses alg none and HS256 signed with our public key bytes', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: server.url, aud: server.url, sub: client.client_id, client_id: client.client_id, iat: now, exp: now + 600, jti: 'x', scope: DEFAULT_SCOPES[0] };
    await assertRefused(`${b64url({ alg: 'none', typ: 'at+jwt', kid: KID })}.${b64url(claims)}.`, /not a signed JWT/);
    const input = `${b64url({ alg: 'HS256', typ: 'at+jwt', kid: KID })}.${b64url(claims)}`;
    for (const secret of [Buffer.from(ours.jwk.x!, 'base64url'), Buffer.from(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: ours.jwk.x }))]) {
      await assertRefused(`${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`, /EdDSA/);
    }
  });

  it('refuses tokens signed with another asymmetric algorithm under our kid (RS256, ES256)', async () => {
    for (const alg of ['RS256', 'ES256']) {
      const { privateKey } = await generateKeyPair(alg);
      await assertRefused(await craft({}, { alg }, privateKey), /EdDSA/);
    }
  });

  it('never follows jku, jwk, x5u or x5c headers', async () => {
    const stranger = await ed25519();
    const strangerPublic = { kty: 'OKP', crv: 'Ed25519', x: stranger.jwk.x };
    await assertRefused(await craft({}, { jwk: strangerPublic }, stranger.privateKey), /jku, jwk/);
    await assertRefused(await craft({}, { jku: 'https://attacker.example/jwks.json' }, stranger.privateKey), /jku, jwk/);
    // Even signed with our own key: a token pointing elsewhere for its key is not one of ours.
    await assertRefused(await craft({}, { jku: 'https://attacker.example/jwks.json' }), /jku, jwk/);
    await assertRefused(await craft({}, { x5u: 'https://attacker.example/cert.pem' }), /jku, jwk/);
  });

  it('covers /mcp, but not the OAuth endpoints or public documents', async () => {
    await assertRefused('not-a-jwt', /not a signed JWT/, '/mcp', '/mcp');
    const ping = (authorization: string) => fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', authorization },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    const refused = await ping(`Bearer ${await craft({}, { typ: 'JWT' })}`);
    assert.equal(refused.status, 401, 'a POST to /mcp meets the same hook, before any JSON-RPC');
    assert.match(refused.headers.get('www-authenticate') ?? '', /^Bearer error="invalid_token"/);
    assert.equal((await refused.json() as { code: string }).code, 'invalid_token');
    const served = await ping(`Bearer ${await requestToken(server.url, client)}`);
    assert.equal(served.status, 200);
    assert.equal((await served.json() as { id: number }).id, 1);
    for (const path of ['/oauth/jwks.json', '/.well-known/oauth-authorization-server', '/openapi.json', '/healthz']) {
      assert.equal((await apiCall(server.url, 'Bearer not-a-jwt', path)).status, 200, path);
    }
  });

  it('decides by the matched route: an encoded or trailing-slash path to an API route is covered too', async () => {
    for (const [path, resource] of [['/%61pi/v1/projects', ''], ['/api/v1/projects/', ''], ['/%6dcp', '/mcp']] as const) {
      await assertRefused('not-a-jwt', /not a signed JWT/, path, resource);
    }
    assert.equal((await apiCall(server.url, undefined, '/%61pi/v1/projects')).status, 200, 'and still works without a token');
  });

  it('lets the 401 carry CORS headers so browsers can read the challenge', async () => {
    const response = await fetch(`${server.url}/api/v1/projects`, { headers: { authorization: 'Bearer x', origin: 'https://agent.example' } });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /WWW-Authenticate/);
  });
});
