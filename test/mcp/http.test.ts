import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { MAX_BODY_BYTES } from '../../src/contract/api.js';
import { ERRORS } from '../../src/contract/errors.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { PreparedCalls } from '../../src/mcp/prepared-calls.js';
import { Tools } from '../../src/mcp/tools.js';
import { jsonOfSize } from '../helpers/bodies.js';
import { postMcp, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import type { ConsultationsService } from '../../src/consultations/consultations.js';

// Every rule of the Streamable HTTP transport that our route enforces, over raw HTTP.

const ACCEPT = 'application/json, text/event-stream';
const V = '2025-06-18';
const READ_POLICY = `${RATE_LIMIT_POLICIES.read.limit};w=${RATE_LIMIT_POLICIES.read.windowSeconds}`;

const initialize = (protocolVersion: string, id: number | string = 1) => ({
  jsonrpc: '2.0', id, method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-http-test', version: '1.0.0' } },
});

describe('POST /mcp over raw HTTP', () => {
  const suite = suiteScope();
  let server: TestServer;
  const post = (body: unknown, headers: Record<string, string | undefined> = {}) => postMcp(server.url, body, headers);
  const jsonRpcError = async (response: Response, status: number, code: number): Promise<Json> => {
    assert.equal(response.status, status);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const body = await response.json() as Json;
    assert.equal(body.jsonrpc, '2.0');
    assert.equal(body.error.code, code);
    assert.equal(typeof body.error.message, 'string');
    assert.equal(body.ok, undefined, 'a JSON-RPC error, not the REST Error shape');
    return body;
  };

  before(async () => { server = await startServer(suite, { ALLOWED_ORIGINS: 'https://www.studio.example' }); });

  it('negotiates 2025-06-18 and issues no session id', async () => {
    const response = await post(initialize(V), { 'mcp-protocol-version': undefined });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('mcp-session-id'), null);
    const body = await response.json() as Json;
    assert.equal(body.result.protocolVersion, V);
    assert.equal(body.id, 1);
  });

  it('answers another supported version with that version, an unknown one with 2025-06-18', async () => {
    const older = await (await post(initialize('2025-03-26'))).json() as Json;
    assert.equal(older.result.protocolVersion, '2025-03-26');
    const unknown = await (await post(initialize('2099-01-01'))).json() as Json;
    assert.equal(unknown.result.protocolVersion, V);
  });

  it('answers a notification or a response with 202 and no body', async () => {
    const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(notification.status, 202);
    assert.equal(await notification.text(), '');
    const response = await post({ jsonrpc: '2.0', id: 'x', result: {} });
    assert.equal(response.status, 202);
    assert.equal(await response.text(), '');
  });

  it('refuses an unsupported MCP-Protocol-Version header with 400', async () => {
    await jsonRpcError(await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-protocol-version': '' }), 400, -32000);
    const body = await jsonRpcError(await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-protocol-version': '2030-01-01' }), 400, -32000);
    assert.match(body.error.data.hint, /2025-06-18/);
  });

  it('refuses a batch under 2025-06-18 (header) with 400 and -32600', async () => {
    const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }];
    await jsonRpcError(await post(batch), 400, -32600);
  });

  it('refuses a batch that declares 2025-06-18 in its initialize params', async () => {
    await jsonRpcError(await post([initialize(V)], { 'mcp-protocol-version': undefined }), 400, -32600);
  });

  it('still answers a batch of an older revision, as an array', async () => {
    const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 7 } }];
    const response = await post(batch, { 'mcp-protocol-version': '2025-03-26' });
    assert.equal(response.status, 200);
    const answers = await response.json() as Json[];
    assert.deepEqual(answers.map((a) => a.id).sort(), [1, 2]);
    assert.equal(answers.find((a) => a.id === 2)!.error.code, -32602);
  });

  it('refuses a foreign Origin with 403 before any tool runs, and lets listed origins in', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_projects' } };
    const refused = await post(call, { origin: 'https://evil.example' });
    const body = await jsonRpcError(refused, 403, -32000);
    assert.equal(body.error.data.code, 'origin_not_allowed');
    assert.equal(refused.headers.get('ratelimit-policy'), READ_POLICY, 'counted at the route, like every POST /mcp');
    // A sandboxed page or a file: URL sends the opaque origin "null": not one of ours either.
    const opaque = await post(call, { origin: 'null' });
    assert.equal((await jsonRpcError(opaque, 403, -32000)).error.data.code, 'origin_not_allowed');
    assert.equal((await post(call, { origin: server.url })).status, 200);
    assert.equal((await post(call, { origin: 'https://www.studio.example' })).status, 200);
  });

  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.url}/mcp`, { method, headers: { accept: ACCEPT } });
      assert.equal(response.headers.get('allow'), 'POST', method);
      assert.equal(response.headers.get('ratelimit-policy'), READ_POLICY, method);
      const body = await jsonRpcError(response, 405, -32000);
      assert.equal(body.error.data.code, 'method_not_allowed');
    }
  });

  it('requires Accept to list both application/json and text/event-stream (406)', async () => {
    for (const accept of ['application/json', 'text/event-stream', '*/*', 'application/json, text/event-stream;q=0']) {
      await jsonRpcError(await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept }), 406, -32000);
    }
    assert.equal((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'text/event-stream; q=0.5, application/json' })).status, 200);
  });

  it('answers a body that is not JSON with 400 and -32700, and a non-JSON media type with 415', async () => {
    await jsonRpcError(await post('{"jsonrpc":'), 400, -32700);
    await jsonRpcError(await post('a=b', { 'content-type': 'application/x-www-form-urlencoded' }), 415, -32000);
  });

  it('answers a body over MAX_BODY_BYTES with 413 as a JSON-RPC error carrying payload_too_large', async () => {
    const body = jsonOfSize(MAX_BODY_BYTES + 1, (padding) => ({ jsonrpc: '2.0', id: 1, method: 'ping', params: { padding } }));
    const response = await post(body);
    const error = await jsonRpcError(response, 413, -32000);
    assert.equal(error.id, null);
    assert.equal(error.error.data.code, 'payload_too_large');
    assert.equal(error.error.data.hint, ERRORS.payload_too_large.hint);
  });

  it('answers something that is not a JSON-RPC message with 400 and -32600', async () => {
    for (const body of [{ hello: 'world' }, [], 'null', { jsonrpc: '2.0', id: null, method: 'ping' }]) {
      await jsonRpcError(await post(body), 400, -32600);
    }
  });

  it('answers malformed tools/call params with -32602 in a JSON-RPC response', async () => {
    for (const params of [undefined, { name: 5 }, { name: 'list_projects', arguments: [] }]) {
      const response = await post({ jsonrpc: '2.0', id: 9, method: 'tools/call', ...(params && { params }) });
      assert.equal(response.status, 200);
      const body = await response.json() as Json;
      assert.equal(body.id, 9);
      assert.equal(body.error.code, -32602);
    }
  });

  it('sets the RateLimit headers of the read policy on every answer, and counts each request once', async () => {
    const answers = [
      await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_services' } }),
      await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_projects', arguments: { region: 'miami' } } }),
      await post(initialize(V)),
      await post({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      await post({ hello: 'world' }),
    ];
    assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 202, 400]);
    const remaining = answers.map((r) => Number(r.headers.get('ratelimit-remaining')));
    for (const response of answers) {
      assert.equal(response.headers.get('ratelimit-limit'), String(RATE_LIMIT_POLICIES.read.limit));
      assert.equal(response.headers.get('ratelimit-policy'), READ_POLICY);
      assert.match(response.headers.get('ratelimit-reset') ?? '', /^\d+$/);
    }
    // A tool call is not counted a second time inside the tool.
    assert.deepEqual(remaining.slice(1), remaining.slice(0, -1).map((n) => n - 1));
  });
});

// A server of its own: two requests per tool and id would overrun the read limit of the one above.
describe('the prepared answers of the argument-free list calls (src/mcp/prepared-calls.ts)', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });
  const post = (body: unknown) => postMcp(server.url, body);
  const raw = async (response: Response) => ({
    status: response.status, contentType: response.headers.get('content-type'), text: await response.text(),
  });
  // Strings that JSON must escape, line separators JavaScript once could not hold, astral characters, edges of numbers.
  const IDS: Array<string | number> = [
    0, 7, -3, Number.MAX_SAFE_INTEGER, '', 'a', 'quote " back \\ slash / solidus', 'line\nbreak\ttab\rreturn',
    '\u0000\u001f\u007f\u0085', '\u2028\u2029', 'é 中 😀', '</script><!--',
  ];
  const call = (name: string, id: string | number, viaSdk: boolean) =>
    ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, ...(viaSdk && { _meta: {} }) } });

  it('are taken for calls without arguments only; an empty _meta takes the SDK path', () => {
    const unused = async () => { throw new Error('unused'); };
    const tools = new Tools({ projects: [], services: [], inquiries: { submit: unused }, consultations: {} as ConsultationsService, log: pino({ level: 'silent' }) });
    const prepared = new PreparedCalls(tools.preparedResults());
    for (const name of ['list_projects', 'list_services']) {
      assert.equal(prepared.matches(call(name, 1, false)), true, name);
      assert.equal(prepared.matches(call(name, 1, true)), false, name);
    }
  });

  it('are byte for byte the SDK Server\'s answers, for both tools and ids that need escaping', async () => {
    for (const name of ['list_projects', 'list_services']) {
      for (const id of IDS) {
        const prepared = await raw(await post(call(name, id, false)));
        const viaSdk = await raw(await post(call(name, id, true)));
        assert.deepEqual(prepared, viaSdk, `${name} ${JSON.stringify(id)}`);
        assert.equal(prepared.status, 200);
        const body = JSON.parse(prepared.text) as Json;
        assert.equal(body.id, id);
        assert.ok(body.result.structuredContent[name.slice(5)].length > 0);
      }
    }
  });

  it('carry the same headers as the SDK\'s answers (the prepared one is written past Fastify\'s onSend hooks)', async () => {
    // What differs per answer by nature: its date, its request id, the requests left in the window.
    const PER_ANSWER = new Set(['date', 'x-request-id', 'ratelimit-remaining', 'ratelimit-reset']);
    const headersOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));
    const cors = { origin: 'https://agent.example' };
    const prepared = await postMcp(server.url, call('list_projects', 1, false), cors);
    const viaSdk = await postMcp(server.url, call('list_projects', 1, true), cors);
    await Promise.all([prepared.arrayBuffer(), viaSdk.arrayBuffer()]);
    assert.deepEqual(headersOf(prepared), headersOf(viaSdk));
    assert.ok(prepared.headers.get('x-request-id') && prepared.headers.get('ratelimit-remaining'));
  });

  it('leave ids the SDK refuses (fractions, unsafe integers) to the SDK, so both paths answer alike', async () => {
    for (const id of [1.5, 2 ** 53]) {
      const prepared = await raw(await post(call('list_services', id, false)));
      const viaSdk = await raw(await post(call('list_services', id, true)));
      assert.deepEqual(prepared, viaSdk, String(id));
      assert.ok(prepared.status < 500);
    }
  });
});

describe('MCP server card', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it('describes the endpoint, versions, tools and optional OAuth, open to any origin and cacheable', async () => {
    const url = `${server.url}/.well-known/mcp/server-card.json`;
    const response = await fetch(url, { headers: { origin: 'https://elsewhere.example' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const etag = response.headers.get('etag');
    assert.ok(etag);
    const card = await response.json() as Json;
    assert.equal(card.version, '1.0.0');
    assert.ok(card.name && card.title && card.description);
    assert.deepEqual(card.transport, { type: 'streamable-http', endpoint: `${server.url}/mcp` });
    assert.equal(card.remotes[0].url, `${server.url}/mcp`);
    assert.equal(card.protocolVersion, V, 'the contract revision is the preferred one');
    assert.equal(card.supportedProtocolVersions[0], V);
    assert.deepEqual(card.remotes[0].supportedProtocolVersions, card.supportedProtocolVersions);
    assert.deepEqual(card.tools.map((t: Json) => t.name), ['list_projects', 'list_services', 'submit_inquiry', 'list_consultation_slots', 'book_consultation']);
    assert.equal(card.authentication.required, false);
    assert.equal(card.authentication.authorization_server_metadata, `${server.url}/.well-known/oauth-authorization-server`);
    assert.equal(card.authentication.protected_resource_metadata, `${server.url}/.well-known/oauth-protected-resource/mcp`, 'the MCP endpoint\'s own document');
    assert.ok(card.authentication.scopes.includes('mcp'));
    assert.equal(card.documentationUrl, `${server.url}/developers`);
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });
});

// src/contract/mcp-protocol-versions.ts keeps its own copy of what the SDK exports only from its
// zod-loading types module (so that the SDK is loaded on the first /mcp request, not at start): the copy
// must be the SDK's values.
describe('the SDK values /mcp states without loading the SDK', () => {
  it('lists the SDK\'s protocol revisions, assumes its default one and reads its envelope key', async () => {
    const sdk = await import('@modelcontextprotocol/server');
    const ours = await import('../../src/contract/mcp-protocol-versions.js');
    assert.deepEqual(ours.SDK_PROTOCOL_VERSIONS, sdk.SUPPORTED_PROTOCOL_VERSIONS);
    assert.equal(ours.SDK_DEFAULT_PROTOCOL_VERSION, sdk.DEFAULT_NEGOTIATED_PROTOCOL_VERSION);
    assert.equal(ours.PROTOCOL_VERSION_META_KEY, sdk.PROTOCOL_VERSION_META_KEY);
  });

  it('answers with the SDK\'s JSON-RPC error codes', async () => {
    const sdk = await import('@modelcontextprotocol/server');
    const { ErrorCode } = await import('../../src/mcp/jsonrpc.js');
    assert.deepEqual(ErrorCode, { ParseError: sdk.PARSE_ERROR, InvalidRequest: sdk.INVALID_REQUEST, InvalidParams: sdk.INVALID_PARAMS, InternalError: sdk.INTERNAL_ERROR });
  });
});
