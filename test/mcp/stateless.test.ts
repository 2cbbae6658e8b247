import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MODERN_PROTOCOL_VERSIONS, PROTOCOL_VERSION_META_KEY } from '../../src/contract/mcp-protocol-versions.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { validInquiry } from '../helpers/inquiries.js';
import { postMcp, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// MCP 2026-07-28 over raw HTTP: what the revision changes on the wire, beside the 2025 revisions the other
// files test. No initialize: server/discover, and a `_meta` envelope on every request; Mcp-Method and
// Mcp-Name headers that must match the body; errors that echo the request's id; list results with cache hints.

const REVISION = '2026-07-28';
const ENVELOPE = { [PROTOCOL_VERSION_META_KEY]: REVISION, 'io.modelcontextprotocol/clientCapabilities': {} };

/** A 2026-07-28 request: the envelope in its params, the revision and routing headers beside it. */
function modern(url: string, id: number, method: string, params: Json = {}, headers: Record<string, string | undefined> = {}): Promise<Response> {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return postMcp(url, { jsonrpc: '2.0', id, method, params: { ...params, _meta: { ...ENVELOPE, ...params._meta } } }, {
    'mcp-protocol-version': REVISION, 'mcp-method': method, ...(name !== undefined && { 'mcp-name': name }), ...headers,
  });
}

describe('MCP 2026-07-28: the stateless revision on the wire', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it('answers server/discover with the stateless revisions, the capabilities and who it is', async () => {
    const response = await modern(server.url, 1, 'server/discover');
    assert.equal(response.status, 200);
    const { id, result } = await response.json() as Json;
    assert.equal(id, 1);
    assert.deepEqual(result.supportedVersions, [...MODERN_PROTOCOL_VERSIONS]);
    assert.deepEqual(result.capabilities, { tools: { listChanged: false }, resources: { listChanged: false } });
    assert.equal(result._meta['io.modelcontextprotocol/serverInfo'].name, 'studio-api');
  });

  it('gives the lists cache hints, shared by every caller, and a tool call none', async () => {
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list']) {
      const { result } = await (await modern(server.url, 2, method)).json() as Json;
      assert.equal(result.ttlMs, 300_000, method);
      assert.equal(result.cacheScope, 'public', method);
      assert.equal(result.resultType, 'complete', method);
    }
    const { result } = await (await modern(server.url, 3, 'tools/call', { name: 'list_services', arguments: {} })).json() as Json;
    assert.equal(result.ttlMs, undefined);
    assert.ok(result.structuredContent.services.length > 0);
  });

  it('refuses a revision it does not speak with 400, the revisions it does and the id', async () => {
    const response = await modern(server.url, 301, 'server/discover', { _meta: { [PROTOCOL_VERSION_META_KEY]: '2099-01-01' } }, { 'mcp-protocol-version': '2099-01-01' });
    assert.equal(response.status, 400);
    const body = await response.json() as Json;
    assert.equal(body.id, 301);
    assert.deepEqual(body.error.data.supported, [...MODERN_PROTOCOL_VERSIONS]);
    assert.equal(body.error.data.requested, '2099-01-01');
  });

  it('answers the removed methods and unknown ones with 404 and -32601, echoing the id', async () => {
    for (const [id, method] of [[501, 'initialize'], [502, 'ping'], [503, 'logging/setLevel'], [504, 'no/such-method']] as const) {
      const response = await modern(server.url, id, method);
      assert.equal(response.status, 404, method);
      const body = await response.json() as Json;
      assert.deepEqual([body.id, body.error.code], [id, -32601], method);
    }
  });

  it('refuses headers that disagree with the body (-32020) and a missing envelope field (-32602), with 400', async () => {
    const mismatch = await modern(server.url, 7, 'tools/list', {}, { 'mcp-method': 'resources/list' });
    assert.equal(mismatch.status, 400);
    assert.deepEqual(((await mismatch.json()) as Json).error.code, -32020);
    const noCapabilities = await postMcp(server.url, { jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: { [PROTOCOL_VERSION_META_KEY]: REVISION } } },
      { 'mcp-protocol-version': REVISION, 'mcp-method': 'tools/list' });
    assert.equal(noCapabilities.status, 400);
    const body = await noCapabilities.json() as Json;
    assert.deepEqual([body.id, body.error.code], [8, -32602]);
  });

  it('answers malformed params with -32602 in words, echoing the id, never zod\'s dump nor an internal error', async () => {
    const cases: Array<[string, Json]> = [
      ['tools/call', { name: 'list_projects', arguments: 'all of them' }],
      ['tools/call', { name: 5 }],
      ['resources/read', { uri: 5 }],
      ['resources/list', { cursor: {} }],
    ];
    for (const [index, [method, params]] of cases.entries()) {
      const response = await modern(server.url, 700 + index, method, params);
      assert.equal(response.status, 200, method);
      const body = await response.json() as Json;
      assert.deepEqual([body.id, body.error.code], [700 + index, -32602], `${method} ${JSON.stringify(params)}`);
      assert.match(body.error.message, new RegExp(`^Invalid params for ${method}: "`), body.error.message);
    }
    // The revision removed initialize: malformed or not, it is a method this revision does not have.
    const initialize = await modern(server.url, 710, 'initialize', { protocolVersion: 5 });
    assert.equal(initialize.status, 404);
  });

  it('keeps the endpoint\'s own rules: Origin, and the inquiry bucket\'s RateLimit headers on submit_inquiry', async () => {
    const foreign = await modern(server.url, 9, 'tools/list', {}, { origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    const submit = await modern(server.url, 10, 'tools/call', { name: 'submit_inquiry', arguments: validInquiry() });
    assert.equal(submit.status, 200);
    const { result } = await submit.json() as Json;
    assert.deepEqual(result.structuredContent, { ok: true });
    assert.equal(submit.headers.get('ratelimit-limit'), String(RATE_LIMIT_POLICIES.inquiry.limit));
  });

  it('never answers a 2026-07-28 call with the prepared 2025 answer', async () => {
    const response = await modern(server.url, 11, 'tools/call', { name: 'list_projects', arguments: {} });
    const { result } = await response.json() as Json;
    assert.equal(result.resultType, 'complete');
    assert.equal(result._meta['io.modelcontextprotocol/serverInfo'].name, 'studio-api');
    // The revision's header on a body without the envelope: refused as the revision says, not answered as 2025.
    const bare = await postMcp(server.url, { jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'list_projects' } },
      { 'mcp-protocol-version': REVISION, 'mcp-method': 'tools/call', 'mcp-name': 'list_projects' });
    assert.equal(bare.status, 400);
    assert.deepEqual((await bare.json() as Json).error.code, -32602);
  });
});
