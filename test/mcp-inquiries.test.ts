import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { RATE_LIMIT_POLICIES } from '../src/contract/rate-limits.js';
import { startServer, type TestServer } from './helpers/server.js';

// submit_inquiry end to end: the real use case, its store and the inquiry bucket it shares with
// POST /api/v1/contact and the legacy POST /api/contact.

type Json = Record<string, any>;

const inquiry = (n: number) => ({
  name: 'Ada Lovelace',
  email: `ada${n}@example.com`,
  message: `A house by the water, number ${n}, to be built in 2027.`,
  location: 'hamptons',
  budget: '3m-10m',
  phase: 'pre-planning',
});

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'mcp-inquiries-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}

/** The use case arrives with the inquiries branch; until then there is no contact route to share a bucket with. */
function skipWithoutContactRoute(t: TestContext, server: TestServer): boolean {
  if (server.runtime.app.hasRoute({ method: 'POST', url: '/api/v1/contact' })) return false;
  t.skip('the inquiry use case is not merged yet (no POST /api/v1/contact)');
  return true;
}

const submit = async (client: Client, args: Json) => {
  const result = await client.callTool({ name: 'submit_inquiry', arguments: args });
  return { isError: result.isError === true, value: result.structuredContent as Json };
};

describe('submit_inquiry through the inquiry use case', () => {
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startServer();
    client = await connect(server.url);
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it('stores an inquiry, replays it for the same idempotency key and refuses the key with other fields', async (t) => {
    if (skipWithoutContactRoute(t, server)) return;
    const first = await submit(client, { ...inquiry(1), idempotency_key: 'mcp-test-key-1' });
    assert.deepEqual(first, { isError: false, value: { ok: true } });
    const replay = await submit(client, { ...inquiry(1), idempotency_key: 'mcp-test-key-1' });
    assert.deepEqual(replay, { isError: false, value: { ok: true } });
    const reused = await submit(client, { ...inquiry(2), idempotency_key: 'mcp-test-key-1' });
    assert.equal(reused.isError, true);
    assert.equal(reused.value.code, 'idempotency_key_reused');
    const badKey = await submit(client, { ...inquiry(3), idempotency_key: 'has spaces in it' });
    assert.equal(badKey.isError, true);
    assert.equal(badKey.value.code, 'invalid_request');
  });

});

// A server of its own: every submission counts against the inquiry bucket, failed ones too.
describe('submit_inquiry validation errors', () => {
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startServer();
    client = await connect(server.url);
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it('answers a validation failure as a tool error with the REST code, hint and field', async (t) => {
    if (skipWithoutContactRoute(t, server)) return;
    const { email: _omitted, ...withoutEmail } = inquiry(3);
    const missing = await submit(client, withoutEmail);
    assert.equal(missing.isError, true);
    assert.equal(missing.value.code, 'missing_field');
    assert.equal(missing.value.field, 'email');
    const rest = await fetch(`${server.url}/api/v1/contact`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...inquiry(4), message: 'short' }),
    });
    const restError = await rest.json() as Json;
    const short = await submit(client, { ...inquiry(4), message: 'short' });
    assert.equal(short.isError, true);
    assert.deepEqual({ code: short.value.code, error: short.value.error, hint: short.value.hint },
      { code: restError.code, error: restError.error, hint: restError.hint });
  });
});

describe('the inquiry bucket shared by REST, the legacy alias and MCP', () => {
  let server: TestServer;
  before(async () => { server = await startServer(); });
  after(async () => { await server.close(); });

  it(`allows ${RATE_LIMIT_POLICIES.inquiry.limit} submissions in total, then refuses each way with the retry time`, async (t) => {
    if (skipWithoutContactRoute(t, server)) return;
    const client = await connect(server.url);
    const post = (path: string, n: number) => fetch(`${server.url}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(inquiry(n)),
    });
    try {
      assert.equal((await post('/api/v1/contact', 10)).status, 200);
      assert.equal((await post('/api/contact', 11)).status, 200);
      assert.deepEqual(await submit(client, inquiry(12)), { isError: false, value: { ok: true } });
      assert.equal((await post('/api/v1/contact', 13)).status, 200);
      assert.deepEqual(await submit(client, inquiry(14)), { isError: false, value: { ok: true } });

      const refused = await submit(client, inquiry(15));
      assert.equal(refused.isError, true);
      assert.equal(refused.value.code, 'rate_limited');
      assert.ok(refused.value.retry_after_seconds >= 1);
      assert.equal((await post('/api/v1/contact', 16)).status, 429);
      assert.equal((await post('/api/contact', 17)).status, 429);
    } finally {
      await client.close();
    }
  });
});
