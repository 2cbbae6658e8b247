import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, McpError, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { parse } from 'yaml';
import { loadCatalog } from '../../src/catalog/load.js';
import { reverseDnsName } from '../../src/mcp/server-card.js';
import { postMcp, proposing, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The pages as MCP resources, through the SDK's own client under the contract's revision and the newest
// one, and the server card that lists them at both of its addresses.

/** The revisions a client may propose: the contract's, and the one the SDK's client proposes by itself. */
const VERSIONS = ['2025-06-18', '2025-11-25'] as const;
const SEP_2127_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
const SEP_2127_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

interface VersionedClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
  /** The MCP-Protocol-Version header of every POST the client sent, initialize first. */
  headers: Array<string | null>;
}

async function connectProposing(url: string, version: string): Promise<VersionedClient> {
  const headers: Array<string | null> = [];
  const client = new Client({ name: 'resources-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { fetch: proposing(version, headers) });
  await client.connect(transport);
  return { client, transport, headers };
}

/** The YAML front matter of a Markdown twin. */
function frontMatter(markdown: string): Json {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  assert.ok(match, 'the twin starts with front matter');
  return parse(match[1]!) as Json;
}

async function pageMarkdown(uri: string): Promise<Buffer> {
  const response = await fetch(uri, { headers: { accept: 'text/markdown' } });
  assert.equal(response.status, 200, uri);
  assert.match(response.headers.get('content-type') ?? '', /^text\/markdown/);
  return Buffer.from(await response.arrayBuffer());
}

describe('MCP resources: the pages as Markdown', () => {
  const suite = suiteScope();
  let server: TestServer;
  let expectedUris: string[];
  before(async () => {
    // Every resource is read under both revisions, with the page beside it: more than one read window.
    server = await startServer(suite, { RATE_LIMIT_SCALE: '10' });
    const catalog = await loadCatalog(server.config.contentDir);
    const rest = async (path: string, key: string) => ((await (await fetch(server.url + path)).json()) as Json)[key] as Json[];
    expectedUris = [
      ...(await rest('/api/v1/projects', 'projects')).map((p) => p.url as string),
      ...(await rest('/api/v1/services', 'services')).map((s) => s.url as string),
      ...catalog.pages.map((page) => `${server.url}/${page.slug}`),
    ];
  });

  for (const version of VERSIONS) {
    it(`under ${version}: negotiates it, advertises resources, lists every project, service and text page and reads each as its page's Markdown twin`, async () => {
      const { client, transport, headers } = await connectProposing(server.url, version);
      try {
        assert.equal(transport.protocolVersion, version, 'the version initialize answered');
        assert.deepEqual(client.getServerCapabilities()?.resources, { listChanged: false });
        const { resources, nextCursor } = await client.listResources();
        assert.equal(nextCursor, undefined);
        assert.deepEqual(resources.map((r) => r.uri).sort(), [...expectedUris].sort());
        for (const resource of resources) {
          const twin = await pageMarkdown(resource.uri);
          const { contents } = await client.readResource({ uri: resource.uri });
          assert.equal(contents.length, 1);
          const [content] = contents as Array<{ uri: string; mimeType?: string; text: string }>;
          assert.equal(content!.uri, resource.uri);
          assert.equal(content!.mimeType, 'text/markdown');
          assert.ok(Buffer.from(content!.text).equals(twin), `${resource.uri}: the same bytes as Accept: text/markdown`);
          const meta = frontMatter(content!.text);
          assert.equal(resource.mimeType, 'text/markdown');
          assert.equal(resource.title, meta.title, resource.uri);
          assert.equal(resource.description, meta.description, resource.uri);
          assert.equal(meta.url, resource.uri);
          assert.equal(resource.size, twin.length);
          assert.equal(resource.name, new URL(resource.uri).pathname.slice(1));
        }
        // initialize proposes no header; every later POST carries the negotiated revision.
        assert.equal(headers[0], null);
        assert.ok(headers.length > resources.length, `${headers.length} POSTs`);
        assert.ok(headers.slice(1).every((header) => header === version), headers.join(', '));
      } finally {
        await client.close();
      }
    });
  }

  it('covers the revision the SDK client proposes by itself', () => {
    assert.equal(VERSIONS.at(-1), LATEST_PROTOCOL_VERSION, 'the SDK proposes a revision this file does not test: add it to VERSIONS');
  });

  it('offers a template for projects by slug, whose every expansion reads like the listed project', async () => {
    const { client } = await connectProposing(server.url, '2025-06-18');
    try {
      const { resourceTemplates } = await client.listResourceTemplates();
      assert.equal(resourceTemplates.length, 1);
      const [template] = resourceTemplates;
      assert.equal(template!.uriTemplate, `${server.url}/projects/{slug}`);
      assert.equal(template!.mimeType, 'text/markdown');
      assert.ok(template!.name && template!.title && template!.description, 'the template is named and described');
      const projects = ((await (await fetch(`${server.url}/api/v1/projects`)).json()) as Json).projects as Json[];
      for (const { slug, url } of projects.slice(0, 3)) {
        const uri = template!.uriTemplate.replace('{slug}', slug as string);
        assert.equal(uri, url);
        const { contents } = await client.readResource({ uri });
        const twin = await pageMarkdown(`${server.url}/projects/${slug as string}.md`);
        assert.ok(Buffer.from((contents[0] as { text: string }).text).equals(twin), `${uri}: the same bytes as the page's .md`);
      }
    } finally {
      await client.close();
    }
  });

  it('answers an unknown URI with -32602 (SEP-2164) and the URI as data, the prefix printed once', async () => {
    const { client } = await connectProposing(server.url, '2025-11-25');
    try {
      for (const uri of [`${server.url}/projects/no-such-house`, `${server.url}/contact`, 'https://elsewhere.example/projects/x', '__proto__']) {
        await assert.rejects(client.readResource({ uri }), (error: unknown) => {
          assert.ok(error instanceof McpError, 'an McpError');
          assert.equal(error.code, -32602);
          assert.deepEqual(error.data, { uri });
          assert.match(error.message, /^MCP error -32602: Resource not found\b/);
          assert.equal(error.message.split('MCP error').length, 2, error.message);
          return true;
        });
      }
    } finally {
      await client.close();
    }
  });

  it('refuses malformed resource params with -32602 before the SDK', async () => {
    for (const [method, params] of [['resources/read', { uri: 5 }], ['resources/read', {}], ['resources/list', { cursor: 1 }], ['resources/templates/list', { cursor: {} }]] as const) {
      const response = await postMcp(server.url, { jsonrpc: '2.0', id: 1, method, params });
      assert.equal(response.status, 200);
      const body = await response.json() as Json;
      assert.equal(body.error.code, -32602, method);
      assert.match(body.error.message, new RegExp(`^Invalid params for ${method}`));
    }
  });
});

describe('MCP server card: SEP-1649 and SEP-2127 at once', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it('serves one document at both addresses, open to any origin, with the same ETag', async () => {
    const [json, bare] = await Promise.all(['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card']
      .map((path) => fetch(server.url + path, { headers: { origin: 'https://elsewhere.example' } })));
    for (const response of [json!, bare!]) {
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    }
    assert.equal(json!.headers.get('etag'), bare!.headers.get('etag'));
    assert.equal(await json!.text(), await bare!.text());
  });

  it('has the SEP-2127 shape: $schema, a reverse-DNS name, remotes with authentication, capabilities, the static tools and resources', async () => {
    const card = await (await fetch(`${server.url}/.well-known/mcp/server-card`)).json() as Json;
    assert.equal(card.$schema, SEP_2127_SCHEMA);
    assert.match(card.name, SEP_2127_NAME);
    assert.equal(card.name, `${new URL(server.url).hostname.split('.').reverse().join('.')}/studio-api`);
    assert.ok(card.version && card.description && card.title, 'version, description and title');
    assert.deepEqual(card.remotes[0].authentication, { required: false, schemes: ['oauth2'] });
    // The SEP-1649 fields readers already use stay.
    assert.equal(card.serverInfo.name, 'studio-api');
    assert.deepEqual(card.transport, { type: 'streamable-http', endpoint: `${server.url}/mcp` });
    assert.equal(card.protocolVersion, '2025-06-18');
    for (const version of VERSIONS) assert.ok(card.supportedProtocolVersions.includes(version), version);

    const client = new Client({ name: 'card-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      assert.deepEqual(card.capabilities, client.getServerCapabilities());
      assert.deepEqual(card.tools, (await client.listTools()).tools);
      assert.deepEqual(card.resources as Resource[], (await client.listResources()).resources);
      assert.deepEqual(card.resourceTemplates, (await client.listResourceTemplates()).resourceTemplates);
    } finally {
      await client.close();
    }
  });

  it('derives the reverse-DNS name from any base URL host', () => {
    assert.equal(reverseDnsName('https://www.studio.example', 'studio-api'), 'example.studio.www/studio-api');
    assert.equal(reverseDnsName('https://studio.example:8443/', 'studio-api'), 'example.studio/studio-api');
    for (const baseUrl of ['http://[::1]:3000', 'http://localhost:3000', 'https://xn--bcher-kva.example']) {
      assert.match(reverseDnsName(baseUrl, 'studio-api'), SEP_2127_NAME, baseUrl);
    }
  });
});
