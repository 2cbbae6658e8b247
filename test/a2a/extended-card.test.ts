import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AgentCard } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { BOOKING_POLICY } from '../../src/contract/consultation.js';
import { OAUTH_METADATA_PATHS } from '../../src/contract/oauth.js';
import { PATHS } from '../../src/contract/paths.js';
import { TASK_TTL_SECONDS } from '../../src/a2a/task-store.js';
import { connect, postA2a, type Json } from '../helpers/a2a.js';
import { sdkCardVerifier, verifyByHand } from '../helpers/agent-card-signature.js';
import type { ErrorJson } from '../helpers/inquiries.js';
import { registerClient, requestToken } from '../helpers/oauth-helpers.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// GetExtendedAgentCard (A2A 1.0 §3.1.11): announced by the public card, answered to a caller with a valid
// bearer token with the signed extended card, refused without one (401 and the Bearer challenge, as a
// JSON-RPC error) and, for a forged token, by the API's bearer hook as on every other route.

const getExtendedCard = (id: number | string = 1) => ({ jsonrpc: '2.0', id, method: 'GetExtendedAgentCard' });

async function publicCard(url: string): Promise<Json> {
  return await (await fetch(url + PATHS.agentCard)).json() as Json;
}

describe('the extended agent card', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  let bearer: string;
  before(async () => {
    server = await startServer(suite);
    client = await connect(server.url);
    bearer = `Bearer ${await requestToken(server.url, await registerClient(server.url))}`;
  });

  it('is announced by the public card; without a token GetExtendedAgentCard is 401 with the Bearer challenge, as a JSON-RPC error', async () => {
    assert.equal((await publicCard(server.url)).capabilities.extendedAgentCard, true);
    const response = await postA2a(server.url, getExtendedCard('ext-1'));
    assert.equal(response.status, 401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    assert.match(challenge, /^Bearer realm="[^"]+", resource_metadata="[^"]+"$/);
    assert.doesNotMatch(challenge, /error=/, 'no token was sent, so no error attribute (RFC 6750 §3.1)');
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    assert.equal(metadataUrl, server.url + OAUTH_METADATA_PATHS.protectedResource);
    assert.equal((await fetch(metadataUrl)).status, 200);
    const body = await response.json() as Json;
    assert.equal(body.jsonrpc, '2.0');
    assert.equal(body.id, 'ext-1');
    assert.equal(body.result, undefined);
    assert.equal(body.error.code, -32000, 'A2A names no JSON-RPC code for authentication: a server error');
    assert.equal(body.error.data[0].reason, 'TOKEN_REQUIRED');
    assert.equal(body.error.data[0].metadata.code, 'token_required');
    // The SDK's client asks for it when the card announces it, and reads the JSON-RPC error without a token.
    await assert.rejects(client.getAgentCard(), /requires a bearer token/);
  });

  it('answers a caller with a token: the public card plus what a token adds, signed like it', async () => {
    const response = await postA2a(server.url, getExtendedCard(2), { authorization: bearer });
    assert.equal(response.status, 200);
    const extended = ((await response.json()) as Json).result as Json;
    const header = await verifyByHand(extended, server.url);
    const publicOne = await publicCard(server.url);
    assert.equal(header.kid, (await verifyByHand(publicOne, server.url)).kid, 'both cards by the key that signs now');

    const { description, skills, signatures: _e, ...sameParts } = extended;
    const { description: publicDescription, skills: publicSkills, signatures: _p, ...publicParts } = publicOne;
    assert.deepEqual(sameParts, publicParts, 'the same agent, endpoint, capabilities and security scheme');
    assert.ok(description.startsWith(publicDescription) && description.length > publicDescription.length);
    // Its numbers are the service's: the holds a client may keep, how long a refusal is kept for GetTask.
    assert.ok(description.includes(`at most ${BOOKING_POLICY.maxHoldsPerCaller}`), description);
    assert.ok(description.includes(`${TASK_TTL_SECONDS / 60} minutes`), description);
    // Only the skills whose effect depends on the caller say more.
    const changed = (skills as Json[]).filter((skill, i) => skill.description !== publicSkills[i].description).map((skill) => skill.id);
    assert.deepEqual(changed, ['submit_inquiry', 'book_consultation']);
    assert.deepEqual((skills as Json[]).map((s) => s.id), (publicSkills as Json[]).map((s) => s.id));
  });

  it('reaches the SDK\'s client, whose verifier accepts it', async () => {
    const options = { serviceParameters: { authorization: bearer } };
    const card = await client.getAgentCard(options, sdkCardVerifier(server.url));
    assert.ok(card.signatures.length > 0);
    const raw = await postA2a(server.url, getExtendedCard(), options.serviceParameters);
    assert.deepEqual(AgentCard.toJSON(card), ((await raw.json()) as Json).result);
  });

  it('refuses a forged token with 401 invalid_token before the SDK sees the request, as everywhere', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const registered = await registerClient(server.url);
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ iss: server.url, aud: server.url, sub: registered.client_id, client_id: registered.client_id, scope: 'api', iat: now, exp: now + 600 })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: (await exportJWK(privateKey)).x }).sign(privateKey);
    const response = await postA2a(server.url, getExtendedCard(3), { authorization: `Bearer ${forged}` });
    assert.equal(response.status, 401);
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer error="invalid_token"/);
    assert.equal(((await response.json()) as ErrorJson).code, 'invalid_token');
  });
});
