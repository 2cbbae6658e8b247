import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exportJWK, generateKeyPair } from 'jose';
import { DEFAULT_SCOPES } from '../../src/contract/oauth.js';
import { CLIENT_NAME_MAX_LENGTH } from '../../src/contract/oauth-schemas.js';
import { OAuthError } from '../../src/oauth/errors.js';
import type { Grants } from '../../src/oauth/grants.js';
import type { ClientRecord } from '../../src/oauth/ports.js';
import type { OAuthService } from '../../src/oauth/service.js';
import { TokenRejected } from '../../src/oauth/token-rejection.js';
import { createOAuthOnSqlite, TestClock } from '../helpers/oauth-helpers.js';

// The grants use case without HTTP, on a real SQLite database: the rules the routes and `studio
// clients` share. The HTTP answers of the same rules are in oauth-flow and oauth-errors.

async function rejects(promise: Promise<unknown>, code: string, description?: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof OAuthError, String(error));
    assert.equal(error.code, code);
    if (description) assert.match(error.message, description);
    return true;
  });
}

describe('grants use case', () => {
  const clock = new TestClock();
  let oauth: OAuthService;
  let grants: Grants;
  let close: () => Promise<void>;
  let alice: { client: ClientRecord; secret: string };
  let bob: { client: ClientRecord; secret: string };
  const basic = (c: { client: ClientRecord; secret: string }) => ({ clientId: c.client.clientId, clientSecret: c.secret, method: 'client_secret_basic' as const });

  before(async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    ({ oauth, close } = await createOAuthOnSqlite({ signingKey: JSON.stringify(await exportJWK(privateKey)), clock: clock.now }));
    grants = oauth.grants;
    alice = await grants.register({ client_name: 'alice' });
    bob = await grants.register({ client_name: 'bob', scope: 'api' });
  });
  after(async () => { await close(); });

  it('registers with the defaults, normal URLs and de-duplicated values, and keeps only a hash of the secret', async () => {
    const { client, secret } = await grants.register({
      client_name: 'agent', grant_types: ['client_credentials', 'client_credentials'], scope: 'mcp api mcp', client_uri: 'HTTPS://Agent.Example',
    });
    assert.deepEqual(client.metadata, {
      client_name: 'agent', grant_types: ['client_credentials'], token_endpoint_auth_method: 'client_secret_basic',
      scope: 'mcp api', client_uri: 'https://agent.example/',
    });
    assert.notEqual(client.secretHash, secret);
    assert.equal((await grants.authenticate({ clientId: client.clientId, clientSecret: secret, method: 'client_secret_basic' })).clientId, client.clientId);
    await rejects(grants.register({ client_name: 'a', scope: 'api admin' }), 'invalid_client_metadata', /scope/);
    await rejects(grants.register({ client_name: 'a', logo_uri: 'https://agent.example:99999/' }), 'invalid_client_metadata', /logo_uri/);
  });

  it('authenticates: unknown, wrong and revoked read the same; the registered method only, said after the secret', async () => {
    await rejects(grants.authenticate({ ...basic(alice), clientSecret: 'wrong' }), 'invalid_client', /^Client authentication failed\.$/);
    await rejects(grants.authenticate({ ...basic(alice), clientId: 'nobody' }), 'invalid_client', /^Client authentication failed\.$/);
    await rejects(grants.authenticate({ ...basic(alice), method: 'client_secret_post' }), 'invalid_client', /registered for client_secret_basic/);
    await rejects(grants.authenticate({ ...basic(alice), clientSecret: 'wrong', method: 'client_secret_post' }), 'invalid_client', /^Client authentication failed\.$/);
  });

  it('issues within the registered grant types and scopes', async () => {
    assert.equal((await grants.issue(bob.client, { grantType: 'client_credentials' })).scope, 'api');
    await rejects(grants.issue(bob.client, { grantType: 'client_credentials', scope: 'api mcp' }), 'invalid_scope');
    await rejects(grants.issue(bob.client, { grantType: 'client_credentials', scope: '' }), 'invalid_scope');
    const noGrants = { ...alice.client, metadata: { ...alice.client.metadata, grant_types: [] } };
    await rejects(grants.issue(noGrants, { grantType: 'client_credentials' }), 'unauthorized_client');
  });

  it('never registers an operator scope, so a self-registered client cannot be issued one', async () => {
    for (const scope of ['inquiries:read', 'api inquiries:read']) {
      await rejects(grants.register({ client_name: 'greedy', scope }), 'invalid_client_metadata', /inquiries:read .*only the studio's operators grant it/);
    }
    await rejects(grants.issue(alice.client, { grantType: 'client_credentials', scope: 'inquiries:read' }), 'invalid_scope');
    assert.ok(!(await grants.issue(alice.client, { grantType: 'client_credentials' })).scope.split(' ').includes('inquiries:read'));
  });

  it('adds a confidential client for the operators with any known scope, theirs included, or the defaults', async () => {
    const crm = await grants.addClient({ client_name: '  Studio CRM ', scope: 'inquiries:read api inquiries:read' });
    assert.deepEqual(crm.client.metadata, {
      client_name: 'Studio CRM', grant_types: ['client_credentials'], token_endpoint_auth_method: 'client_secret_basic', scope: 'inquiries:read api',
    });
    assert.notEqual(crm.client.secretHash, crm.secret);
    const authenticated = await grants.authenticate({ clientId: crm.client.clientId, clientSecret: crm.secret, method: 'client_secret_basic' });
    assert.equal((await grants.issue(authenticated, { grantType: 'client_credentials', scope: 'inquiries:read' })).scope, 'inquiries:read');
    assert.ok((await grants.listClients()).some((c) => c.clientId === crm.client.clientId && c.metadata.scope === 'inquiries:read api'));

    assert.equal((await grants.addClient({ client_name: 'tool' })).client.metadata.scope, DEFAULT_SCOPES.join(' '));
    await rejects(grants.addClient({ client_name: 'tool', scope: 'inquiries:delete' }), 'invalid_client_metadata', /known scopes/);
    await rejects(grants.addClient({ client_name: 'tool', scope: '  ' }), 'invalid_client_metadata', /no scope/);
    await rejects(grants.addClient({ client_name: '' }), 'invalid_client_metadata', /client_name/);
    await rejects(grants.addClient({ client_name: 'x'.repeat(CLIENT_NAME_MAX_LENGTH + 1) }), 'invalid_client_metadata', /client_name/);
  });

  it('lets a client introspect and revoke its own tokens only, and tells nobody about the others', async () => {
    const { token } = await grants.issue(alice.client, { grantType: 'client_credentials', scope: 'mcp' });
    assert.equal((await grants.introspect(alice.client, token))?.scope, 'mcp');
    assert.equal(await grants.introspect(bob.client, token), undefined);
    assert.equal(await grants.introspect(alice.client, 'garbage'), undefined);
    await grants.revoke(bob.client, token);
    assert.equal((await oauth.tokens.verify(token)).client_id, alice.client.clientId, 'another client cannot revoke it');
    await grants.revoke(alice.client, token);
    await assert.rejects(oauth.tokens.verify(token), (e: unknown) => e instanceof TokenRejected && e.code === 'token_revoked');
    assert.equal(await grants.introspect(alice.client, token), undefined);
    await grants.revoke(alice.client, token);
  });

  it('refuses a wrong secret or another method for a client it has just authenticated', async () => {
    const kept = await grants.register({ client_name: 'kept' });
    assert.equal((await grants.authenticate(basic(kept))).clientId, kept.client.clientId);
    await rejects(grants.authenticate({ ...basic(kept), clientSecret: `${kept.secret}x` }), 'invalid_client', /^Client authentication failed\.$/);
    await rejects(grants.authenticate({ ...basic(kept), method: 'client_secret_post' }), 'invalid_client', /registered for client_secret_basic/);
    assert.equal((await grants.authenticate(basic(kept))).clientId, kept.client.clientId);
  });

  it('revokes a whole client: no more authentication, every token refused; false for an unknown client', async () => {
    const victim = await grants.register({ client_name: 'victim' });
    const { token } = await grants.issue(victim.client, { grantType: 'client_credentials' });
    // Authenticated once before: the client is kept in memory (src/oauth/client-auth.ts), and must still be refused.
    assert.equal((await grants.authenticate(basic(victim))).clientId, victim.client.clientId);
    assert.equal(await grants.revokeClient('no-such-client'), false);
    assert.equal(await grants.revokeClient(victim.client.clientId), true);
    await rejects(grants.authenticate(basic(victim)), 'invalid_client', /^Client authentication failed\.$/);
    await assert.rejects(oauth.tokens.verify(token), (e: unknown) => e instanceof TokenRejected && e.code === 'token_revoked');
    const listed = (await grants.listClients()).find((c) => c.clientId === victim.client.clientId);
    assert.ok(listed && listed.revokedAt !== null && listed.revokedAt <= clock.now(), 'listed as revoked');
  });
});
