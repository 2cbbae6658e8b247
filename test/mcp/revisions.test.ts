import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { OPERATION_NAMES } from '../../src/agent-tools/operations.js';
import { validInquiry } from '../helpers/inquiries.js';
import { proposing, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// One endpoint for every revision: the SDK's v1 client on the contract's revision (2025-06-18) and on
// its own newest (2025-11-25), and the v2 client pinned to 2026-07-28 (stateless: server/discover, then
// a `_meta` envelope on every request). Each lists the tools, calls every one of them, and reads a page.

/** What the test asks of either SDK's client. */
interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string; outputSchema?: unknown }> }>;
  callTool(params: { name: string; arguments: Json }): Promise<unknown>;
  listResources(): Promise<{ resources: Array<{ uri: string; mimeType?: string }> }>;
  readResource(params: { uri: string }): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string }> }>;
  close(): Promise<void>;
}

interface Revision {
  revision: string;
  connect(url: string): Promise<AnyClient>;
}

const REVISIONS: Revision[] = [
  {
    revision: '2025-06-18',
    async connect(url) {
      const client = new ClientV1({ name: 'revisions-test', version: '1.0.0' });
      await client.connect(new TransportV1(new URL(`${url}/mcp`), { fetch: proposing('2025-06-18', []) }));
      return client as unknown as AnyClient;
    },
  },
  {
    revision: '2025-11-25',
    async connect(url) {
      const client = new ClientV1({ name: 'revisions-test', version: '1.0.0' });
      await client.connect(new TransportV1(new URL(`${url}/mcp`)));
      return client as unknown as AnyClient;
    },
  },
  {
    revision: '2026-07-28',
    async connect(url) {
      const client = new ClientV2({ name: 'revisions-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new TransportV2(new URL(`${url}/mcp`)));
      return client as unknown as AnyClient;
    },
  },
];

interface ToolResult {
  isError?: boolean;
  structuredContent?: Json;
  content: Array<{ type: string; text?: string }>;
}

/** A successful result: the structured value, and the same JSON as its one text block. */
function successOf(name: string, result: unknown): Json {
  const { isError, structuredContent, content } = result as ToolResult;
  assert.notEqual(isError, true, `${name}: ${JSON.stringify(structuredContent)}`);
  assert.ok(structuredContent, `${name}: structuredContent`);
  assert.deepEqual(JSON.parse(content[0]!.text!), structuredContent, `${name}: the text block is the same JSON`);
  return structuredContent;
}

/** Every tool once, in an order where each call has what it needs (a slot to book). */
async function callEveryTool(client: AnyClient, revision: string): Promise<Record<string, Json>> {
  const call = async (name: string, args: Json) => successOf(name, await client.callTool({ name, arguments: args }));
  const types = await call('list_consultation_slots', {});
  const type = (types.consultations as Json[])[0]!.slug as string;
  const slots = await call('list_consultation_slots', { type });
  // Each revision books a different free slot, as a different person (two upcoming bookings per address).
  const slot = (slots.slots as Json[])[REVISIONS.findIndex((r) => r.revision === revision) * 3]!;
  const person = `revision-${revision}@example.com`;
  return {
    list_projects: await call('list_projects', {}),
    list_services: await call('list_services', {}),
    list_consultation_slots: slots,
    submit_inquiry: await call('submit_inquiry', validInquiry({ email: person })),
    book_consultation: await call('book_consultation', { type, start: slot.start, name: 'Ana Ruiz', email: person }),
  };
}

describe('MCP: every revision, through the SDK clients', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  for (const { revision, connect } of REVISIONS) {
    it(`${revision}: lists the tools, calls every one, reads a page`, async () => {
      const client = await connect(server.url);
      try {
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((tool) => tool.name), [...OPERATION_NAMES]);
        const answers = await callEveryTool(client, revision);
        assert.deepEqual(Object.keys(answers).sort(), [...OPERATION_NAMES].sort(), 'every tool was called');
        assert.ok((answers.list_projects!.projects as Json[]).length > 0);
        assert.equal(answers.submit_inquiry!.ok, true);
        assert.equal(answers.book_consultation!.status, 'booked');

        const { resources } = await client.listResources();
        const page = resources[0]!;
        const { contents } = await client.readResource({ uri: page.uri });
        assert.equal(contents[0]!.uri, page.uri);
        assert.equal(contents[0]!.mimeType, 'text/markdown');
        assert.match(contents[0]!.text!, /^---\n/);
      } finally {
        await client.close();
      }
    });
  }
});
