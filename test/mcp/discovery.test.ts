import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connect, postMcp, type Json } from '../helpers/mcp.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// Where MCP clients look before they connect, and what they show once connected: the server card at the
// MCP endpoint's /server-card, the MCP catalog, the endpoint's own RFC 9728 document and the 401 that
// names it, the icons and hints of the tools, their results, and what a browser client may send and read.

const PARTNER = 'https://partner.example';
const CARD_TYPE = 'application/mcp-server-card+json';
const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

describe('MCP discovery', () => {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startServer(suite, { ALLOWED_ORIGINS: PARTNER });
    client = await connect(suite, server.url);
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

  describe('the server card at <MCP URL>/server-card', () => {
    it('answers the card in its own media type, the same document as the well-known addresses, with an ETag and 304', async () => {
      const response = await get('/mcp/server-card', { origin: 'https://elsewhere.example' });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), CARD_TYPE);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.match(response.headers.get('vary') ?? '', /Accept/);
      const card = await response.json() as Json;
      assert.deepEqual(card, await (await get('/.well-known/mcp/server-card.json')).json());
      assert.equal(card.remotes[0].url, `${server.url}/mcp`);
      const etag = response.headers.get('etag')!;
      const again = await get('/mcp/server-card', { 'if-none-match': etag });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), '');
    });

    it('answers each media type by Accept at every address, each with an ETag of its own', async () => {
      for (const path of ['/mcp/server-card', '/.well-known/mcp/server-card', '/.well-known/mcp/server-card.json']) {
        const asCard = await get(path, { accept: CARD_TYPE });
        const asJson = await get(path, { accept: 'application/json' });
        assert.equal(asCard.headers.get('content-type'), CARD_TYPE, path);
        assert.match(asJson.headers.get('content-type') ?? '', /^application\/json/, path);
        assert.notEqual(asCard.headers.get('etag'), asJson.headers.get('etag'), path);
        assert.equal(await asCard.text(), await asJson.text(), path);
      }
      // Without Accept the well-known addresses keep SEP-2127's application/json.
      assert.match((await get('/.well-known/mcp/server-card')).headers.get('content-type') ?? '', /^application\/json/);
    });

    it('is not counted, like every discovery document, while /mcp is; GET /mcp still answers 405', async () => {
      const card = await get('/mcp/server-card');
      assert.equal(card.headers.get('ratelimit-limit'), null);
      const call = await postMcp(server.url, LIST_TOOLS);
      assert.equal(call.status, 200);
      assert.ok(call.headers.get('ratelimit-limit'), 'a call to /mcp is counted');
      const stream = await get('/mcp', { accept: 'text/event-stream' });
      assert.equal(stream.status, 405);
      assert.equal(stream.headers.get('allow'), 'POST');
      const unknown = await get('/mcp/server-cards');
      assert.equal(unknown.status, 404);
      assert.match(unknown.headers.get('content-type') ?? '', /^application\/json/, 'below /mcp an unknown address is still the JSON 404');
    });
  });

  describe('the MCP catalog', () => {
    it('lists this origin\'s MCP server by an entry whose card resolves and names the same server', async () => {
      const response = await get('/.well-known/mcp/catalog.json', { origin: 'https://elsewhere.example' });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.ok(response.headers.get('etag'));
      assert.equal(response.headers.get('ratelimit-limit'), null);
      const catalog = await response.json() as { specVersion: string; entries: Json[] };
      assert.equal(typeof catalog.specVersion, 'string');
      assert.equal(catalog.entries.length, 1);
      const [entry] = catalog.entries;
      assert.equal(entry!.type, CARD_TYPE);
      const cardAnswer = await fetch(entry!.url, { headers: { accept: CARD_TYPE } });
      assert.equal(cardAnswer.headers.get('content-type'), CARD_TYPE);
      const card = await cardAnswer.json() as Json;
      // urn:air:{publisher}:{namespace}:{name}: the publisher is our host, the name the card's after its slash.
      assert.equal(entry!.identifier, `urn:air:${new URL(server.url).host}:mcp:${card.name.split('/')[1]}`);
      assert.equal(entry!.displayName, card.title);
      assert.equal(entry!.description, card.description);
    });

    it('is the AI catalog\'s MCP entry too', async () => {
      const [mcp, ai] = await Promise.all(['/.well-known/mcp/catalog.json', '/.well-known/ai-catalog.json'].map(async (path) => (await get(path)).json() as Promise<{ entries: Json[] }>));
      assert.deepEqual(ai!.entries.filter((e) => e.type === CARD_TYPE), mcp!.entries);
    });
  });

  describe('the MCP endpoint as an OAuth protected resource (RFC 9728)', () => {
    /** §3.1: the well-known suffix between the host and the resource's path. */
    const metadataUrlOf = (resource: string) => {
      const url = new URL(resource);
      return `${url.origin}/.well-known/oauth-protected-resource${url.pathname === '/' ? '' : url.pathname}`;
    };

    it('has a document at the suffixed address whose resource is the endpoint, the rest as the API\'s', async () => {
      const endpoint = `${server.url}/mcp`;
      const response = await fetch(metadataUrlOf(endpoint), { headers: { origin: 'https://elsewhere.example' } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      const own = await response.json() as Json;
      assert.equal(own.resource, endpoint, '§3.3: the resource is the URL the client derived the address from');
      const api = await (await get('/.well-known/oauth-protected-resource')).json() as Json;
      assert.equal(api.resource, server.url);
      assert.deepEqual({ ...own, resource: undefined }, { ...api, resource: undefined });
      assert.ok(own.authorization_servers.length > 0 && own.scopes_supported.includes('mcp'));
      const card = await (await get('/mcp/server-card')).json() as Json;
      assert.equal(card.authentication.protected_resource_metadata, metadataUrlOf(endpoint));
    });

    it('names that document in the 401 of /mcp, and the API\'s in a 401 elsewhere', async () => {
      const bad = { authorization: 'Bearer not-a-token' };
      const mcp = await postMcp(server.url, LIST_TOOLS, bad);
      assert.equal(mcp.status, 401);
      assert.match(mcp.headers.get('www-authenticate') ?? '', new RegExp(`resource_metadata="${metadataUrlOf(`${server.url}/mcp`)}"`));
      const rest = await get('/api/v1/projects', bad);
      assert.equal(rest.status, 401);
      assert.match(rest.headers.get('www-authenticate') ?? '', new RegExp(`resource_metadata="${server.url}/.well-known/oauth-protected-resource"`));
    });
  });

  describe('what a client shows', () => {
    it('gives every tool, serverInfo and the card the studio\'s icon, at an absolute URL that serves it', async () => {
      const { tools } = await client.listTools();
      const serverInfo = client.getServerVersion() as Json;
      const card = await (await get('/mcp/server-card')).json() as Json;
      const icons = serverInfo.icons as Json[];
      assert.ok(icons.length > 0);
      for (const icon of icons) {
        assert.ok(icon.src.startsWith(`${server.url}/`), icon.src);
        assert.ok(icon.sizes.length > 0);
        const image = await fetch(icon.src);
        assert.equal(image.status, 200);
        assert.equal(image.headers.get('content-type')?.split(';')[0], icon.mimeType);
      }
      for (const tool of tools) assert.deepEqual(tool.icons, icons, tool.name);
      assert.deepEqual(card.icons, icons);
      assert.deepEqual(card.serverInfo, serverInfo);
    });

    it('hints truthfully: reads are read-only, idempotent and closed; the tools that mail someone are open-world writes', async () => {
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((tool) => [tool.name, tool.annotations!]));
      for (const tool of tools) {
        const hints = tool.annotations!;
        assert.equal(hints.destructiveHint, false, `${tool.name} deletes or overwrites nothing`);
        if (hints.readOnlyHint) assert.ok(hints.idempotentHint && !hints.openWorldHint, tool.name);
      }
      // submit_inquiry mails the inquirer an acknowledgement; book_consultation sends the person invitations.
      for (const name of ['submit_inquiry', 'book_consultation']) {
        assert.deepEqual({ ...byName.get(name), title: undefined }, { title: undefined, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }, name);
      }
      for (const name of ['list_projects', 'list_services', 'list_consultation_slots']) assert.equal(byName.get(name)?.readOnlyHint, true, name);
    });

    it('answers every tool, success or refusal, with structuredContent and the same JSON as text', async () => {
      const { tools } = await client.listTools();
      for (const tool of tools) {
        const result = await client.callTool({ name: tool.name, arguments: {} });
        const [text] = result.content as Array<{ type: string; text: string }>;
        assert.equal(text!.type, 'text', tool.name);
        assert.ok(result.structuredContent, tool.name);
        assert.deepEqual(JSON.parse(text!.text), result.structuredContent, tool.name);
      }
    });
  });

  describe('CORS for browser MCP clients', () => {
    const REQUEST_HEADERS = ['mcp-protocol-version', 'mcp-method', 'mcp-name', 'authorization', 'content-type', 'last-event-id'];

    it('grants an allowed origin\'s preflight the headers MCP clients send', async () => {
      const response = await fetch(`${server.url}/mcp`, {
        method: 'OPTIONS',
        headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': REQUEST_HEADERS.join(',') },
      });
      assert.equal(response.status, 204);
      assert.equal(response.headers.get('access-control-allow-origin'), PARTNER);
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      for (const header of REQUEST_HEADERS) assert.ok(allowed.includes(header), header);
    });

    it('lets an allowed origin\'s POST read MCP-Protocol-Version, and refuses another origin', async () => {
      const response = await postMcp(server.url, LIST_TOOLS, { origin: PARTNER, 'mcp-method': 'tools/list' });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('access-control-allow-origin'), PARTNER);
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      assert.ok(exposed.includes('mcp-protocol-version'));
      assert.equal(response.headers.get('mcp-session-id'), null, 'stateless: no session to expose');
      const stranger = await postMcp(server.url, LIST_TOOLS, { origin: 'https://stranger.example' });
      assert.equal(stranger.headers.get('access-control-allow-origin'), null);
    });
  });
});
