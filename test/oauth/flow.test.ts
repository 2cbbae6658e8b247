import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ACCESS_TOKEN_LIFETIME_SECONDS, DEFAULT_SCOPES, SCOPES } from '../../src/contract/oauth.js';
import { apiCall, basic, postForm, registerClient, requestToken, startOAuthServer } from '../helpers/oauth-helpers.js';
import type { TestServer } from '../helpers/server.js';
import { suiteScope } from '../helpers/server.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const;

describe('OAuth flow with oauth4webapi as a strict client', () => {
  const suite = suiteScope();
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  let auth: oauth.ClientAuth;
  let accessToken: string;

  before(async () => {
    server = await startOAuthServer(suite);
  });

  it('discovers the authorization server (RFC 8414) with the agent_auth member', async () => {
    const issuer = new URL(server.url);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    assert.equal(as.issuer, server.url);
    assert.equal(as.token_endpoint, `${server.url}/oauth/token`);
    assert.equal(as.jwks_uri, `${server.url}/oauth/jwks.json`);
    assert.deepEqual(as.grant_types_supported, ['client_credentials']);
    assert.ok(as.token_endpoint_auth_methods_supported?.includes('client_secret_basic'));
    assert.deepEqual(as.scopes_supported, Object.keys(SCOPES));
    assert.equal(as.service_documentation, `${server.url}/auth.md`);
    assert.deepEqual(as.agent_auth, {
      skill: `${server.url}/auth.md`,
      register_uri: `${server.url}/oauth/agent-auth`,
      revocation_uri: `${server.url}/oauth/revoke`,
      identity_types_supported: ['anonymous'],
      anonymous: { credential_types_supported: ['access_token'] },
      registration_endpoint: `${server.url}/oauth/register`,
    });
  });

  it('registers a client dynamically (RFC 7591) and shows the secret once', async () => {
    const response = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'flow agent', grant_types: ['client_credentials'] }, insecure);
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const registered = await oauth.processDynamicClientRegistrationResponse(response);
    // Hex: an operator pastes it into `studio clients revoke <id>`, where a leading "-" (one base64url id in 64) reads as an option.
    assert.match(registered.client_id, /^[0-9a-f]{32}$/);
    assert.ok(typeof registered.client_secret === 'string' && registered.client_secret.length >= 43, 'a 256-bit secret');
    assert.equal(registered.client_secret_expires_at, 0);
    assert.equal(typeof registered.client_id_issued_at, 'number');
    assert.equal(registered.token_endpoint_auth_method, 'client_secret_basic');
    assert.deepEqual(registered.grant_types, ['client_credentials']);
    client = { client_id: registered.client_id };
    auth = oauth.ClientSecretBasic(registered.client_secret as string);
  });

  it('issues an RFC 9068 EdDSA access token that verifies against the published JWKS', async () => {
    const response = await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams({ scope: 'api mcp' }), insecure);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('pragma'), 'no-cache');
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    assert.equal(result.token_type, 'bearer');
    assert.equal(result.expires_in, ACCESS_TOKEN_LIFETIME_SECONDS);
    assert.equal(result.scope, 'api mcp');
    accessToken = result.access_token;

    const header = decodeProtectedHeader(accessToken);
    assert.equal(header.alg, 'EdDSA');
    assert.equal(header.typ, 'at+jwt');
    const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
    const { payload } = await jwtVerify(accessToken, jwks, { issuer: server.url, audience: server.url, typ: 'at+jwt', algorithms: ['EdDSA'] });
    assert.equal(payload.sub, client.client_id);
    assert.equal(payload.client_id, client.client_id);
    assert.equal(payload.exp! - payload.iat!, ACCESS_TOKEN_LIFETIME_SECONDS);
    assert.equal(payload.scope, 'api mcp');
    assert.equal(typeof payload.jti, 'string');
  });

  it('is accepted by oauth4webapi as a resource server would validate it', async () => {
    const request = new Request(`${server.url}/api/v1/projects`, { headers: { authorization: `Bearer ${accessToken}` } });
    const claims = await oauth.validateJwtAccessToken(as, request, server.url, insecure);
    assert.equal(claims.client_id, client.client_id);
  });

  it('lets the API accept the token and answer as before', async () => {
    const anonymous = await apiCall(server.url);
    const identified = await apiCall(server.url, `Bearer ${accessToken}`);
    assert.equal(anonymous.status, 200);
    assert.equal(identified.status, 200);
    assert.deepEqual(await identified.json(), await anonymous.json());
  });

  it('introspects the caller\'s own token as active with its claims (RFC 7662)', async () => {
    const response = await oauth.introspectionRequest(as, client, auth, accessToken, insecure);
    const result = await oauth.processIntrospectionResponse(as, client, response);
    assert.equal(result.active, true);
    assert.equal(result.client_id, client.client_id);
    assert.equal(result.scope, 'api mcp');
    assert.equal(result.iss, server.url);
  });

  it('shows another client\'s token as inactive, and does not let it revoke the token', async () => {
    const other = await registerClient(server.url, { client_name: 'other agent' });
    const otherAuth = oauth.ClientSecretBasic(other.client_secret);
    const otherClient = { client_id: other.client_id };
    const introspected = await oauth.processIntrospectionResponse(as, otherClient,
      await oauth.introspectionRequest(as, otherClient, otherAuth, accessToken, insecure));
    assert.equal(introspected.active, false);
    assert.deepEqual(Object.keys(introspected), ['active']);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, otherClient, otherAuth, accessToken, insecure));
    assert.equal((await apiCall(server.url, `Bearer ${accessToken}`)).status, 200);
  });

  it('revokes the token (RFC 7009): introspection reads inactive and the API refuses it', async () => {
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, accessToken, insecure));
    const result = await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, accessToken, insecure));
    assert.equal(result.active, false);
    const refused = await apiCall(server.url, `Bearer ${accessToken}`);
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('www-authenticate') ?? '', /revoked/);
    // RFC 7009 §2.2: revoking again, or revoking garbage, still answers 200.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, accessToken, insecure));
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, 'not-a-token', insecure));
  });

  it('accepts client_secret_post, and Basic credentials form-url-encoded per RFC 6749 §2.3.1', async () => {
    const registered = await registerClient(server.url, { client_name: 'post agent', token_endpoint_auth_method: 'client_secret_post' });
    const postClient = { client_id: registered.client_id };
    const result = await oauth.processClientCredentialsResponse(as, postClient,
      await oauth.clientCredentialsGrantRequest(as, postClient, oauth.ClientSecretPost(registered.client_secret), new URLSearchParams(), insecure));
    assert.equal(result.scope, DEFAULT_SCOPES.join(' '), 'no scope requested: all the client registered, by default all');

    const percentEncode = (value: string) => [...value].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`).join('');
    const basicClient = await registerClient(server.url, { client_name: 'basic agent' });
    const response = await postForm(`${server.url}/oauth/token`, { grant_type: 'client_credentials' },
      { authorization: basic(percentEncode(basicClient.client_id), percentEncode(basicClient.client_secret)) });
    assert.equal(response.status, 200);
  });

  it('honours a registered scope subset and refuses scopes beyond it', async () => {
    const narrow = await registerClient(server.url, { client_name: 'narrow agent', scope: 'api' });
    const token = await requestToken(server.url, narrow);
    const introspected = await (await postForm(`${server.url}/oauth/introspect`, { token },
      { authorization: basic(narrow.client_id, narrow.client_secret) })).json() as { scope: string };
    assert.equal(introspected.scope, 'api');
    const wider = await postForm(`${server.url}/oauth/token`, { grant_type: 'client_credentials', scope: 'api mcp' },
      { authorization: basic(narrow.client_id, narrow.client_secret) });
    assert.equal(wider.status, 400);
    assert.equal(((await wider.json()) as { error: string }).error, 'invalid_scope');
  });

  it('publishes the protected resource metadata (RFC 9728), open to any origin and cacheable', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-protected-resource`, { headers: { origin: 'https://elsewhere.example' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const etag = response.headers.get('etag');
    assert.ok(etag);
    assert.deepEqual(await response.json(), {
      resource: server.url,
      authorization_servers: [server.url],
      bearer_methods_supported: ['header'],
      scopes_supported: Object.keys(SCOPES),
      resource_signing_alg_values_supported: ['EdDSA'],
      resource_documentation: `${server.url}/developers`,
    });
    const revalidated = await fetch(`${server.url}/.well-known/oauth-protected-resource`, { headers: { 'if-none-match': etag } });
    assert.equal(revalidated.status, 304);
    const jwks = await fetch(`${server.url}/oauth/jwks.json`);
    const revalidatedJwks = await fetch(`${server.url}/oauth/jwks.json`, { headers: { 'if-none-match': jwks.headers.get('etag')! } });
    assert.equal(revalidatedJwks.status, 304);
  });

  it('documents the OAuth endpoints and the optional oauth2 security in a valid OpenAPI 3.1 document', async () => {
    const document = await (await fetch(`${server.url}/openapi.json`)).json() as {
      paths: Record<string, Record<string, { operationId: string; security?: unknown }>>;
      components: { securitySchemes: Record<string, { type: string; flows?: { clientCredentials?: { tokenUrl: string } } }> };
      security: unknown;
    };
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator["validate"]>[0]);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    assert.equal(document.paths['/oauth/token']?.post?.operationId, 'requestToken');
    assert.equal(document.paths['/oauth/register']?.post?.operationId, 'registerClient');
    assert.equal(document.components.securitySchemes.oauth2?.flows?.clientCredentials?.tokenUrl, `${server.url}/oauth/token`);
    assert.deepEqual(document.security, [{}, { oauth2: [] }]);
    const listProjects = document.paths['/api/v1/projects']?.get as unknown as { responses: Record<string, { headers?: object }> };
    assert.ok(listProjects.responses['401']?.headers && 'WWW-Authenticate' in listProjects.responses['401'].headers, 'API operations document the bearer challenge');
    const index = await (await fetch(`${server.url}/api/v1`)).json() as { endpoints: Array<{ operationId: string }> };
    for (const id of ['registerClient', 'requestToken', 'introspectToken', 'revokeToken', 'getJwks']) {
      assert.ok(index.endpoints.some((e) => e.operationId === id), `${id} in the API index`);
    }
  });
});
