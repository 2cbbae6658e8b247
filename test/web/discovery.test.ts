import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { ERRORS } from '../../src/contract/errors.js';
import { INQUIRY_LIMITS } from '../../src/contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { apiCall, basic, postForm, registerClient } from '../helpers/oauth-helpers.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface SkillsIndex { $schema: string; skills: Array<{ name: string; type: string; description: string; url: string; digest: string }> }

describe('Agent Skills, the AI catalog and the discovery links', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);

  it('the skills index (discovery RFC v0.2.0) names a skill whose digest is of exactly the bytes served', async () => {
    const response = await get('/.well-known/agent-skills/index.json');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const index = await response.json() as SkillsIndex;
    assert.equal(index.$schema, 'https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    assert.equal(index.skills.length, 1);
    const [skill] = index.skills;
    assert.match(skill!.name, /^[a-z0-9]+(-[a-z0-9]+)*$/, 'the Agent Skills name rule');
    assert.ok(skill!.name.length <= 64 && skill!.description.length <= 1024);
    assert.equal(skill!.type, 'skill-md');
    assert.equal(skill!.url, `${server.url}/.well-known/agent-skills/${skill!.name}/SKILL.md`);
    assert.match(skill!.digest, /^sha256:[0-9a-f]{64}$/);
    for (const path of [new URL(skill!.url).pathname, '/skill.md']) {
      const file = await get(path);
      assert.equal(file.status, 200, path);
      assert.equal(file.headers.get('content-type'), 'text/markdown; charset=utf-8', path);
      const bytes = Buffer.from(await file.arrayBuffer());
      assert.equal(`sha256:${sha256(bytes)}`, skill!.digest, `${path}: the digest is of the served bytes`);
    }
  });

  it('SKILL.md: front matter with the index\'s name and description, then the surfaces, the fields and limits, the errors', async () => {
    const text = await (await get('/skill.md')).text();
    const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
    assert.ok(match, 'YAML front matter first');
    const meta = parseYaml(match[1]!) as { name: string; description: string };
    const index = await (await get('/.well-known/agent-skills/index.json')).json() as SkillsIndex;
    assert.equal(meta.name, index.skills[0]!.name);
    assert.equal(meta.description, index.skills[0]!.description);
    for (const path of ['/api/v1/projects', '/api/v1/services', '/api/v1/contact', '/mcp', '/auth.md', '/openapi.json']) {
      assert.ok(text.includes(server.url + path), `names ${path}`);
    }
    for (const tool of ['list_projects', 'list_services', 'submit_inquiry', 'list_consultation_slots', 'book_consultation']) assert.ok(text.includes(`\`${tool}\``), tool);
    // Booking a consultation: its addresses, the hold, and its limits from the contract.
    assert.ok(text.includes(`${server.url}/api/v1/consultations`) && text.includes('"hold": true'));
    assert.ok(text.includes(`${RATE_LIMIT_POLICIES.booking.limit} booking requests per ${RATE_LIMIT_POLICIES.booking.windowSeconds / 60} minutes`));
    for (const code of ['slot_taken', 'hold_expired', 'too_many_bookings'] as const) assert.ok(text.includes(`| ${ERRORS[code].status} | \`${code}\` |`), code);
    // The limits come from the contract, not from the prose.
    assert.ok(text.includes(`at most ${INQUIRY_LIMITS.message.maxLength} characters`));
    assert.ok(text.includes(`${RATE_LIMIT_POLICIES.inquiry.limit} inquiries per ${RATE_LIMIT_POLICIES.inquiry.windowSeconds / 60} minutes`));
    for (const code of ['missing_field', 'invalid_field', 'rate_limited', 'inbox_unavailable'] as const) {
      assert.ok(text.includes(`| ${ERRORS[code].status} | \`${code}\` |`), code);
    }
    assert.match(text, /Idempotency-Key/);
  });

  it('the AI catalog lists the MCP card, the api-catalog, the skills index and llms.txt, each resolving, open to any origin', async () => {
    const response = await get('/.well-known/ai-catalog.json');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const catalog = await response.json() as { specVersion: string; host: { displayName: string }; entries: Array<Record<string, string>> };
    assert.equal(catalog.specVersion, '1.0');
    assert.ok(catalog.host.displayName);
    const byType = new Map(catalog.entries.map((e) => [e.type, e]));
    // The card where the MCP discovery draft reserves it, answering in the type the entry declares.
    const mcp = byType.get('application/mcp-server-card+json');
    assert.equal(mcp?.url, `${server.url}/mcp/server-card`);
    assert.equal((await fetch(mcp.url!, { headers: { accept: mcp.type! } })).headers.get('content-type'), mcp.type);
    assert.equal(byType.get('application/linkset+json')?.url, `${server.url}/.well-known/api-catalog`);
    const urls = catalog.entries.map((e) => e.url);
    for (const path of ['/.well-known/agent-skills/index.json', '/llms.txt']) assert.ok(urls.includes(server.url + path), path);
    const host = new URL(server.url).host;
    for (const entry of catalog.entries) {
      assert.ok(entry.identifier!.startsWith(`urn:air:${host}:`), entry.identifier);
      assert.ok(entry.displayName && entry.description, entry.identifier);
      assert.equal((await fetch(entry.url!)).status, 200, entry.url);
    }
    assert.equal(new Set(catalog.entries.map((e) => e.identifier)).size, catalog.entries.length, 'identifiers are unique');
  });

  it('every response links the new documents (Link), and llms.txt and the developer page list them', async () => {
    const link = (await get('/api/v1/services')).headers.get('link') ?? '';
    for (const [path, rel] of [['/skill.md', 'describedby'], ['/.well-known/ai-catalog.json', 'ai-catalog'],
      ['/.well-known/mcp/server-card.json', 'service-desc']]) {
      assert.ok(link.includes(`<${server.url}${path}>; rel="${rel}"`), `${path} ${rel}`);
    }
    const llms = await (await get('/llms.txt')).text();
    const developers = await (await get('/developers', { headers: { Accept: 'text/markdown' } })).text();
    for (const path of ['/skill.md', '/.well-known/agent-skills/index.json', '/.well-known/ai-catalog.json', '/.well-known/mcp/catalog.json']) {
      assert.ok(llms.includes(server.url + path), `llms.txt names ${path}`);
      assert.ok(developers.includes(`(${path})`), `the developer page links ${path}`);
    }
  });
});

describe('auth.md registration (the convention\'s register_uri)', () => {
  const suite = suiteScope();
  let server: TestServer;
  // Each case from its own address (the server trusts the proxy header), so the registration limit counts them apart.
  before(async () => { server = await startServer(suite, { TRUST_PROXY: 'true' }); });
  let clients = 0;
  const register = (body: unknown, type = 'application/json') => fetch(`${server.url}/oauth/agent-auth`, {
    method: 'POST',
    headers: { 'Content-Type': type, 'X-Forwarded-For': `198.51.100.${++clients}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('registers an anonymous agent and answers a credential that works, and client credentials that renew it', async () => {
    const response = await register({ type: 'anonymous', client_name: 'auth.md agent' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const answer = await response.json() as Record<string, unknown>;
    assert.equal(answer.registration_type, 'anonymous');
    assert.equal(answer.credential_type, 'access_token');
    assert.equal(answer.registration_id, answer.client_id);
    assert.equal(answer.token_endpoint, `${server.url}/oauth/token`);
    assert.deepEqual(answer.scopes, ['api', 'inquiries:write', 'mcp']);
    const expires = Date.parse(String(answer.credential_expires));
    assert.ok(Math.abs(expires - Date.now() - 3600_000) < 60_000, 'expires in an hour');
    assert.equal((await apiCall(server.url, `Bearer ${String(answer.credential)}`)).status, 200, 'the credential is a bearer token the API accepts');
    const renewed = await postForm(`${server.url}/oauth/token`, { grant_type: 'client_credentials' },
      { Authorization: basic(String(answer.client_id), String(answer.client_secret)) });
    assert.equal(renewed.status, 200, 'the client credentials get the next token');
    const introspected = await postForm(`${server.url}/oauth/introspect`, { token: String(answer.credential) },
      { Authorization: basic(String(answer.client_id), String(answer.client_secret)) });
    assert.equal((await introspected.json() as { active: boolean; client_id: string }).client_id, answer.client_id);
  });

  it('refuses what the convention does not offer, in the OAuth error shape, and keeps registration\'s own rules', async () => {
    for (const [body, type] of [[{ type: 'identity_assertion' }, 'application/json'], [{}, 'application/json'],
      ['type=anonymous', 'application/x-www-form-urlencoded'], ['{', 'application/json'],
      [{ type: 'anonymous', client_name: 'two\nlines' }, 'application/json'], [{ type: 'anonymous', scope: 'inquiries:read' }, 'application/json']] as const) {
      const response = await register(body, type);
      assert.equal(response.status, 400, JSON.stringify(body));
      const error = await response.json() as { error: string };
      assert.match(error.error, /^invalid_(request|client_metadata)$/, JSON.stringify(body));
    }
  });

  it('shares the registration limit with RFC 7591 registration', async (t) => {
    const { limit } = RATE_LIMIT_POLICIES.register;
    const fresh = await startServer(t);
    for (let i = 0; i < limit - 1; i++) await registerClient(fresh.url);
    const last = await fetch(`${fresh.url}/oauth/agent-auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":"anonymous"}' });
    assert.equal(last.status, 200);
    const over = await fetch(`${fresh.url}/oauth/agent-auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":"anonymous"}' });
    assert.equal(over.status, 429);
    assert.ok(over.headers.get('retry-after'));
    const rfc = await fetch(`${fresh.url}/oauth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"client_name":"x"}' });
    assert.equal(rfc.status, 429, 'one bucket for both ways');
  });
});
