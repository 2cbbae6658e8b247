import assert from 'node:assert/strict';
import { test } from 'node:test';
import { studioWith, type StudioRun } from '../helpers/cli.js';
import { startServer } from '../helpers/server.js';

// `studio mcp server-json` prints the MCP Registry's server.json (schema 2025-12-11) of the deployment: the
// same server the live card describes, within the schema's required fields and limits.

const SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** The schema's constraints on what the command writes (ServerDetail, Icon, StreamableHttpTransport). */
const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const ICON_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp'];
const ICON_SIZE = /^(\d+x\d+|any)$/;
const REMOTE_URL = /^https?:\/\/\S+$/;

type Json = Record<string, any>;
const parsed = (run: StudioRun): Json => {
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as Json;
};

test('server.json names the live server the card describes, within the 2025-12-11 schema', async (t) => {
  const server = await startServer(t);
  const doc = parsed(await studioWith({ DATABASE_URL: server.config.databaseUrl, BASE_URL: server.url }, 'mcp', 'server-json'));
  const card = await (await fetch(`${server.url}/mcp/server-card`)).json() as Json;

  assert.equal(doc.$schema, SCHEMA);
  for (const field of ['name', 'description', 'version']) assert.ok(typeof doc[field] === 'string' && doc[field].length > 0, field);
  assert.match(doc.name, NAME);
  assert.ok(doc.name.length <= 200);
  assert.ok(doc.description.length <= 100 && doc.title.length <= 100);
  for (const field of ['name', 'title', 'version', 'websiteUrl']) assert.equal(doc[field], card[field], field);
  assert.ok(card.description.startsWith(doc.description.replace(/…$/, '')), 'the card\'s description, cut to the limit at most');
  assert.deepEqual(doc.icons, card.icons);
  for (const icon of doc.icons as Json[]) {
    assert.ok(ICON_TYPES.includes(icon.mimeType), icon.mimeType);
    for (const size of icon.sizes) assert.match(size, ICON_SIZE);
    assert.ok(icon.src.length <= 255);
  }
  assert.equal(doc.remotes.length, 1);
  assert.equal(doc.remotes[0].type, 'streamable-http');
  assert.equal(doc.remotes[0].url, `${server.url}/mcp`);
  assert.match(doc.remotes[0].url, REMOTE_URL);
  assert.equal((await fetch(doc.remotes[0].url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })).status, 200, 'the remote answers MCP');
  for (const header of doc.remotes[0].headers as Json[]) assert.ok(header.name, 'a header input has a name');
});

test('server.json takes its namespace from the studio\'s own domain, and a version of its own', async (t) => {
  const server = await startServer(t);
  const env = { DATABASE_URL: server.config.databaseUrl, BASE_URL: 'https://www.studio.example' };
  const doc = parsed(await studioWith(env, 'mcp', 'server-json', '--version', '1.0.0-2'));
  assert.equal(doc.name.split('/')[0], 'example.studio.www');
  assert.equal(doc.version, '1.0.0-2');
  assert.equal(doc.remotes[0].url, 'https://www.studio.example/mcp');
  assert.ok(doc.icons.every((icon: Json) => icon.src.startsWith('https://www.studio.example/')), 'icons on the studio\'s HTTPS origin');

  for (const version of ['^1.0.0', 'latest', '1.x']) {
    const refused = await studioWith(env, 'mcp', 'server-json', '--version', version);
    assert.equal(refused.code, 2, version);
    assert.match(refused.stderr, /one specific version/);
  }
});
