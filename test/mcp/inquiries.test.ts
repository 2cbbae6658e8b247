import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ERRORS } from '../../src/contract/errors.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { INBOX_RETRY_AFTER_SECONDS } from '../../src/inquiries/submit.js';
import { openStore, postInquiry, validInquiry, type Body, type ErrorJson } from '../helpers/inquiries.js';
import { registerClient, requestToken } from '../helpers/oauth-helpers.js';
import { connect, postMcp, submitTool as submit, type Json } from '../helpers/mcp.js';
import { freePort, startServer, suiteScope, type TestServer } from '../helpers/server.js';

// submit_inquiry end to end: the real use case, its store and the inquiry bucket it shares with
// POST /api/v1/contact and the legacy POST /api/contact.

const submitCall = (args: Body, id: number | string = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'submit_inquiry', arguments: args } });

/** The answer carries the inquiry bucket's RateLimit-* fields (what the call counted), not the read policy's. */
function assertInquiryBucketHeaders(response: Response): number {
  const { limit, windowSeconds } = RATE_LIMIT_POLICIES.inquiry;
  assert.equal(response.headers.get('ratelimit-limit'), String(limit));
  assert.equal(response.headers.get('ratelimit-policy'), `${limit};w=${windowSeconds}`);
  const remaining = Number(response.headers.get('ratelimit-remaining'));
  assert.ok(Number.isInteger(remaining) && remaining >= 0 && remaining < limit, `remaining ${remaining}`);
  const reset = Number(response.headers.get('ratelimit-reset'));
  assert.ok(Number.isInteger(reset) && reset >= 1 && reset <= windowSeconds, `reset ${reset}`);
  return remaining;
}

describe('submit_inquiry through the inquiry use case', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startServer(suite);
    client = await connect(suite, server.url);
  });

  it('stores an inquiry, replays it for the same idempotency key and refuses the key with other fields', async () => {
    const original = validInquiry();
    const first = await submit(client, { ...original, idempotency_key: 'mcp-test-key-1' });
    assert.deepEqual(first, { isError: false, value: { ok: true } });
    const replay = await submit(client, { ...original, idempotency_key: 'mcp-test-key-1' });
    assert.deepEqual(replay, { isError: false, value: { ok: true } });
    const reused = await submit(client, { ...validInquiry(), idempotency_key: 'mcp-test-key-1' });
    assert.equal(reused.isError, true);
    assert.equal(reused.value.code, 'idempotency_key_reused');
    const badKey = await submit(client, { ...validInquiry(), idempotency_key: 'has spaces in it' });
    assert.equal(badKey.isError, true);
    assert.equal(badKey.value.code, 'invalid_request');
  });

  it('answers submit_inquiry with the inquiry bucket\'s RateLimit headers instead of the read ones', async () => {
    const response = await postMcp(server.url, submitCall(validInquiry()));
    assert.equal(response.status, 200);
    assert.deepEqual(((await response.json()) as { result: { structuredContent: unknown } }).result.structuredContent, { ok: true });
    assertInquiryBucketHeaders(response);
    assert.equal(response.headers.get('retry-after'), null, 'an accepted call has nothing to wait for');
  });
});

// A server of its own: every submission counts against the inquiry bucket, failed ones too.
describe('submit_inquiry validation errors', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startServer(suite);
    client = await connect(suite, server.url);
  });

  it('answers a validation failure as a tool error with the REST code, hint and field', async () => {
    const { email: _omitted, ...withoutEmail } = validInquiry();
    const missing = await submit(client, withoutEmail);
    assert.equal(missing.isError, true);
    assert.equal(missing.value.code, 'missing_field');
    assert.equal(missing.value.field, 'email');
    const rest = await postInquiry(server.url, '/api/v1/contact', validInquiry({ message: 'short' }));
    assert.equal(rest.status, 400);
    const restError = await rest.json() as ErrorJson;
    const short = await submit(client, validInquiry({ message: 'short' }));
    assert.equal(short.isError, true);
    assert.deepEqual({ code: short.value.code, error: short.value.error, hint: short.value.hint },
      { code: restError.code, error: restError.error, hint: restError.hint });
  });
});

describe('the inquiry bucket shared by REST, the legacy alias and MCP', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it(`allows ${RATE_LIMIT_POLICIES.inquiry.limit} submissions in total, then refuses each way with the retry time`, async (t) => {
    const client = await connect(t, server.url);
    const post = (path: string) => postInquiry(server.url, path, validInquiry());
    // Round-robin over the three ways in, exactly up to the limit.
    const ways = [
      async () => assert.equal((await post('/api/v1/contact')).status, 200),
      async () => assert.equal((await post('/api/contact')).status, 200),
      async () => assert.deepEqual(await submit(client, validInquiry()), { isError: false, value: { ok: true } }),
    ];
    for (let i = 0; i < RATE_LIMIT_POLICIES.inquiry.limit; i++) await ways[i % ways.length]!();

    const refused = await submit(client, validInquiry());
    assert.equal(refused.isError, true);
    assert.equal(refused.value.code, 'rate_limited');
    assert.equal(refused.value.hint, ERRORS.rate_limited.hint);
    assert.ok(refused.value.retry_after_seconds >= 1);
    // Over raw HTTP: the refusal's wait as Retry-After, and the refusing decision of the inquiry bucket.
    const response = await postMcp(server.url, submitCall(validInquiry()));
    assert.equal(response.status, 200, 'a tool error is a result, not an HTTP error');
    const value = ((await response.json()) as Json).result.structuredContent as Json;
    assert.equal(value.code, 'rate_limited');
    assert.equal(response.headers.get('retry-after'), String(value.retry_after_seconds));
    assert.equal(assertInquiryBucketHeaders(response), 0);
    assert.equal((await post('/api/v1/contact')).status, 429);
    assert.equal((await post('/api/contact')).status, 429);
  });
});

describe('submit_inquiry and its caller, over HTTP', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it('hands the use case the client IP, user agent and bearer client through the SDK\'s per-request context', async () => {
    const client = await registerClient(server.url);
    const token = await requestToken(server.url, client);
    const inquiry = validInquiry();
    const headers = { authorization: `Bearer ${token}`, 'user-agent': 'caller-test-agent/2.0' };
    const response = await postMcp(server.url, submitCall(inquiry), headers);
    assert.deepEqual(((await response.json()) as Json).result.structuredContent, { ok: true });
    const anonymous = await postMcp(server.url, submitCall(validInquiry()), { 'user-agent': 'anonymous-agent/1.0' });
    assert.equal(anonymous.status, 200);
    const db = openStore(server.config.databaseUrl);
    try {
      const rows = await db.kysely.selectFrom('inquiries').select(['channel', 'client_ip', 'user_agent', 'client_id', 'message']).orderBy('received_at').execute();
      assert.deepEqual(rows.map(({ message: _m, ...row }) => row), [
        { channel: 'mcp', client_ip: '127.0.0.1', user_agent: 'caller-test-agent/2.0', client_id: client.client_id },
        { channel: 'mcp', client_ip: '127.0.0.1', user_agent: 'anonymous-agent/1.0', client_id: null },
      ]);
      assert.equal(rows[0]!.message, inquiry.message);
    } finally {
      await db.close();
    }
  });

  it('counts an invalid submission in the inquiry bucket and says so in the headers, with nothing to wait for', async () => {
    const before = assertInquiryBucketHeaders(await postMcp(server.url, submitCall(validInquiry())));
    const response = await postMcp(server.url, submitCall(validInquiry({ message: 'short', name: ' \u0085Ada ' })));
    const value = ((await response.json()) as Json).result.structuredContent as Json;
    assert.equal(value.code, 'invalid_field');
    assert.equal(assertInquiryBucketHeaders(response), before - 1);
    assert.equal(response.headers.get('retry-after'), null);
  });
});

describe('submit_inquiry while the inbox is unavailable (database unreachable)', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  before(async () => {
    // Nothing listens on a port freePort() just released: every connection is refused.
    const closedPort = await freePort();
    server = await startServer(suite, { DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/x` }, { waitForStore: false });
    client = await connect(suite, server.url);
  });

  it('answers the tool with isError, inbox_unavailable, its hint and the retry time', async () => {
    const result = await submit(client, validInquiry());
    assert.equal(result.isError, true);
    assert.equal(result.value.ok, false);
    assert.equal(result.value.code, 'inbox_unavailable');
    assert.equal(result.value.error, ERRORS.inbox_unavailable.error);
    assert.equal(result.value.hint, ERRORS.inbox_unavailable.hint);
    assert.equal(result.value.retry_after_seconds, INBOX_RETRY_AFTER_SECONDS);
    const response = await postMcp(server.url, submitCall(validInquiry()));
    assert.equal(((await response.json()) as Json).result.structuredContent.code, 'inbox_unavailable');
    assert.equal(response.headers.get('retry-after'), String(INBOX_RETRY_AFTER_SECONDS), 'the wait on the HTTP answer too');
    assertInquiryBucketHeaders(response);
  });

  it('answers POST /api/v1/contact with 503 and Retry-After, and still serves reads', async () => {
    const response = await postInquiry(server.url, '/api/v1/contact', validInquiry());
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), String(INBOX_RETRY_AFTER_SECONDS));
    const body = await response.json() as ErrorJson;
    assert.deepEqual(body, { ok: false, code: 'inbox_unavailable', error: ERRORS.inbox_unavailable.error, hint: ERRORS.inbox_unavailable.hint });
    for (const path of ['/api/v1/projects', '/api/v1/services']) {
      assert.equal((await fetch(server.url + path)).status, 200, path);
    }
    const list = await client.callTool({ name: 'list_projects' });
    assert.notEqual(list.isError, true);
  });
});
