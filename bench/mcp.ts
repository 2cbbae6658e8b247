import { PATHS } from '../src/contract/paths.js';
import { Server, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { PROTOCOL_VERSION_META_KEY } from '../src/contract/mcp-protocol-versions.js';
import { measureCases, startStudio, type BenchRow } from './lib.js';

// tools/call list_projects over HTTP next to GET /api/v1/projects in the same run (goal: at least 0.6
// of REST), and what one stateless MCP request costs the SDK in process, per way of holding the Server.

const CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_projects' } });
// An empty _meta sends the same call through the SDK's Server instead of the prepared answer.
const SDK_CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_projects', _meta: {} } });
const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' };
// The same call in the stateless revision 2026-07-28: the `_meta` envelope, and the revision, method and name as headers.
const MODERN_CALL = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'tools/call',
  params: { name: 'list_projects', _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
});
const MODERN_HEADERS = { ...HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'list_projects' };

export async function run(): Promise<BenchRow[]> {
  await printServerCost();
  const studio = await startStudio();
  try {
    for (const [headers, body] of [[HEADERS, CALL], [MODERN_HEADERS, MODERN_CALL]] as const) {
      const check = await fetch(`${studio.url}/mcp`, { method: 'POST', headers, body });
      const answer = await check.json() as { result?: { isError?: boolean } };
      if (check.status !== 200 || !answer.result || answer.result.isError) throw new Error(`tools/call failed: ${JSON.stringify(answer)}`);
    }
    return await measureCases([
      { name: `GET ${PATHS.projects}`, options: { url: `${studio.url}${PATHS.projects}` } },
      { name: 'POST /mcp tools/call list_projects (prepared answer)', target: 0.6, options: { url: `${studio.url}/mcp`, method: 'POST', headers: HEADERS, body: CALL } },
      { name: 'POST /mcp tools/call list_projects via the SDK Server', options: { url: `${studio.url}/mcp`, method: 'POST', headers: HEADERS, body: SDK_CALL } },
      { name: 'POST /mcp tools/call list_projects, 2026-07-28 (the SDK\'s createMcpHandler)', options: { url: `${studio.url}/mcp`, method: 'POST', headers: MODERN_HEADERS, body: MODERN_CALL } },
    ]);
  } finally {
    await studio.stop();
  }
}

// --- In-process cost of one stateless request, by how the Server is obtained ---

const shared = new AjvJsonSchemaValidator();
const result = { content: [{ type: 'text' as const, text: '{}' }], structuredContent: {} };

function newServer(sharedValidator: boolean): Server {
  const server = new Server({ name: 'bench', version: '1' }, { capabilities: { tools: {} }, ...(sharedValidator && { jsonSchemaValidator: shared }) });
  server.setRequestHandler('tools/list', () => ({ tools: [] }));
  server.setRequestHandler('tools/call', () => result);
  return server;
}

async function answer(server: Server): Promise<void> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const response = await transport.handleRequest(new Request('http://bench/mcp', { method: 'POST', headers: HEADERS }), { parsedBody: JSON.parse(CALL) });
  await response.text();
  await server.close();
}

async function microsPerRequest(fn: () => Promise<void>, runs = 3000): Promise<number> {
  for (let i = 0; i < 300; i++) await fn();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  return Math.round(((performance.now() - started) / runs) * 1000);
}

async function printServerCost(): Promise<void> {
  const pooled = newServer(true);
  const rows = [
    ['new Server per request (SDK default: own Ajv)', await microsPerRequest(() => answer(newServer(false)), 1000)],
    ['new Server per request, shared validator', await microsPerRequest(() => answer(newServer(true)))],
    ['pooled Server, new transport (what /mcp does)', await microsPerRequest(() => answer(pooled))],
  ] as const;
  console.log('\n## mcp: SDK cost of one stateless tools/call, in process\n');
  console.log('| Server per request | µs per request |');
  console.log('| --- | ---: |');
  for (const [name, micros] of rows) console.log(`| ${name} | ${micros} |`);
}
