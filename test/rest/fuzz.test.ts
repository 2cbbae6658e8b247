import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_BODY_BYTES } from '../../src/contract/api.js';
import { OAUTH_METADATA_PATHS, OAUTH_PATHS } from '../../src/contract/oauth.js';
import { PATHS } from '../../src/contract/paths.js';
import { validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// Hostile bodies on every route of the service: whatever arrives, the answer is a 2xx, 3xx or 4xx,
// never a 5xx. The corpus aims at the classes of defect fuzzing found before: values whose
// `toString` is not a function, prototype-named keys and method names, wrong types everywhere,
// deep nesting, control characters, and bodies at the size limit.

const PROTO_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];
const NOT_A_STRING: unknown[] = [null, 42, -1.5e308, true, [], {}, { toString: 1 }, [{ toString: 1 }], { valueOf: 'x', toString: null }];

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** JSON bodies: every Inquiry field and the honeypot with every wrong type, plus shapes that are not objects. */
function jsonBodies(): unknown[] {
  const inquiry = validInquiry();
  const fields = [...Object.keys(inquiry), 'website', 'idempotency_key', 'client_name', 'grant_types', 'scope', 'client_uri', 'token', 'jsonrpc', 'method', 'params', 'id'];
  const bodies: unknown[] = [null, [], 'text', 0, nested(2000), { ...inquiry, website: { toString: 1 } }, { ...inquiry, website: [{ toString: 1 }] }];
  for (const field of fields) for (const value of NOT_A_STRING) bodies.push({ ...inquiry, [field]: value });
  for (const name of PROTO_NAMES) {
    bodies.push(JSON.parse(`{"${name}": {"polluted": true}, "name": "Ada"}`));
    bodies.push({ ...inquiry, location: name, budget: name, phase: name, scope: name, grant_types: [name], token_endpoint_auth_method: name });
    bodies.push({ jsonrpc: '2.0', id: 1, method: name, params: { name, arguments: { [name]: 1 } } });
    bodies.push({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: JSON.parse(`{"${name}": {"x": 1}}`) } });
  }
  // A2A: SendMessage with hostile messages and parts, a data part naming hostile skills and arguments, GetTask with hostile ids.
  const sendMessage = (message: unknown) => ({ jsonrpc: '2.0', id: 3, method: 'SendMessage', params: { message } });
  const a2aMessage = (parts: unknown) => ({ messageId: 'm-1', role: 'ROLE_USER', parts });
  for (const name of PROTO_NAMES) {
    bodies.push(sendMessage(a2aMessage([{ data: { skill: name, [name]: 1 } }])));
    bodies.push(sendMessage(a2aMessage([{ data: JSON.parse(`{"skill": "list_projects", "${name}": {"x": 1}}`) }])));
  }
  for (const value of NOT_A_STRING) {
    bodies.push(sendMessage(value), sendMessage(a2aMessage(value)), sendMessage(a2aMessage([value])), sendMessage(a2aMessage([{ data: value }])));
    bodies.push(sendMessage(a2aMessage([{ data: { skill: 'submit_inquiry', ...inquiry, name: value, idempotency_key: value } }])));
    bodies.push(sendMessage(a2aMessage([{ data: { skill: 'list_projects', region: value, location: value } }])));
    bodies.push({ jsonrpc: '2.0', id: 4, method: 'GetTask', params: { id: value, historyLength: value } });
    bodies.push({ ...sendMessage(a2aMessage([{ text: value }])), method: 'SendStreamingMessage' });
  }
  bodies.push({ ...inquiry, name: '\u0000\u0085\u2028', message: '\ud800 lone surrogate' });
  bodies.push({ client_name: 'a', redirect_uris: [{ toString: 1 }], client_uri: 'javascript:alert(1)', software_id: 'x'.repeat(5000) });
  bodies.push({ jsonrpc: '2.0', id: { toString: 1 }, method: 'tools/list' });
  bodies.push([{ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: { toString: 1 } } }]);
  return bodies;
}

const FORM_BODIES = [
  'website[toString]=1&name=Ada', '__proto__[polluted]=1', 'constructor[prototype][x]=1', 'toString=1&valueOf=2',
  'name=a&name=b&email=c&email=d', 'grant_type=client_credentials&grant_type=x', 'token=%00%ff', `name=${'x'.repeat(MAX_BODY_BYTES - 10)}`,
];

const RAW_BODIES: Array<{ type: string; body: string }> = [
  { type: 'application/json', body: '{' }, { type: 'application/json', body: '{"a":1}garbage' }, { type: 'application/json', body: '' },
  { type: 'application/json; charset=latin1', body: '{"name":"x"}' }, { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<a/>' }, { type: 'multipart/form-data; boundary=x', body: '--x--' },
];

interface Probe { method: string; path: string; headers: Record<string, string>; body?: string }

/** Every route a client can reach, from the OpenAPI document plus the hidden ones (pages, the form, MCP, documents). */
async function routes(base: string): Promise<Array<{ method: string; path: string }>> {
  const document = await (await fetch(`${base}${PATHS.openapi}`)).json() as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => ({ method: m.toUpperCase(), path })));
  const hidden = [PATHS.mcp, PATHS.a2a, PATHS.agentCard, PATHS.contactPage, PATHS.health, PATHS.ready, PATHS.llms, PATHS.apiCatalog, PATHS.mcpServerCard,
    OAUTH_METADATA_PATHS.authorizationServer, OAUTH_METADATA_PATHS.protectedResource, '/', '/projects', '/no-such-page', '/api/v1/nothing']
    .flatMap((path) => ['POST', 'GET', 'PUT', 'DELETE'].map((method) => ({ method, path })));
  return [...documented, ...hidden, { method: 'POST', path: OAUTH_PATHS.token }];
}

function probesFor(route: { method: string; path: string }): Probe[] {
  const mcp = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  const a2a = { 'a2a-version': '1.0' };
  const base = { ...(route.path === PATHS.mcp ? mcp : route.path === PATHS.a2a ? a2a : {}), authorization: 'Basic X19wcm90b19fOmNvbnN0cnVjdG9y' };
  if (route.method === 'GET' || route.method === 'HEAD') {
    return [{ method: route.method, path: `${route.path}?__proto__[x]=1&a=%ff`, headers: { accept: 'text/markdown;q=abc, */*;q=2' } }];
  }
  return [
    ...jsonBodies().map((body) => ({ ...route, headers: { ...base, 'content-type': 'application/json' }, body: JSON.stringify(body) })),
    ...FORM_BODIES.map((body) => ({ ...route, headers: { ...base, 'content-type': 'application/x-www-form-urlencoded' }, body })),
    ...RAW_BODIES.map(({ type, body }) => ({ ...route, headers: { ...base, 'content-type': type }, body })),
    { ...route, headers: { ...base, authorization: 'Bearer a.b.c', 'content-type': 'application/json' }, body: '{}' },
  ];
}

describe('fuzzed bodies on every route', () => {
  const suite = suiteScope();
  let server: TestServer;
  // Limits lifted: the point is what each handler answers, not the rate limiter's 429.
  before(async () => { server = await startServer(suite, { RATE_LIMIT_SCALE: '100000' }); });

  it('never answers with a 5xx', async (t) => {
    const all = (await routes(server.url)).flatMap(probesFor);
    t.diagnostic(`${all.length} requests`);
    assert.ok(all.length > 2000, `a corpus of ${all.length} requests`);
    const failures: string[] = [];
    for (let i = 0; i < all.length; i += 16) {
      await Promise.all(all.slice(i, i + 16).map(async (probe) => {
        const response = await fetch(server.url + probe.path, { method: probe.method, headers: probe.headers, body: probe.body });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${probe.method} ${probe.path} ${probe.headers['content-type'] ?? ''} ${probe.body?.slice(0, 120) ?? ''} -> ${response.status}`);
      }));
    }
    assert.deepEqual(failures, []);
    // The prototype of plain objects is what it was: no body polluted it.
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
