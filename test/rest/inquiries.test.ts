import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INQUIRY_PAGE } from '../../src/contract/inbox-api.js';
import { HONEYPOT_FIELD } from '../../src/contract/inquiry.js';
import { DEFAULT_SCOPES } from '../../src/contract/oauth.js';
import { studio } from '../helpers/cli.js';
import { eventually, postInquiry, validInquiry, type Body, type ErrorJson } from '../helpers/inquiries.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/inquiry-peers.js';
import { basic, postForm, registerClient, requestToken, type RegisteredClient } from '../helpers/oauth-helpers.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { createPgDatabase, type PgDatabase } from '../helpers/postgres.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The read API of the received inquiries (GET /api/v1/inquiries, /api/v1/inquiries/{id}) through a
// listening server: who may read (a client the operators added with `studio clients add`, and no one
// else), what a reader sees, its pages, filters and refusals, and the OpenAPI document that describes it.

const SCOPE = 'inquiries:read';
const LIST = '/api/v1/inquiries';

interface Notification { channel: string; status: string; attempts: number; delivered_at: string | null; next_attempt_at: string | null; last_error: string | null }
interface Received {
  id: string; received_at: string; name: string; email: string; phone: string | null; message: string;
  location: string; budget: string; phase: string; language: string; channel: string; client_id: string | null; spam: boolean;
  triage: { state: string; changed_at: string | null; changed_by: string | null };
  notifications: Notification[];
}
interface Page { inquiries: Received[]; next: string | null }

/** `studio clients add`, run as the operator runs it; the client_id and secret from its output. */
async function addClient(databaseUrl: string, ...options: string[]): Promise<RegisteredClient & { stdout: string }> {
  const run = await studio(databaseUrl, 'clients', 'add', ...options);
  assert.equal(run.code, 0, run.stderr);
  const clientId = /^client_id: (\S+)$/m.exec(run.stdout)?.[1];
  const secret = /^client_secret: (\S+)$/m.exec(run.stdout)?.[1];
  assert.ok(clientId && secret, run.stdout);
  return { client_id: clientId, client_secret: secret, stdout: run.stdout };
}

/** A reader of one server: each answer is held to the service's own OpenAPI document. */
function reader(server: TestServer, contract: () => OpenApiContract) {
  return async function get(path: string, token?: string, headers: Record<string, string> = {}) {
    const url = server.url + path;
    const response = await fetch(url, { headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) } });
    const body = await contract().check('GET', url, response.clone());
    return { response, body };
  };
}

describe('read API of the inquiries (SQLite)', () => {
  const suite = suiteScope();
  let server: TestServer;
  let contract: OpenApiContract;
  let webhook: WebhookReceiver;
  let get: ReturnType<typeof reader>;
  let agent: RegisteredClient;
  let crm: RegisteredClient & { stdout: string };
  let crmToken: string;
  /** The submissions, in the order they were sent, with their unique messages. */
  const sent: Body[] = [];
  let all: Received[] = [];
  const byMessage = (message: unknown) => all.find((entry) => entry.message === message)!;

  before(async () => {
    webhook = await startWebhookReceiver();
    server = await startServer(suite, {
      INBOX_WEBHOOK_URL: webhook.url, INBOX_WEBHOOK_SECRET: webhook.secret, OUTBOX_POLL_INTERVAL_MS: '50', RATE_LIMIT_SCALE: '1000',
      // A studio whose day is not UTC's right now (12 hours behind in the morning, 14 ahead later): the
      // API's since/until days stay UTC days, as its schema says, or the day filters below would miss.
      STUDIO_TIME_ZONE: new Date().getUTCHours() < 11 ? 'Etc/GMT+12' : 'Pacific/Kiritimati',
    });
    contract = await OpenApiContract.fetch(server.url);
    get = reader(server, () => contract);
    agent = await registerClient(server.url, { client_name: 'self-registered agent' });
    const agentToken = await requestToken(server.url, agent);
    const bodies: Array<[Body, Record<string, string>]> = [
      [validInquiry({ location: 'miami', budget: 'under-1m', phase: 'pre-planning', message: 'A Zanzibar-style courtyard house near the bay.' }), {}],
      [validInquiry({ location: 'hamptons', budget: '1m-3m', phase: 'permitted', phone: '' }), {}],
      [validInquiry({ location: 'other', budget: '3m-10m', phase: 'unsure', name: 'Grace Hopper', email: 'grace@example.org', language: 'es' }), {}],
      [validInquiry({ location: 'hamptons', budget: 'over-10m', phase: 'unsure' }), { authorization: `Bearer ${agentToken}` }],
      [validInquiry({ location: 'miami', budget: 'undisclosed', phase: 'permitted' }), {}],
    ];
    for (const [body, headers] of bodies) {
      assert.equal((await postInquiry(server.url, '/api/v1/contact', body, { headers })).status, 200);
      sent.push(body);
    }
    // The honeypot is the website form's: a bot's submission arrives through the form route, in state spam.
    const spam = validInquiry({ [HONEYPOT_FIELD]: 'bot' });
    assert.equal((await postInquiry(server.url, '/contact', spam, { type: 'form' })).status, 200);
    sent.push(spam);
    crm = await addClient(server.config.databaseUrl, '--name', 'Studio CRM', '--scope', SCOPE);
    crmToken = await requestToken(server.url, crm, SCOPE);
    // Every webhook delivered, as the read API itself tells it.
    all = await eventually(async () => {
      const { body } = await get(`${LIST}?limit=${INQUIRY_PAGE.maxLimit}`, crmToken);
      const page = body as Page;
      const delivered = page.inquiries.filter((e) => !e.spam).every((e) => e.notifications.every((n) => n.status === 'done'));
      return page.inquiries.length === sent.length && delivered ? page.inquiries : undefined;
    });
  });
  after(async () => {
    await webhook.close();
  });

  it('refuses an anonymous caller with 401 token_required and a challenge naming the scope, before reading the query', async () => {
    const resourceMetadata = `${server.url}/.well-known/oauth-protected-resource`;
    for (const path of [LIST, `${LIST}?limit=0`, `${LIST}/${all[0]!.id}`, `${LIST}/no-such-id`]) {
      const { response, body } = await get(path);
      assert.equal(response.status, 401, path);
      assert.equal(response.headers.get('www-authenticate'), `Bearer realm="${server.url}", scope="${SCOPE}", resource_metadata="${resourceMetadata}"`, path);
      assert.equal((body as ErrorJson).code, 'token_required', path);
      assert.deepEqual(Object.keys(body as object).sort(), ['code', 'error', 'hint', 'ok']);
      assert.equal(response.headers.get('cache-control'), 'private, no-store', path);
      assert.ok(response.headers.get('ratelimit-limit'), 'counted as a read of the API context');
    }
    // Credentials of another scheme are no bearer token: the same challenge, still without an error attribute.
    const { response } = await get(LIST, undefined, { authorization: basic(crm.client_id, crm.client_secret) });
    assert.equal(response.status, 401);
    assert.doesNotMatch(response.headers.get('www-authenticate') ?? '', /error=/);
    // Another method is refused for want of a token too, before its 405.
    assert.equal((await fetch(server.url + LIST, { method: 'POST' })).status, 401);
  });

  it('refuses an invalid token with the bearer hook\'s 401 invalid_token', async () => {
    const { response, body } = await get(LIST, 'not.a.token');
    assert.equal(response.status, 401);
    assert.equal((body as ErrorJson).code, 'invalid_token');
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer error="invalid_token"/);
  });

  it('never lets a self-registered client have the scope: registration refuses it, the token endpoint too, and its token gets 403', async () => {
    for (const scope of [SCOPE, `api ${SCOPE}`]) {
      const response = await fetch(`${server.url}/oauth/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'greedy agent', scope }),
      });
      assert.equal(response.status, 400, scope);
      const error = await response.json() as { error: string; error_description: string };
      assert.equal(error.error, 'invalid_client_metadata');
      assert.match(error.error_description, /inquiries:read .*only the studio's operators grant it/);
    }
    const token = await postForm(`${server.url}/oauth/token`, { grant_type: 'client_credentials', scope: SCOPE },
      { authorization: basic(agent.client_id, agent.client_secret) });
    assert.equal(token.status, 400);
    assert.equal((await token.json() as { error: string }).error, 'invalid_scope');

    const agentToken = await requestToken(server.url, agent);
    for (const path of [LIST, `${LIST}/${all[0]!.id}`]) {
      const { response, body } = await get(path, agentToken);
      assert.equal(response.status, 403, path);
      assert.equal((body as ErrorJson).code, 'insufficient_scope');
      assert.equal(response.headers.get('www-authenticate'),
        `Bearer realm="${server.url}", error="insufficient_scope", scope="${SCOPE}", resource_metadata="${server.url}/.well-known/oauth-protected-resource"`);
      assert.equal(response.headers.get('cache-control'), 'private, no-store');
    }
  });

  it('gives a client the operators added without --scope the self-service defaults, which cannot read', async () => {
    const tool = await addClient(server.config.databaseUrl, '--name', 'Default tool');
    assert.match(tool.stdout, new RegExp(`with scope ${DEFAULT_SCOPES.join(' ')}\\.`));
    const token = await postForm(`${server.url}/oauth/token`, { grant_type: 'client_credentials', scope: SCOPE },
      { authorization: basic(tool.client_id, tool.client_secret) });
    assert.equal(token.status, 400, 'a scope the client was not given cannot be asked for');
    const { response } = await get(LIST, await requestToken(server.url, tool));
    assert.equal(response.status, 403);
  });

  it('studio clients add prints the secret once, says so, and refuses a bad name or scope; list shows the scope', async () => {
    assert.match(crm.stdout, /^Added client "Studio CRM" with scope inquiries:read\.$/m);
    assert.match(crm.stdout, /The secret is not shown again/);
    const listed = await studio(server.config.databaseUrl, 'clients', 'list');
    assert.equal(listed.code, 0, listed.stderr);
    const line = listed.stdout.split('\n').find((l) => l.startsWith(crm.client_id));
    assert.ok(line, listed.stdout);
    assert.match(line, /\tactive\tinquiries:read\t"Studio CRM"$/);
    assert.doesNotMatch(listed.stdout, new RegExp(crm.client_secret), 'the secret is never shown again');

    for (const [args, problem] of [
      [['--scope', SCOPE], /--name/],
      [['--name', 'x', '--scope', 'inquiries:delete'], /known scopes/],
      [['--name', 'x', '--scope', ' '], /no scope/],
      [['--name', ' '], /client_name/],
      [['--name', 'two\nlines'], /client_name/],
    ] as const) {
      const run = await studio(server.config.databaseUrl, 'clients', 'add', ...args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}`);
      assert.match(run.stderr, problem);
      assert.doesNotMatch(run.stdout, /client_secret/);
    }
  });

  it('lists every inquiry, newest first, with every field, its channel, triage and notifications, and no IP or user agent', async () => {
    const { response, body } = await get(LIST, crmToken);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'private, no-store');
    assert.equal((body as Page).next, null);
    assert.deepEqual((body as Page).inquiries.map((e) => e.message), sent.map((b) => String(b.message).trim()).reverse());

    const first = byMessage(sent[0]!.message);
    assert.deepEqual(Object.keys(first).sort(), ['budget', 'channel', 'client_id', 'email', 'id', 'location', 'message', 'name',
      'language', 'notifications', 'phase', 'phone', 'received_at', 'spam', 'triage',
      // The pipeline's (test/rest/inquiry-pipeline.test.ts reads them) and the conversation's.
      'assignee', 'contact', 'folder', 'notes', 'stage', 'thread', 'unread'].sort());
    const { name, email, phone, location, budget, phase } = sent[0]!;
    assert.deepEqual({ name: first.name, email: first.email, phone: first.phone, location: first.location, budget: first.budget, phase: first.phase },
      { name, email, phone, location, budget, phase });
    assert.equal(first.received_at, new Date(first.received_at).toISOString());
    assert.equal(first.channel, 'api');
    assert.equal(first.client_id, null);
    assert.equal(first.spam, false);
    assert.deepEqual(first.triage, { state: 'new', changed_at: null, changed_by: null });
    assert.equal(first.notifications.length, 1);
    const [webhookJob] = first.notifications;
    assert.deepEqual({ ...webhookJob, delivered_at: undefined }, {
      channel: 'webhook', event: 'inquiry.received', status: 'done', attempts: 1, delivered_at: undefined, next_attempt_at: null, last_error: null,
    });
    assert.equal(webhookJob!.delivered_at, new Date(webhookJob!.delivered_at!).toISOString());

    assert.equal(first.language, 'en', 'no language said: English');
    assert.equal(byMessage(sent[2]!.message).language, 'es', 'the language the inquiry said');
    assert.equal(byMessage(sent[1]!.message).phone, null, 'an empty phone is none');
    assert.equal(byMessage(sent[3]!.message).client_id, agent.client_id, 'the client whose token came with it');
    const spam = byMessage(sent[5]!.message);
    assert.deepEqual([spam.channel, spam.spam, spam.triage.state, spam.notifications], ['form', true, 'spam', []]);
  });

  it('tells the webhook the language to answer in', async () => {
    const received = (message: unknown) => webhook.received.find((w) => w.payload.data.id === byMessage(message).id)?.payload.data as { language?: string } | undefined;
    assert.equal(received(sent[2]!.message)?.language, 'es');
    assert.equal(received(sent[0]!.message)?.language, 'en');
  });

  it('pages with "next" (in the body and as Link rel="next") until it is null, each inquiry once', async () => {
    const seen: string[] = [];
    let path: string | null = `${LIST}?limit=2`;
    let pages = 0;
    while (path) {
      const { response, body } = await get(path, crmToken);
      assert.equal(response.status, 200);
      const page = body as Page;
      pages += 1;
      assert.ok(page.inquiries.length <= 2);
      seen.push(...page.inquiries.map((e) => e.id));
      if (page.next) {
        assert.ok(page.next.startsWith(`${server.url}${LIST}?`), page.next);
        const next = new URL(page.next);
        assert.equal(next.searchParams.get('limit'), '2', 'the next page keeps the query');
        assert.match(response.headers.get('link') ?? '', new RegExp(`<${page.next.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}>; rel="next"`));
        path = next.pathname + next.search;
      } else {
        assert.doesNotMatch(response.headers.get('link') ?? '', /rel="next"/);
        path = null;
      }
    }
    assert.equal(pages, 3);
    assert.deepEqual(seen, all.map((e) => e.id));
  });

  it('keeps the filters in the next link', async () => {
    const { body } = await get(`${LIST}?location=hamptons&limit=1&q=%20`, crmToken);
    const page = body as Page;
    assert.deepEqual(page.inquiries.map((e) => e.message), [sent[3]!.message]);
    const next = new URL(page.next!);
    assert.deepEqual([...next.searchParams.keys()], ['location', 'cursor', 'limit'], 'an empty search is no search, and is left out');
    const { body: second } = await get(next.pathname + next.search, crmToken);
    assert.deepEqual((second as Page).inquiries.map((e) => e.message), [sent[1]!.message]);
    assert.equal((second as Page).next, null);
  });

  it('filters by state, search, location, budget, phase and time, together', async () => {
    const messages = async (query: string) => ((await get(`${LIST}?${query}`, crmToken)).body as Page).inquiries.map((e) => e.message);
    const expect = (...indexes: number[]) => indexes.map((i) => String(sent[i]!.message));
    const first = byMessage(sent[0]!.message);
    const day = first.received_at.slice(0, 10);
    const cases: Array<[string, string[]]> = [
      ['state=spam', expect(5)],
      ['state=new', expect(4, 3, 2, 1, 0)],
      ['state=archived', []],
      ['q=ZANZIBAR', expect(0)],
      ['q=zanzibar%20courtyard', expect(0)],
      ['q=zanzibar%20nowhere', []],
      ['q=grace%40example.org', expect(2)],
      ['location=hamptons', expect(3, 1)],
      ['budget=over-10m', expect(3)],
      ['phase=unsure', expect(3, 2)],
      ['location=hamptons&phase=unsure', expect(3)],
      [`since=${day}&location=miami&state=new`, expect(4, 0)],
      [`until=${day}&q=zanzibar`, expect(0)],
      ['since=2999-01-01', []],
      ['until=2000-01-01', []],
      [`until=${encodeURIComponent(first.received_at)}&q=zanzibar`, []],
      [`since=${encodeURIComponent(first.received_at)}&q=zanzibar`, expect(0)],
      [`since=${encodeURIComponent(first.received_at.replace('Z', '+00:00'))}&q=zanzibar`, expect(0)],
    ];
    for (const [query, expected] of cases) assert.deepEqual(await messages(query), expected, query);
  });

  it('reads one inquiry by id as the list shows it, and answers 404 not_found for an unknown id', async () => {
    for (const entry of all) {
      const { response, body } = await get(`${LIST}/${entry.id}`, crmToken);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('cache-control'), 'private, no-store');
      assert.deepEqual(body, entry);
    }
    for (const id of ['0190d2a4-0000-7000-8000-000000000000', 'constructor', '__proto__']) {
      const { response, body } = await get(`${LIST}/${id}`, crmToken);
      assert.equal(response.status, 404, id);
      assert.equal((body as ErrorJson).code, 'not_found');
      assert.equal(response.headers.get('cache-control'), 'private, no-store');
    }
  });

  it('answers a bad query value with 400 in the Error shape, naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'], [`limit=${INQUIRY_PAGE.maxLimit + 1}`, 'limit'], ['limit=ten', 'limit'], ['limit=1.5', 'limit'],
      ['state=deleted', 'state'], ['state=new&state=read', 'state'], ['location=mars', 'location'], ['location=%20%20', 'location'], ['location=', 'location'], ['budget=1m', 'budget'], ['phase=done', 'phase'],
      ['since=yesterday', 'since'], ['since=2026-02-30', 'since'], ['until=2026-11-23T25:00:00Z', 'until'], ['until=2026-11-23T10:00:00', 'until'],
      ['cursor=not%20a%20cursor', 'cursor'], [`q=${'x'.repeat(201)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const { response, body } = await get(`${LIST}?${query}`, crmToken);
      assert.equal(response.status, 400, query);
      const error = body as ErrorJson;
      assert.equal(error.ok, false);
      assert.equal(error.code, 'invalid_field', query);
      assert.match(error.error, new RegExp(`"${field}"`), `${query}: ${error.error}`);
      assert.ok(error.hint.length > 0);
    }
    // The router refuses these before any route or hook: still the contract's Error shape.
    for (const [path, status, code] of [[`${LIST}/${'x'.repeat(101)}`, 404, 'not_found'], [`${LIST}/%zz`, 400, 'invalid_request']] as const) {
      const response = await fetch(server.url + path, { headers: { authorization: `Bearer ${crmToken}` } });
      assert.equal(response.status, status, path);
      assert.equal((await response.json() as ErrorJson).code, code, path);
    }
  });

  it('answers other methods with 405 and Allow for a reader with the scope', async () => {
    const response = await fetch(server.url + LIST, { method: 'DELETE', headers: { authorization: `Bearer ${crmToken}` } });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET, HEAD');
  });

  it('describes both operations in the OpenAPI document with their security requirement and refusals, and the index lists them', async () => {
    const scopes = contract.document.components.securitySchemes.oauth2.flows.clientCredentials.scopes as Record<string, string>;
    assert.ok(scopes[SCOPE], 'the oauth2 scheme names the scope');
    for (const [path, operationId] of [[LIST, 'listInquiries'], [`${LIST}/x`, 'getInquiry']] as const) {
      const operation = contract.operation('GET', path)!;
      assert.equal(operation.operationId, operationId);
      assert.deepEqual(operation.security, [{ oauth2: [SCOPE] }], 'no anonymous alternative');
      for (const status of ['401', '403']) {
        assert.equal(operation.responses[status].content['application/json'].schema.$ref, '#/components/schemas/Error', `${operationId} ${status}`);
        assert.ok(operation.responses[status].headers['WWW-Authenticate'], `${operationId} ${status}`);
      }
      assert.match(operation.responses['401'].description, /token_required/);
      assert.match(operation.responses['403'].description, /insufficient_scope/);
    }
    const limit = (contract.operation('GET', LIST)!.parameters as Array<{ name: string; in: string; schema: { maximum?: number } }>)
      .find((p) => p.name === 'limit' && p.in === 'query');
    assert.equal(limit?.schema.maximum, INQUIRY_PAGE.maxLimit);
    // The public operations keep the optional token; the contact's 403 does not claim insufficient_scope.
    assert.equal(contract.operation('GET', '/api/v1/projects')!.security, undefined);
    assert.doesNotMatch(contract.operation('POST', '/api/v1/contact')!.responses['403'].description, /insufficient_scope/);
    const index = (await (await fetch(`${server.url}/api/v1`)).json()) as { endpoints: Array<{ operationId: string }> };
    const listed = index.endpoints.map((e) => e.operationId);
    assert.ok(listed.includes('listInquiries') && listed.includes('getInquiry'), listed.join());
  });

  it('tells agents that the scope exists and who grants it: metadata, auth.md', async () => {
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json() as { scopes_supported: string[] };
    assert.ok(metadata.scopes_supported.includes(SCOPE));
    const guide = await (await fetch(`${server.url}/auth.md`)).text();
    assert.match(guide, /\| `inquiries:read` \| .* \| the studio's operators only \|/);
    assert.match(guide, /`api` \| .* \| registration \|/);
    assert.match(guide, /token_required/);
    assert.doesNotMatch(guide, /No operation requires a scope/);
    const card = await (await fetch(`${server.url}/.well-known/mcp/server-card.json`)).json() as { authentication: { scopes: string[] } };
    assert.ok(!card.authentication.scopes.includes(SCOPE), 'no MCP tool needs it, and an agent cannot have it');
  });

  it('refuses the tokens of a client the operators revoked', async () => {
    const revoked = await studio(server.config.databaseUrl, 'clients', 'revoke', crm.client_id);
    assert.equal(revoked.code, 0, revoked.stderr);
    const { response, body } = await get(LIST, crmToken);
    assert.equal(response.status, 401);
    assert.equal((body as ErrorJson).code, 'invalid_token');
  });
});

describe('read API of the inquiries (PostgreSQL)', () => {
  const suite = suiteScope();
  let pg: PgDatabase | undefined;
  let server: TestServer | undefined;
  let skip: string | undefined;

  before(async () => {
    const target = await createPgDatabase('studio_read_api');
    if (typeof target === 'string') {
      skip = target;
      console.log(`# skipping the PostgreSQL read API suite: ${target}`);
      return;
    }
    pg = target;
    server = await startServer(suite, { DATABASE_URL: pg.url, RATE_LIMIT_SCALE: '1000' });
  });
  after(async () => {
    await pg?.drop();
  });

  it('a client added by the CLI lists, pages, filters and reads inquiries stored in PostgreSQL', async (t) => {
    if (skip || !server || !pg) return t.skip(skip);
    const contract = await OpenApiContract.fetch(server.url);
    const get = reader(server, () => contract);
    const bodies = [validInquiry({ location: 'miami' }), validInquiry({ location: 'hamptons', language: 'es' }), validInquiry({ location: 'miami', message: 'Ünïcode Sëarch: a villa' })];
    for (const body of bodies) assert.equal((await postInquiry(server.url, '/api/v1/contact', body)).status, 200);
    const crm = await addClient(pg.url, '--name', 'Studio CRM', '--scope', `${SCOPE} api`);
    const token = await requestToken(server.url, crm, SCOPE);

    const first = (await get(`${LIST}?limit=2`, token)).body as Page;
    assert.deepEqual(first.inquiries.map((e) => e.message), [bodies[2]!.message, bodies[1]!.message]);
    const next = new URL(first.next!);
    const second = (await get(next.pathname + next.search, token)).body as Page;
    assert.deepEqual(second.inquiries.map((e) => e.message), [bodies[0]!.message]);
    assert.equal(second.next, null);
    assert.deepEqual([...first.inquiries, ...second.inquiries].map((e) => e.language), ['en', 'es', 'en'], 'the language stored, English when none was said');

    const miami = (await get(`${LIST}?location=miami&q=S%C3%8BARCH`, token)).body as Page;
    assert.deepEqual(miami.inquiries.map((e) => e.message), [bodies[2]!.message], 'search folds every script on PostgreSQL');

    const one = await get(`${LIST}/${second.inquiries[0]!.id}`, token);
    assert.equal(one.response.status, 200);
    assert.deepEqual(one.body, second.inquiries[0]);
    assert.equal((await get(`${LIST}/no-such-id`, token)).response.status, 404);
  });
});
