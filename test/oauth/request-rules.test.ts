import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basic, postForm, registerClient, requestToken, startOAuthServer, type RegisteredClient } from '../helpers/oauth-helpers.js';
import type { TestServer } from '../helpers/server.js';
import { suiteScope } from '../helpers/server.js';

// Which error wins when a request breaks several rules at once, and names that are also the names of
// Object.prototype members. The order is the RFCs' and the one clients have seen so far: a form that
// cannot be read is refused before the client is authenticated; missing or unsupported parameters after.

async function errorOf(response: Response): Promise<[number, string]> {
  const body = await response.json() as { error: string };
  return [response.status, body.error];
}

const register = (server: TestServer, body: unknown, contentType = 'application/json') => fetch(`${server.url}/oauth/register`, {
  method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('OAuth request rules', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: RegisteredClient;
  let auth: { authorization: string };
  before(async () => {
    server = await startOAuthServer(suite, { RATE_LIMIT_SCALE: '100' });
    client = await registerClient(server.url);
    auth = { authorization: basic(client.client_id, client.client_secret) };
  });
  const url = (path: string) => server.url + path;

  it('refuses an unreadable form before authenticating the client, and missing parameters after', async () => {
    for (const path of ['/oauth/token', '/oauth/introspect', '/oauth/revoke']) {
      const json = await fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"token":"x"}' });
      assert.deepEqual(await errorOf(json), [400, 'invalid_request'], `${path}: a JSON body, no client`);
      assert.deepEqual(await errorOf(await postForm(url(path), 'token=a&token=b')), [400, 'invalid_request'], `${path}: a repeated parameter, no client`);
      assert.deepEqual(await errorOf(await postForm(url(path), 'foo=1&foo=2', auth)), [400, 'invalid_request'], `${path}: an unknown parameter repeated`);
      assert.deepEqual(await errorOf(await postForm(url(path), {})), [401, 'invalid_client'], `${path}: nothing at all, no client`);
    }
    assert.deepEqual(await errorOf(await postForm(url('/oauth/token'), { grant_type: 'password' })), [401, 'invalid_client']);
    assert.deepEqual(await errorOf(await postForm(url('/oauth/token'), { grant_type: 'password', scope: 'admin' }, auth)), [400, 'unsupported_grant_type']);
  });

  it('reads a parameter sent without a value as omitted (RFC 6749 §3.1)', async () => {
    assert.deepEqual(await errorOf(await postForm(url('/oauth/token'), { grant_type: '' }, auth)), [400, 'invalid_request']);
    const all = await postForm(url('/oauth/token'), { grant_type: 'client_credentials', scope: '' }, auth);
    assert.equal(all.status, 200);
    assert.equal((await all.json() as { scope: string }).scope, 'api inquiries:write mcp');
    const noSecret = await postForm(url('/oauth/token'), { grant_type: 'client_credentials', client_id: client.client_id, client_secret: '' });
    assert.deepEqual(await errorOf(noSecret), [401, 'invalid_client']);
    assert.deepEqual(await errorOf(await postForm(url('/oauth/introspect'), { token: '' }, auth)), [400, 'invalid_request']);
  });

  it('treats names of Object.prototype members as the unknown values they are', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      assert.deepEqual(await errorOf(await postForm(url('/oauth/token'), { grant_type: 'client_credentials', scope: name }, auth)), [400, 'invalid_scope'], name);
      assert.deepEqual(await errorOf(await postForm(url('/oauth/token'), { grant_type: name }, auth)), [400, 'unsupported_grant_type'], name);
      const unknown = await postForm(url('/oauth/token'), { grant_type: 'client_credentials' }, { authorization: basic(name, client.client_secret) });
      assert.deepEqual(await errorOf(unknown), [401, 'invalid_client'], name);
      const posted = await postForm(url('/oauth/token'), { grant_type: 'client_credentials', client_id: name, client_secret: 'x' });
      assert.deepEqual(await errorOf(posted), [401, 'invalid_client'], name);
      const introspected = await postForm(url('/oauth/introspect'), { token: name }, auth);
      assert.deepEqual(await introspected.json(), { active: false }, name);
      assert.deepEqual(await errorOf(await register(server, { client_name: 'a', scope: name })), [400, 'invalid_client_metadata'], name);
      assert.deepEqual(await errorOf(await register(server, { client_name: 'a', grant_types: [name] })), [400, 'invalid_client_metadata'], name);
      assert.deepEqual(await errorOf(await register(server, { client_name: 'a', token_endpoint_auth_method: name })), [400, 'invalid_client_metadata'], name);
    }
    const withPrototypeNames = await postForm(url('/oauth/token'), '__proto__=x&constructor=y&grant_type=client_credentials', auth);
    assert.equal(withPrototypeNames.status, 200, 'parameters named like prototype members are ignored like any unknown parameter');
  });

  it('registers clients named like prototype members, and they authenticate', async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      const response = await register(server, { client_name: name });
      assert.equal(response.status, 201, name);
      const registered = await response.json() as RegisteredClient & { client_name: string };
      assert.equal(registered.client_name, name);
      assert.equal((await requestToken(server.url, registered)).split('.').length, 3);
    }
  });

  it('refuses metadata it cannot honour before checking field shapes, with the specific code', async () => {
    assert.deepEqual(await errorOf(await register(server, { redirect_uris: ['https://agent.example/cb'] })), [400, 'invalid_redirect_uri']);
    assert.deepEqual(await errorOf(await register(server, { client_name: 42, software_statement: 'eyJ' })), [400, 'unapproved_software_statement']);
    assert.deepEqual(await errorOf(await register(server, { client_name: 42, response_types: ['code'] })), [400, 'invalid_client_metadata']);
    assert.deepEqual(await errorOf(await register(server, 'redirect_uris=x', 'application/x-www-form-urlencoded')), [400, 'invalid_client_metadata']);
    assert.deepEqual(await errorOf(await register(server, { redirect_uris: 'not a list', client_name: 'a' })), [400, 'invalid_redirect_uri']);
  });

  it('validates registration by the schema, naming the field and rule in error_description', async () => {
    const refused: Array<[unknown, RegExp]> = [
      [{}, /"client_name" is required/],
      [{ client_name: 'line\u2028break' }, /"client_name".*single-line/],
      [{ client_name: 'next\u0085line' }, /"client_name".*single-line/],
      [{ client_name: '   ' }, /"client_name".*minLength/],
      [{ client_name: 'a', logo_uri: 'ftp://agent.example/logo.png' }, /"logo_uri".*http-url/],
      [{ client_name: 'a', tos_uri: 'not a uri' }, /"tos_uri"/],
      [{ client_name: 'a', software_version: 'v'.repeat(201) }, /"software_version".*maxLength/],
      [{ client_name: 'a', grant_types: ['client_credentials', 7] }, /"grant_types.1"/],
    ];
    for (const [body, description] of refused) {
      const response = await register(server, body);
      const answer = await response.json() as { error: string; error_description: string };
      assert.deepEqual([response.status, answer.error], [400, 'invalid_client_metadata'], JSON.stringify(body));
      assert.match(answer.error_description, description, JSON.stringify(body));
    }
    const trimmed = await register(server, { client_name: '  spaced agent  ' });
    assert.equal((await trimmed.json() as { client_name: string }).client_name, 'spaced agent', 'stored and echoed trimmed');
  });

  it('shows the registration rules in the OpenAPI document', async () => {
    type Schema = { properties: Record<string, Record<string, unknown>> };
    const document = await (await fetch(url('/openapi.json'))).json() as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
    };
    const { properties } = document.paths['/oauth/register']!.post.requestBody.content['application/json']!.schema;
    assert.equal(properties.client_name?.['x-trim'], true);
    assert.equal(typeof properties.client_name?.pattern, 'string');
    assert.equal(properties.client_name?.maxLength, 200);
    for (const name of ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri']) {
      assert.equal(properties[name]?.format, 'uri', name);
      assert.match(String(properties[name]?.pattern), /\[Hh\]\[Tt\]\[Tt\]\[Pp\]/, name);
    }
    assert.equal(properties.software_id?.maxLength, 200);
    const token = document.paths['/oauth/token']!.post.requestBody.content['application/x-www-form-urlencoded']!.schema;
    assert.deepEqual(token.properties.grant_type?.enum, ['client_credentials']);
  });
});
