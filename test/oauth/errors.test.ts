import { before, describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { SQLite } from '../../src/store/db/sqlite-driver.js';
import assert from 'node:assert/strict';
import { MAX_BODY_BYTES } from '../../src/contract/api.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { jsonOfSize } from '../helpers/bodies.js';
import { basic, postForm, registerClient, requestToken, startOAuthServer, type RegisteredClient } from '../helpers/oauth-helpers.js';
import type { TestServer } from '../helpers/server.js';
import { suiteScope } from '../helpers/server.js';

async function oauthError(response: Response, status: number, error: string): Promise<{ error: string; error_description: string }> {
  const body = await response.json() as { error: string; error_description: string };
  assert.equal(response.status, status, JSON.stringify(body));
  assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description'], 'an OAuth error body, not the REST Error shape');
  assert.equal(body.error, error);
  assert.ok(body.error_description.length > 0);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  return body;
}

const register = (server: TestServer, body: unknown, contentType = 'application/json') => fetch(`${server.url}/oauth/register`, {
  method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body),
});

function assertBasicChallenge(response: Response, server: TestServer): void {
  assert.equal(response.headers.get('www-authenticate'), `Basic realm="${server.url}", charset="UTF-8"`);
}

describe('token, introspection and revocation errors (RFC 6749 §5.2)', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: RegisteredClient;
  let token: string;
  before(async () => {
    // Lifted limits: this suite counts errors, not requests.
    server = await startOAuthServer(suite, { RATE_LIMIT_SCALE: '100' });
    client = await registerClient(server.url);
    token = await requestToken(server.url, client);
  });
  const tokenUrl = () => `${server.url}/oauth/token`;
  const grant = { grant_type: 'client_credentials' };

  it('wrong secret and unknown client: invalid_client, 401, WWW-Authenticate Basic', async () => {
    for (const authorization of [basic(client.client_id, 'wrong-secret'), basic('no-such-client', client.client_secret)]) {
      const response = await postForm(tokenUrl(), grant, { authorization });
      const body = await oauthError(response, 401, 'invalid_client');
      assert.equal(body.error_description, 'Client authentication failed.', 'unknown and wrong secret read the same');
      assertBasicChallenge(response, server);
    }
    await oauthError(await postForm(tokenUrl(), { ...grant, client_id: client.client_id, client_secret: 'wrong' }), 401, 'invalid_client');
  });

  it('Basic credentials are form-url-decoded (RFC 6749 §2.3.1); a bad escape is invalid_request', async () => {
    const escaped = [...client.client_id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    assert.equal((await postForm(tokenUrl(), grant, { authorization: basic(escaped, client.client_secret) })).status, 200);
    await oauthError(await postForm(tokenUrl(), grant, { authorization: basic('%zz', client.client_secret) }), 400, 'invalid_request');
    await oauthError(await postForm(tokenUrl(), grant, { authorization: basic(`${client.client_id}+`, client.client_secret) }), 401, 'invalid_client');
  });

  it('missing or non-Basic client authentication: invalid_client', async () => {
    const missing = await postForm(tokenUrl(), grant);
    await oauthError(missing, 401, 'invalid_client');
    assertBasicChallenge(missing, server);
    await oauthError(await postForm(tokenUrl(), grant, { authorization: `Bearer ${token}` }), 401, 'invalid_client');
    await oauthError(await postForm(tokenUrl(), { ...grant, client_id: client.client_id }), 401, 'invalid_client');
  });

  it('a method other than the registered token_endpoint_auth_method: invalid_client, on every endpoint', async () => {
    const postClient = await registerClient(server.url, { client_name: 'post agent', token_endpoint_auth_method: 'client_secret_post' });
    const asPost = (c: RegisteredClient) => ({ client_id: c.client_id, client_secret: c.client_secret });
    for (const path of ['/oauth/token', '/oauth/introspect', '/oauth/revoke']) {
      const form = path === '/oauth/token' ? grant : { token };
      const basicOnPost = await postForm(server.url + path, form, { authorization: basic(postClient.client_id, postClient.client_secret) });
      const body = await oauthError(basicOnPost, 401, 'invalid_client');
      assert.match(body.error_description, /client_secret_post/, path);
      assertBasicChallenge(basicOnPost, server);
      const postOnBasic = await postForm(server.url + path, { ...form, ...asPost(client) });
      assert.match((await oauthError(postOnBasic, 401, 'invalid_client')).error_description, /client_secret_basic/, path);
    }
    // A wrong secret with the other method still reads as any failed authentication.
    const guess = await postForm(tokenUrl(), grant, { authorization: basic(postClient.client_id, 'wrong') });
    assert.equal((await oauthError(guess, 401, 'invalid_client')).error_description, 'Client authentication failed.');
    assert.equal((await postForm(tokenUrl(), { ...grant, ...asPost(postClient) })).status, 200, 'the registered method works');
  });

  it('two authentication methods at once: invalid_request', async () => {
    const response = await postForm(tokenUrl(), { ...grant, client_secret: client.client_secret },
      { authorization: basic(client.client_id, client.client_secret) });
    await oauthError(response, 400, 'invalid_request');
  });

  it('wrong or missing grant type: unsupported_grant_type, invalid_request', async () => {
    const auth = { authorization: basic(client.client_id, client.client_secret) };
    await oauthError(await postForm(tokenUrl(), { grant_type: 'authorization_code', code: 'x' }, auth), 400, 'unsupported_grant_type');
    await oauthError(await postForm(tokenUrl(), { grant_type: 'password' }, auth), 400, 'unsupported_grant_type');
    await oauthError(await postForm(tokenUrl(), {}, auth), 400, 'invalid_request');
  });

  it('malformed form: JSON body, repeated parameter, bad percent-encoding in Basic', async () => {
    const auth = { authorization: basic(client.client_id, client.client_secret) };
    const json = await fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(grant) });
    await oauthError(json, 400, 'invalid_request');
    await oauthError(await postForm(tokenUrl(), 'grant_type=client_credentials&grant_type=client_credentials', auth), 400, 'invalid_request');
    await oauthError(await postForm(tokenUrl(), grant, { authorization: basic('%zz', 'x') }), 400, 'invalid_request');
    const tooLarge = `grant_type=client_credentials&padding=${'x'.repeat(MAX_BODY_BYTES)}`.slice(0, MAX_BODY_BYTES + 1);
    const broken = await fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth }, body: tooLarge });
    await oauthError(broken, 413, 'invalid_request');
  });

  it('unknown scope: invalid_scope', async () => {
    const auth = { authorization: basic(client.client_id, client.client_secret) };
    await oauthError(await postForm(tokenUrl(), { ...grant, scope: 'api admin' }, auth), 400, 'invalid_scope');
  });

  it('introspection and revocation require client authentication and a token', async () => {
    for (const path of ['/oauth/introspect', '/oauth/revoke']) {
      const unauthenticated = await postForm(server.url + path, { token });
      await oauthError(unauthenticated, 401, 'invalid_client');
      assertBasicChallenge(unauthenticated, server);
      await oauthError(await postForm(server.url + path, { token }, { authorization: basic(client.client_id, 'wrong') }), 401, 'invalid_client');
      await oauthError(await postForm(server.url + path, {}, { authorization: basic(client.client_id, client.client_secret) }), 400, 'invalid_request');
    }
  });

  it('answers other methods with 405, Allow and an OAuth error body (invalid_request)', async () => {
    for (const [method, path, allow] of [['GET', '/oauth/token', 'POST'], ['PUT', '/oauth/register', 'POST'],
      ['DELETE', '/oauth/revoke', 'POST'], ['POST', '/oauth/jwks.json', 'GET, HEAD']] as const) {
      const response = await fetch(server.url + path, { method });
      await oauthError(response, 405, 'invalid_request');
      assert.equal(response.headers.get('allow'), allow, `${method} ${path}`);
    }
    const head = await fetch(tokenUrl(), { method: 'HEAD' });
    assert.equal(head.status, 405);
    assert.equal(head.headers.get('allow'), 'POST');
  });
});

describe('token endpoint rate limit', () => {
  const suite = suiteScope();
  let server: TestServer;
  // A server of its own with the contract limits: the count starts at zero for this client IP.
  before(async () => { server = await startOAuthServer(suite); });

  it(`answers ${RATE_LIMIT_POLICIES.token.limit} token requests a minute, then 429 temporarily_unavailable with Retry-After`, async () => {
    const client = await registerClient(server.url);
    for (let i = 0; i < RATE_LIMIT_POLICIES.token.limit; i++) await requestToken(server.url, client);
    const limited = await postForm(`${server.url}/oauth/token`, { grant_type: 'client_credentials' },
      { authorization: basic(client.client_id, client.client_secret) });
    await oauthError(limited, 429, 'temporarily_unavailable');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= RATE_LIMIT_POLICIES.token.windowSeconds, `Retry-After ${retryAfter}`);
    assert.equal(limited.headers.get('ratelimit-limit'), String(RATE_LIMIT_POLICIES.token.limit));
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
  });
});

describe('client registration (RFC 7591)', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startOAuthServer(suite); });

  const { limit } = RATE_LIMIT_POLICIES.register;
  it(`counts refused registrations too, and answers registration ${limit + 1} in the window with 429`, async () => {
    // Every request counts against the register policy, refused ones too: `limit` requests, then 429.
    await oauthError(await register(server, { grant_types: ['client_credentials'] }), 400, 'invalid_client_metadata');
    await oauthError(await register(server, { client_name: 'x', grant_types: ['authorization_code'] }), 400, 'invalid_client_metadata');
    await oauthError(await register(server, { client_name: 'x', redirect_uris: ['https://agent.example/cb'] }), 400, 'invalid_redirect_uri');
    const ok = await register(server, { client_name: 'first', client_uri: 'https://agent.example', software_id: 'agent-kit', contacts: ['a@b.example'] });
    assert.equal(ok.status, 201);
    const registered = await ok.json() as Record<string, unknown>;
    assert.equal(registered.client_uri, 'https://agent.example/');
    assert.equal(registered.software_id, 'agent-kit');
    assert.equal(registered.contacts, undefined, 'contacts are ignored, not stored');
    // Four requests above; the rest of the allowance succeeds.
    for (let i = 4; i < limit; i++) assert.equal((await register(server, { client_name: `agent ${i + 1}` })).status, 201);
    const limited = await register(server, { client_name: 'one too many' });
    await oauthError(limited, 429, 'temporarily_unavailable');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
  });
});

describe('client registration validation', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startOAuthServer(suite, { RATE_LIMIT_SCALE: '100' }); });

  const refused: Array<[string, unknown, string]> = [
    ['no client_name', {}, 'invalid_client_metadata'],
    ['empty client_name', { client_name: '  ' }, 'invalid_client_metadata'],
    ['non-string client_name', { client_name: 42 }, 'invalid_client_metadata'],
    ['overlong client_name', { client_name: 'x'.repeat(201) }, 'invalid_client_metadata'],
    ['control characters', { client_name: 'a\nb' }, 'invalid_client_metadata'],
    ['grant_types not an array', { client_name: 'a', grant_types: 'client_credentials' }, 'invalid_client_metadata'],
    ['empty grant_types', { client_name: 'a', grant_types: [] }, 'invalid_client_metadata'],
    ['refresh_token grant', { client_name: 'a', grant_types: ['client_credentials', 'refresh_token'] }, 'invalid_client_metadata'],
    ['auth method none', { client_name: 'a', token_endpoint_auth_method: 'none' }, 'invalid_client_metadata'],
    ['private_key_jwt', { client_name: 'a', token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
    ['unknown scope', { client_name: 'a', scope: 'api admin' }, 'invalid_client_metadata'],
    ['response types', { client_name: 'a', response_types: ['code'] }, 'invalid_client_metadata'],
    ['jwks_uri', { client_name: 'a', jwks_uri: 'https://agent.example/jwks' }, 'invalid_client_metadata'],
    ['non-http client_uri', { client_name: 'a', client_uri: 'javascript:alert(1)' }, 'invalid_client_metadata'],
    ['redirect_uris', { client_name: 'a', redirect_uris: ['https://agent.example/cb'] }, 'invalid_redirect_uri'],
    ['software statement', { client_name: 'a', software_statement: 'eyJ...' }, 'unapproved_software_statement'],
    ['a JSON array', [], 'invalid_client_metadata'],
    ['invalid JSON', '{"client_name":', 'invalid_client_metadata'],
  ];
  for (const [name, body, error] of refused) {
    it(`refuses ${name} with ${error}`, async () => { await oauthError(await register(server, body), 400, error); });
  }

  it('answers a body over MAX_BODY_BYTES with 413 invalid_client_metadata (RFC 7591 shape)', async () => {
    const body = jsonOfSize(MAX_BODY_BYTES + 1, (padding) => ({ client_name: 'large agent', software_id: padding }));
    await oauthError(await register(server, body), 413, 'invalid_client_metadata');
  });

  it('refuses a form body: registration is JSON', async () => {
    await oauthError(await register(server, 'client_name=a', 'application/x-www-form-urlencoded'), 400, 'invalid_client_metadata');
  });

  it('accepts the defaults and an empty redirect_uris list, and stores only a hash of the secret', async () => {
    const response = await register(server, { client_name: 'agent', redirect_uris: [], response_types: [], token_endpoint_auth_method: 'client_secret_post', scope: 'mcp mcp' });
    assert.equal(response.status, 201);
    const body = await response.json() as { client_id: string; client_secret: string; scope: string; token_endpoint_auth_method: string };
    assert.equal(body.scope, 'mcp');
    assert.equal(body.token_endpoint_auth_method, 'client_secret_post');
    const db = new SQLite(server.config.databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      const row = db.prepare('select * from oauth_clients where client_id = ?').get(body.client_id) as Record<string, unknown>;
      assert.ok(!JSON.stringify(row).includes(body.client_secret), 'the secret itself is not stored');
      assert.equal(row.secret_hash, createHash('sha256').update(body.client_secret).digest('base64url'));
    } finally {
      db.close();
    }
  });
});
