import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_BODY_BYTES } from '../../src/contract/api.js';
import { postMcp, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// User input that names what every plain JavaScript object already has. JSON-RPC method names, tool
// names, argument names and header values must be looked up where only our own entries exist (Maps),
// so "__proto__" or "toString" is unknown, not a 500 or a wrong -32602. Each describe has a server of
// its own: every request counts against the read limit.

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'toLocaleString', '__defineGetter__'];

async function jsonRpcAnswer(response: Response, id: unknown): Promise<Json> {
  assert.equal(response.status, 200);
  const body = await response.json() as Json;
  assert.equal(body.jsonrpc, '2.0');
  assert.equal(body.id, id);
  return body;
}

describe('POST /mcp with names of Object.prototype members', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it('answers each as a method with -32601 Method not found', async () => {
    for (const method of PROTOTYPE_NAMES) {
      for (const params of [undefined, {}]) {
        const body = await jsonRpcAnswer(await postMcp(server.url, { jsonrpc: '2.0', id: method, method, ...(params && { params }) }), method);
        assert.equal(body.error?.code, -32601, `${method} ${JSON.stringify(params)}`);
      }
    }
  });

  it('answers each as a tool name in tools/call with -32602 unknown tool', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const body = await jsonRpcAnswer(await postMcp(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } }), 1);
      assert.equal(body.error?.code, -32602, name);
      assert.match(body.error.message, /Unknown tool/, name);
    }
  });

  it('answers them inside a batch of an older revision, one answer each', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: '__proto__' },
      { jsonrpc: '2.0', id: 2, method: 'constructor', params: {} },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: '__proto__' } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'constructor', arguments: { toString: 1 } } },
    ];
    const response = await postMcp(server.url, batch, { 'mcp-protocol-version': '2025-03-26' });
    assert.equal(response.status, 200);
    const answers = (await response.json() as Json[]).sort((a, b) => a.id - b.id);
    assert.deepEqual(answers.map((a) => [a.id, a.error?.code]), [[1, -32601], [2, -32601], [3, -32602], [4, -32602]]);
  });

  it('takes argument names of Object.prototype members as unknown arguments, never as ours', async () => {
    const args = { toString: 'x', valueOf: 1, hasOwnProperty: null, constructor: 'y' };
    for (const name of ['list_projects', 'list_services']) {
      const body = await jsonRpcAnswer(await postMcp(server.url, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name, arguments: args } }), 5);
      assert.equal(body.result.isError, true, name);
      assert.equal(body.result.structuredContent.code, 'invalid_field', name);
    }
  });

  it('refuses header values named like them by the header rules, as 4xx', async () => {
    for (const value of ['__proto__', 'constructor', 'toString']) {
      const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
      assert.equal((await postMcp(server.url, ping, { 'mcp-protocol-version': value })).status, 400, value);
      assert.equal((await postMcp(server.url, ping, { accept: value })).status, 406, value);
      assert.equal((await postMcp(server.url, ping, { 'content-type': value })).status, 415, value);
      assert.equal((await postMcp(server.url, ping, { origin: value })).status, 403, value);
    }
  });
});

/** Nested arrays or objects `depth` levels deep, as JSON text. */
const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);
const call = (params: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
const HUGE = 'x'.repeat(MAX_BODY_BYTES - 1024);

/** Malformed and hostile JSON-RPC bodies, each within the body limit. Strings are sent as they are. */
const HOSTILE_BODIES: unknown[] = [
  '', ' ', 'null', 'true', '0', '"ping"', '[]', '[[]]', '{}', '[1,2]', '{"jsonrpc":"2.0"}', '{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
  { jsonrpc: '1.0', id: 1, method: 'ping' }, { jsonrpc: 2, id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: {}, method: 'ping' }, { jsonrpc: '2.0', id: [], method: 'ping' }, { jsonrpc: '2.0', id: true, method: 'ping' },
  { jsonrpc: '2.0', id: 1.5, method: 'ping' }, { jsonrpc: '2.0', id: 2 ** 60, method: 'ping' }, { jsonrpc: '2.0', id: '', method: '' },
  { jsonrpc: '2.0', id: 1, method: 1 }, { jsonrpc: '2.0', id: 1, method: null }, { jsonrpc: '2.0', id: 1, method: {} }, { jsonrpc: '2.0', id: 1, method: ['ping'] },
  { jsonrpc: '2.0', id: 1, method: 'ping', params: [] }, { jsonrpc: '2.0', id: 1, method: 'ping', params: 'x' }, { jsonrpc: '2.0', id: 1, method: 'ping', params: null },
  { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: 'x' } },
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 5, capabilities: [], clientInfo: null } },
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: {}, version: [] } } },
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: {} } },
  call({ name: null }), call({ name: {} }), call({ name: '' }), call({ name: 'list_projects', arguments: 'x' }), call({ name: 'list_projects', arguments: null }),
  call({ name: 'list_projects', arguments: { region: {}, location: [] } }), call({ name: 'list_projects', arguments: { location: '' } }),
  call({ name: 'submit_inquiry', arguments: { name: { toString: 5 }, email: [], message: 1e308, location: null, idempotency_key: {} } }),
  call({ name: 'submit_inquiry', arguments: { idempotency_key: 'k', constructor: 'x', toString: 'y', valueOf: {} } }),
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_services","arguments":{"__proto__":{"x":1}}}}`,
  `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"constructor":{"prototype":{"polluted":true}}}}`,
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_services","_meta":${nested(5000, '{"a":', '}')}}}`,
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"submit_inquiry","arguments":{"name":${nested(5000, '[', ']')}}}}`,
  nested(20_000, '[', ']'), nested(5000, '{"a":', '}'),
  { jsonrpc: '2.0', id: 1, method: HUGE }, call({ name: HUGE }), call({ name: 'list_projects', arguments: { location: HUGE } }),
  { jsonrpc: '2.0', id: HUGE, method: 'ping' },
  { jsonrpc: '2.0', id: 1, method: 'ping\u0000\ud800' }, { jsonrpc: '2.0', id: 'x', error: 'not an object' }, { jsonrpc: '2.0', id: 'x', result: 1, error: {} },
];

describe('POST /mcp with malformed and hostile JSON-RPC bodies', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it(`answers all ${HOSTILE_BODIES.length} without a 5xx, each with no body or JSON`, async () => {
    for (const [index, body] of HOSTILE_BODIES.entries()) {
      const response = await postMcp(server.url, body);
      const label = `body ${index}: ${(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 80)}`;
      assert.ok(response.status < 500, `${label} answered ${response.status}`);
      const text = await response.text();
      if (text) assert.equal(typeof JSON.parse(text), 'object', label);
    }
  });
});
