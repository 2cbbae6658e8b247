import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { Project, Service } from '../../src/contract/catalog.js';
import { ERRORS } from '../../src/contract/errors.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { BUDGETS, Inquiry, INQUIRY_LIMITS, INQUIRY_POLICY, LOCATIONS, PHASES } from '../../src/contract/inquiry.js';
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN, TRIM_KEYWORD } from '../../src/contract/text-rules.js';
import { connect, postMcp, structured, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

describe('MCP endpoint through the SDK client', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  let tools: Tool[];
  before(async () => {
    server = await startServer(suite);
    client = await connect(suite, server.url);
    tools = (await client.listTools()).tools;
  });

  it('initializes statelessly, on the version the client asked for', () => {
    assert.equal(client.getServerVersion()?.name, 'studio-api');
    assert.deepEqual(client.getServerCapabilities()?.tools, { listChanged: false });
    const transport = (client as unknown as { _transport: StreamableHTTPClientTransport })._transport;
    assert.equal(transport.sessionId, undefined, 'no Mcp-Session-Id: any instance can answer any request');
    assert.equal(transport.protocolVersion, LATEST_PROTOCOL_VERSION);
  });

  it('lists the tools with titles, descriptions and annotations', () => {
    assert.deepEqual(tools.map((t) => t.name), ['list_projects', 'list_services', 'submit_inquiry', 'list_consultation_slots', 'book_consultation']);
    for (const tool of tools) {
      assert.ok(tool.title && tool.description && tool.description.length > 80, tool.name);
      assert.equal(tool.annotations?.destructiveHint, false);
    }
    assert.equal(tools[0]!.annotations?.readOnlyHint, true);
    assert.equal(tools[1]!.annotations?.readOnlyHint, true);
    const submit = tools[2]!;
    assert.equal(submit.annotations?.readOnlyHint, false);
    assert.equal(submit.annotations?.idempotentHint, false);
    assert.match(submit.description!, /idempotency_key/);
    assert.equal(tools[3]!.annotations?.readOnlyHint, true);
    const book = tools[4]!;
    assert.equal(book.annotations?.readOnlyHint, false);
    assert.equal(book.annotations?.idempotentHint, false);
  });

  it('gives submit_inquiry exactly the contract fields, required list, enums and lengths', () => {
    const input = tools[2]!.inputSchema as Json;
    assert.deepEqual(input.required, Inquiry.required);
    const props = input.properties as Json;
    assert.deepEqual(Object.keys(props).sort(), [...Object.keys(Inquiry.properties), 'idempotency_key'].sort());
    assert.deepEqual(props.location.enum, [...LOCATIONS]);
    assert.deepEqual(props.budget.enum, [...BUDGETS]);
    assert.deepEqual(props.phase.enum, [...PHASES]);
    for (const [field, limits] of Object.entries(INQUIRY_LIMITS)) {
      for (const [rule, value] of Object.entries(limits)) assert.equal(props[field][rule], value, `${field}.${rule}`);
    }
    assert.equal(props.email.format, 'email');
    // The text rules of the contract show in the schema: trimming, and control characters by pattern.
    for (const field of Object.keys(Inquiry.properties)) assert.equal(props[field][TRIM_KEYWORD], true, field);
    for (const field of ['name', 'email', 'phone']) assert.equal(props[field].pattern, SINGLE_LINE_PATTERN, field);
    assert.equal(props.message.pattern, MULTI_LINE_PATTERN);
    assert.equal(props.idempotency_key.type, 'string');
    assert.equal(props.idempotency_key.maxLength, INQUIRY_POLICY.idempotencyKeyMaxLength);
    assert.ok(!JSON.stringify(tools).includes('"$id"'), 'schemas are self-contained');
  });

  it('derives the output schemas from the contract, errors included', () => {
    const projects = (tools[0]!.outputSchema as Json).oneOf;
    assert.deepEqual(projects[0].properties.projects.items.required, Project.required);
    const services = (tools[1]!.outputSchema as Json).oneOf;
    assert.deepEqual(Object.keys(services[0].properties.services.items.properties), Object.keys(Service.properties));
    for (const tool of tools) {
      const error = (tool.outputSchema as Json).oneOf[1];
      assert.deepEqual(error.required, ['ok', 'error', 'code', 'hint']);
    }
  });

  it('list_projects without arguments returns the same items as GET /api/v1/projects', async () => {
    const result = await client.callTool({ name: 'list_projects' });
    const rest = await (await fetch(`${server.url}/api/v1/projects`)).json() as Json;
    assert.notEqual(result.isError, true);
    assert.deepEqual(structured(result), rest);
    const text = (result.content as Array<{ type: string; text: string }>)[0]!;
    assert.equal(text.type, 'text');
    assert.deepEqual(JSON.parse(text.text), rest);
  });

  it('list_projects filters by region and by location text', async () => {
    const all = structured(await client.callTool({ name: 'list_projects' })).projects as Json[];
    const miami = structured(await client.callTool({ name: 'list_projects', arguments: { region: 'miami' } })).projects as Json[];
    assert.ok(miami.length > 0 && miami.length < all.length);
    const newYork = structured(await client.callTool({ name: 'list_projects', arguments: { location: 'new york' } })).projects as Json[];
    assert.ok(newYork.length > 0);
    for (const project of newYork) assert.match(project.location, /New York/);
    // The region schema is the contract's location, trimmed before its enum is checked.
    const padded = structured(await client.callTool({ name: 'list_projects', arguments: { region: ' miami ' } })).projects as Json[];
    assert.deepEqual(padded, miami);
  });

  it('list_projects filters by kind of work, alone and with the region, as GET /api/v1/projects does, and carries the facts', async () => {
    const work = structured(await client.callTool({ name: 'list_projects', arguments: { work: 'renovation' } })).projects as Json[];
    const rest = await (await fetch(`${server.url}/api/v1/projects?work=renovation`)).json() as Json;
    assert.ok(work.length > 0);
    assert.deepEqual(work, rest.projects, 'the tool and the REST list keep the same projects');
    for (const project of work) assert.ok(project.work.includes('renovation'), project.slug);
    const both = structured(await client.callTool({ name: 'list_projects', arguments: { region: 'hamptons', work: ' renovation ' } })).projects as Json[];
    assert.ok(both.length > 0 && both.length < work.length);
    for (const project of both) assert.equal(project.region, 'hamptons');
    const [first] = work;
    for (const field of ['region', 'year', 'status', 'size', 'work', 'team', 'services']) assert.ok(first![field] !== undefined, field);
    assert.equal(first!.size.square_meters, Math.round(first!.size.square_feet * 0.09290304));
    const refused = await client.callTool({ name: 'list_projects', arguments: { work: 'pool' } });
    assert.equal(refused.isError, true);
    assert.equal(structured(refused).field, 'work');
    const tool = (await client.listTools()).tools.find((t) => t.name === 'list_projects')!;
    assert.deepEqual((tool.inputSchema.properties as Json).work.enum, ['new-house', 'renovation', 'garden', 'interior']);
  });

  it('list_services returns the same items as GET /api/v1/services', async () => {
    const result = await client.callTool({ name: 'list_services' });
    const rest = await (await fetch(`${server.url}/api/v1/services`)).json();
    assert.deepEqual(structured(result), rest);
  });

  it('answers an invalid filter with a tool error carrying the contract code and hint', async () => {
    const result = await client.callTool({ name: 'list_projects', arguments: { region: 'paris' } });
    assert.equal(result.isError, true);
    const error = structured(result);
    assert.equal(error.ok, false);
    assert.equal(error.code, 'invalid_field');
    assert.equal(error.field, 'region');
    assert.ok(error.hint && error.error);
  });

  it('refuses an unknown tool with JSON-RPC -32602, the client printing the code once', async () => {
    await assert.rejects(client.callTool({ name: 'delete_everything' }), (error: unknown) => {
      assert.ok(error instanceof McpError, 'an McpError');
      assert.equal(error.code, -32602);
      // The client's McpError adds "MCP error <code>: " to the message the server sent; the server adds none.
      assert.match(error.message, /^MCP error -32602: Unknown tool "delete_everything"/);
      assert.equal(error.message.split('MCP error').length, 2, error.message);
      return true;
    });
  });

  it('refuses a location filter that is empty or only spaces, and trims one with spaces around it', async () => {
    for (const location of ['', '   ', '\t \n']) {
      const result = await client.callTool({ name: 'list_projects', arguments: { location } });
      assert.equal(result.isError, true, JSON.stringify(location));
      const error = structured(result);
      assert.equal(error.code, 'invalid_field');
      assert.equal(error.field, 'location');
    }
    const padded = structured(await client.callTool({ name: 'list_projects', arguments: { location: '  new york ' } })).projects as Json[];
    const plain = structured(await client.callTool({ name: 'list_projects', arguments: { location: 'new york' } })).projects as Json[];
    assert.ok(plain.length > 0, 'the sample portfolio has a project in New York');
    assert.deepEqual(padded, plain);
  });

  it('publishes the same tool objects in the server card', async () => {
    const response = await fetch(`${server.url}/.well-known/mcp/server-card.json`);
    const card = await response.json() as Json;
    assert.deepEqual(card.tools, tools);
    assert.equal(card.transport.endpoint, `${server.url}/mcp`);
    assert.ok(card.supportedProtocolVersions.includes('2025-06-18'));
  });
});

describe('POST /mcp and the read rate limit', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });
  const rpc = (body: unknown) => postMcp(server.url, body);

  it('counts every request in the read bucket shared with REST, then answers a JSON-RPC 429 with Retry-After', async (t) => {
    const { limit, windowSeconds } = RATE_LIMIT_POLICIES.read;
    for (let i = 0; i < limit; i++) {
      const response = i % 3 === 0
        ? await fetch(`${server.url}/api/v1/projects`)
        : await rpc({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: i % 2 ? 'list_projects' : 'list_services' } });
      assert.equal(response.status, 200, `request ${i + 1}`);
      assert.equal(response.headers.get('ratelimit-remaining'), String(limit - i - 1), `request ${i + 1}`);
      await response.arrayBuffer();
    }
    const refused = await rpc({ jsonrpc: '2.0', id: 'over', method: 'tools/call', params: { name: 'list_projects' } });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal(refused.headers.get('ratelimit-remaining'), '0');
    assert.equal(refused.headers.get('ratelimit-policy'), `${limit};w=${windowSeconds}`);
    const body = await refused.json() as Json;
    assert.equal(body.jsonrpc, '2.0');
    assert.equal(body.id, null);
    assert.equal(body.error.code, -32000);
    assert.deepEqual(body.error.data, { code: 'rate_limited', hint: ERRORS.rate_limited.hint });
    assert.equal(body.ok, undefined, 'a JSON-RPC error, not the REST Error shape');
    // The SDK client is refused at initialize; the REST reads share the bucket.
    await assert.rejects(connect(t, server.url));
    assert.equal((await fetch(`${server.url}/api/v1/services`)).status, 429);
  });
});
