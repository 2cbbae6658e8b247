import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { A2A_PROTOCOL_VERSION, AgentCard, GetTaskRequest, ListTasksRequest } from '@a2a-js/sdk';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { OPERATIONS, OPERATION_NAMES, isOperationName } from '../../src/agent-tools/operations.js';
import { loadCatalog } from '../../src/catalog/load.js';
import { ERRORS } from '../../src/contract/errors.js';
import { Inquiry } from '../../src/contract/inquiry.js';
import { OAUTH_PATHS } from '../../src/contract/oauth.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { validatorOf } from '../../src/contract/validator.js';
import { agentUnderTest, answerOf, connect, isMessage, postA2a, refusalOf, send, skillCall, textOf, type Json } from '../helpers/a2a.js';
import { openStore, postInquiry, validInquiry, type ErrorJson } from '../helpers/inquiries.js';
import { registerClient, requestToken } from '../helpers/oauth-helpers.js';

// The A2A surface end to end, through the SDK's own client: the agent card, the skills against the
// REST API's answers, the inquiry use case and its store, the bucket it shares with REST, bearer tokens,
// and the JSON-RPC binding's refusals around the SDK.

const CARD_PATH = '/.well-known/agent-card.json';

async function getJson(url: string): Promise<Json> {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  return await response.json() as Json;
}


describe('the agent card', () => {
  const { server, client } = agentUnderTest();

  it('names the JSON-RPC endpoint, the SDK\'s protocol version, the studio and the skills', async () => {
    const response = await fetch(server().url + CARD_PATH);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const card = await response.json() as Json;
    const catalog = await loadCatalog('content');
    assert.equal(card.name, catalog.site.name);
    assert.ok(card.description.startsWith(catalog.site.description));
    assert.deepEqual(card.supportedInterfaces, [{ url: `${server().url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: A2A_PROTOCOL_VERSION }]);
    assert.deepEqual(card.provider, { organization: catalog.site.name, url: server().url });
    assert.equal(card.capabilities.streaming, false);
    assert.deepEqual(card.skills.map((skill: Json) => skill.id), [...OPERATION_NAMES]);
    assert.ok(card.defaultInputModes.includes('application/json') && card.defaultOutputModes.includes('application/json'));
    // The SDK reads it (its client, made in before(), picked the endpoint from it), and every member survives its types.
    assert.deepEqual(AgentCard.toJSON(AgentCard.fromJSON(card)), card);
  });

  it('shows the optional OAuth bearer: a client_credentials scheme, and no requirement to use it', async () => {
    const card = await getJson(server().url + CARD_PATH);
    const scheme = card.securitySchemes.oauth2.oauth2SecurityScheme;
    assert.equal(scheme.flows.clientCredentials.tokenUrl, server().url + OAUTH_PATHS.token);
    const metadata = await getJson(scheme.oauth2MetadataUrl);
    assert.equal(metadata.token_endpoint, scheme.flows.clientCredentials.tokenUrl);
    assert.equal(card.securityRequirements, undefined, 'no requirement: tokens are optional');
    assert.match(scheme.description, /^Optional/);
  });

  it('holds no empty object, array or string, which the SDKs\' signature verifiers would drop', async () => {
    const empties: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (value === '' || (Array.isArray(value) && value.length === 0)) empties.push(path);
      else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
      else if (value !== null && typeof value === 'object') {
        if (Object.keys(value).length === 0) empties.push(path);
        for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`);
      }
    };
    walk(await getJson(server().url + CARD_PATH), 'card');
    assert.deepEqual(empties, []);
  });

  it('gives every skill examples that are calls its own arguments schema accepts', async () => {
    const card = await getJson(server().url + CARD_PATH);
    for (const skill of card.skills as Json[]) {
      assert.ok(skill.examples.length > 0, skill.id);
      assert.ok(skill.description.includes(`"skill": "${skill.id}"`), `${skill.id} says how to call it`);
      for (const example of skill.examples as string[]) {
        const { skill: name, ...args } = JSON.parse(example) as Json;
        assert.equal(name, skill.id);
        assert.ok(isOperationName(name));
        assert.ok(validatorOf(OPERATIONS[name].arguments)(args), `${example} fits the arguments of ${name}`);
        if (name === 'submit_inquiry') assert.ok(validatorOf(Inquiry)(args), `${example} is a valid Inquiry`);
      }
    }
  });

  it('is cacheable: an ETag, and 304 when it matches', async () => {
    const first = await fetch(server().url + CARD_PATH);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(server().url + CARD_PATH, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });
});

describe('the skills through the SDK client', () => {
  const { server, client } = agentUnderTest();

  it('list_projects answers the objects of GET /api/v1/projects, all of them or those whose location matches', async () => {
    const rest = await getJson(`${server().url}/api/v1/projects`);
    assert.ok(rest.projects.length > 1);
    assert.deepEqual(answerOf(await send(client(), [{ data: { skill: 'list_projects' } }])), rest);
    const florida = answerOf(await send(client(), [{ data: { skill: 'list_projects', location: 'florida' } }]));
    const expected = rest.projects.filter((p: Json) => String(p.location ?? '').toLowerCase().includes('florida'));
    assert.ok(expected.length > 0 && expected.length < rest.projects.length, 'the filter keeps some and drops some');
    assert.deepEqual(florida, { projects: expected });
  });

  it('list_projects filters by region, as the content files them', async () => {
    const catalog = await loadCatalog('content');
    const region = catalog.projects[0]!.region;
    const { projects } = answerOf(await send(client(), [{ data: { skill: 'list_projects', region } }]));
    assert.deepEqual(projects.map((p: Json) => p.slug), catalog.projects.filter((p) => p.region === region).map((p) => p.slug));
  });

  it('list_services answers the objects of GET /api/v1/services', async () => {
    const rest = await getJson(`${server().url}/api/v1/services`);
    assert.ok(rest.services.length > 0);
    assert.deepEqual(answerOf(await send(client(), [{ data: { skill: 'list_services' } }])), rest);
  });

  it('answers a plain-text message with help that names every skill and how to call it', async () => {
    const result = await send(client(), [{ text: 'Hello, what can you do?' }]);
    assert.ok(isMessage(result), 'help is a message, no task');
    const help = textOf(result.parts);
    for (const name of OPERATION_NAMES) assert.ok(help.includes(`{"skill":"${name}"`), `the help shows how to call ${name}`);
    assert.ok(help.includes(server().url + CARD_PATH));
  });

  it('refuses an unknown skill and arguments a skill does not take, naming what to fix', async () => {
    for (const skill of ['delete_everything', 'constructor', 42]) {
      const { text, error } = refusalOf(await send(client(), [{ data: { skill } }]));
      assert.equal(error.code, 'invalid_request', String(skill));
      assert.equal(error.field, 'skill');
      for (const name of OPERATION_NAMES) assert.ok(text.includes(name), `the refusal lists ${name}`);
    }
    const wrong = refusalOf(await send(client(), [{ data: { skill: 'list_projects', region: 'atlantis' } }]));
    assert.equal(wrong.error.code, 'invalid_field');
    assert.equal(wrong.error.field, 'region');
  });

  it('counts each call as a read: the RateLimit fields of the read policy', async () => {
    const response = await postA2a(server().url, skillCall({ skill: 'list_services' }));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('ratelimit-limit'), String(RATE_LIMIT_POLICIES.read.limit));
    assert.equal(response.headers.get('ratelimit-policy'), `${RATE_LIMIT_POLICIES.read.limit};w=${RATE_LIMIT_POLICIES.read.windowSeconds}`);
  });
});

describe('submit_inquiry through the inquiry use case', () => {
  const { server, client } = agentUnderTest();

  it('stores the inquiry with channel a2a, the client IP, the user agent and the bearer client', async () => {
    const registered = await registerClient(server().url);
    const token = await requestToken(server().url, registered);
    const inquiry = validInquiry();
    const withToken = { authorization: `Bearer ${token}`, 'user-agent': 'a2a-test-agent/2.0' };
    assert.deepEqual(answerOf(await send(client(), [{ data: { skill: 'submit_inquiry', ...inquiry } }], withToken)), { ok: true });
    assert.deepEqual(answerOf(await send(client(), [{ data: { skill: 'submit_inquiry', ...validInquiry() } }], { 'user-agent': 'anonymous-agent/1.0' })), { ok: true });
    const db = openStore(server().config.databaseUrl);
    try {
      const rows = await db.kysely.selectFrom('inquiries').select(['channel', 'client_ip', 'user_agent', 'client_id', 'name', 'email', 'message']).orderBy('received_at').execute();
      assert.deepEqual(rows.map(({ name: _n, email: _e, message: _m, ...row }) => row), [
        { channel: 'a2a', client_ip: '127.0.0.1', user_agent: 'a2a-test-agent/2.0', client_id: registered.client_id },
        { channel: 'a2a', client_ip: '127.0.0.1', user_agent: 'anonymous-agent/1.0', client_id: null },
      ]);
      assert.deepEqual({ name: rows[0]!.name, email: rows[0]!.email, message: rows[0]!.message },
        { name: inquiry.name, email: inquiry.email, message: inquiry.message });
    } finally {
      await db.close();
    }
  });

  it('answers with the inquiry bucket\'s RateLimit fields instead of the read ones', async () => {
    const response = await postA2a(server().url, skillCall({ skill: 'submit_inquiry', ...validInquiry() }));
    assert.equal(response.status, 200);
    assert.deepEqual(((await response.json()) as Json).result.message.parts[0].data, { ok: true });
    assert.equal(response.headers.get('ratelimit-limit'), String(RATE_LIMIT_POLICIES.inquiry.limit));
    assert.equal(response.headers.get('retry-after'), null, 'an accepted inquiry has nothing to wait for');
  });
});

// A server of its own: every submission counts against the inquiry bucket, refused ones too.
describe('submit_inquiry validation errors', () => {
  const { server, client } = agentUnderTest();

  it('answers a missing field with a failed task whose text and Error object name the field', async () => {
    const { email: _omitted, ...withoutEmail } = validInquiry();
    const { task, text, error } = refusalOf(await send(client(), [{ data: { skill: 'submit_inquiry', ...withoutEmail } }]));
    assert.equal(error.ok, false);
    assert.equal(error.code, 'missing_field');
    assert.equal(error.field, 'email');
    assert.equal(error.hint, ERRORS.missing_field.hint);
    assert.ok(text.includes('"email"') && text.includes(error.error) && text.includes(error.hint), text);
    assert.ok(task.id.length > 0, 'a task the client can ask for again');
  });

  it('gives the code, message and hint of the REST API for the same invalid field', async () => {
    const rest = await postInquiry(server().url, '/api/v1/contact', validInquiry({ message: 'short' }));
    assert.equal(rest.status, 400);
    const restError = await rest.json() as ErrorJson;
    const { error } = refusalOf(await send(client(), [{ data: { skill: 'submit_inquiry', ...validInquiry({ message: 'short' }) } }]));
    assert.deepEqual({ code: error.code, error: error.error, hint: error.hint }, { code: restError.code, error: restError.error, hint: restError.hint });
    assert.equal(error.field, 'message');
  });
});

describe('the inquiry bucket shared by REST and A2A', () => {
  const { server, client } = agentUnderTest();

  it(`allows ${RATE_LIMIT_POLICIES.inquiry.limit} submissions in total, then refuses both ways with the wait`, async () => {
    const viaA2a = () => send(client(), [{ data: { skill: 'submit_inquiry', ...validInquiry() } }]);
    for (let i = 0; i < RATE_LIMIT_POLICIES.inquiry.limit; i++) {
      if (i % 2 === 0) assert.equal((await postInquiry(server().url, '/api/v1/contact', validInquiry())).status, 200);
      else assert.deepEqual(answerOf(await viaA2a()), { ok: true });
    }
    const refused = refusalOf(await viaA2a());
    assert.equal(refused.error.code, 'rate_limited');
    assert.equal(refused.error.hint, ERRORS.rate_limited.hint);
    assert.ok(refused.error.retry_after_seconds >= 1);
    assert.ok(refused.text.includes(`Retry after ${refused.error.retry_after_seconds} seconds`), refused.text);
    // Over raw HTTP: a JSON-RPC result (the failed task), the wait as Retry-After, the bucket's refusing decision.
    const response = await postA2a(server().url, skillCall({ skill: 'submit_inquiry', ...validInquiry() }));
    assert.equal(response.status, 200);
    const status = ((await response.json()) as Json).result.task.status;
    assert.equal(status.state, 'TASK_STATE_FAILED');
    const wait = status.message.parts[1].data.retry_after_seconds;
    assert.equal(response.headers.get('retry-after'), String(wait));
    assert.equal(response.headers.get('ratelimit-remaining'), '0');
    assert.equal(response.headers.get('ratelimit-limit'), String(RATE_LIMIT_POLICIES.inquiry.limit));
    assert.equal((await postInquiry(server().url, '/api/v1/contact', validInquiry())).status, 429);
  });
});

describe('bearer tokens and the JSON-RPC binding around the SDK', () => {
  const { server, client } = agentUnderTest();

  it('refuses a forged bearer token with 401 and the challenge, before the SDK sees the request', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const registered = await registerClient(server().url);
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ iss: server().url, aud: server().url, sub: registered.client_id, client_id: registered.client_id, scope: 'api', iat: now, exp: now + 600 })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: (await exportJWK(privateKey)).x }).sign(privateKey);
    const response = await postA2a(server().url, skillCall({ skill: 'list_services' }), { authorization: `Bearer ${forged}` });
    assert.equal(response.status, 401);
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="[^"]+"$/);
    assert.equal(((await response.json()) as ErrorJson).code, 'invalid_token');
    await assert.rejects(send(client(), [{ data: { skill: 'list_services' } }], { authorization: `Bearer ${forged}` }), /401/);
  });

  it('keeps a refusal as a task for GetTask, without the caller\'s message; a client\'s task is its own', async () => {
    const anonymous = refusalOf(await send(client(), [{ data: { skill: 'submit_inquiry', name: 'Ada' } }])).task;
    assert.ok(anonymous.history.length > 0, 'the answer itself carries the history');
    const again = await client().getTask(GetTaskRequest.fromJSON({ id: anonymous.id }));
    assert.equal(again.status?.state, anonymous.status?.state);
    assert.deepEqual(again.history, [], 'the inquiry\'s personal data is not kept');
    const token = await requestToken(server().url, await registerClient(server().url));
    const owned = refusalOf(await send(client(), [{ data: { skill: 'nothing' } }], { authorization: `Bearer ${token}` })).task;
    assert.equal((await client().getTask(GetTaskRequest.fromJSON({ id: owned.id }), { serviceParameters: { authorization: `Bearer ${token}` } })).id, owned.id);
    await assert.rejects(client().getTask(GetTaskRequest.fromJSON({ id: owned.id })), (error: Error) => error.name === 'TaskNotFoundError');
    await assert.rejects(client().listTasks(ListTasksRequest.fromJSON({})), (error: Error) => error.name === 'UnsupportedOperationError');
  });

  it('refuses a request without the A2A-Version this agent speaks, and the streaming methods', async () => {
    const unversioned = await postA2a(server().url, skillCall({ skill: 'list_services' }, 7), { 'a2a-version': undefined });
    assert.equal(unversioned.status, 200);
    const body = await unversioned.json() as Json;
    assert.equal(body.id, 7);
    assert.equal(body.error.data[0].reason, 'VERSION_NOT_SUPPORTED');
    const streaming = await postA2a(server().url, { ...skillCall({ skill: 'list_services' }), method: 'SendStreamingMessage' });
    assert.equal(((await streaming.json()) as Json).error.data[0].reason, 'UNSUPPORTED_OPERATION');
  });

  it('takes application/a2a+json as well, and answers in the type the request was sent in unless Accept prefers the other', async () => {
    const call = skillCall({ skill: 'list_services' });
    const typeOf = (response: Response) => response.headers.get('content-type');
    const a2a = await postA2a(server().url, call, { 'content-type': 'application/a2a+json' });
    assert.equal(a2a.status, 200);
    assert.equal(typeOf(a2a), 'application/a2a+json; charset=utf-8');
    assert.ok(((await a2a.json()) as Json).result.message.parts[0].data.services.length > 0);
    assert.equal(typeOf(await postA2a(server().url, call)), 'application/json; charset=utf-8');
    assert.equal(typeOf(await postA2a(server().url, call, { accept: 'application/a2a+json' })), 'application/a2a+json; charset=utf-8');
    assert.equal(typeOf(await postA2a(server().url, call, { accept: 'application/json;q=0.5, application/a2a+json' })), 'application/a2a+json; charset=utf-8');
    assert.equal(typeOf(await postA2a(server().url, call, { 'content-type': 'application/a2a+json', accept: 'application/json' })), 'application/json; charset=utf-8');
    assert.equal(typeOf(await postA2a(server().url, call, { 'content-type': 'application/a2a+json', accept: '*/*' })), 'application/a2a+json; charset=utf-8');
    // Parsed by the JSON parser: a body that is not JSON is the same parse error, in the type it was sent in.
    const broken = await postA2a(server().url, '{"jsonrpc":', { 'content-type': 'application/a2a+json; charset=utf-8' });
    assert.equal(broken.status, 400);
    assert.equal(typeOf(broken), 'application/a2a+json; charset=utf-8');
    assert.equal(((await broken.json()) as Json).error.code, -32700);
  });

  it('answers what the SDK never sees as JSON-RPC errors with the contract code: 405, 415, a body that is not JSON', async () => {
    const get = await fetch(`${server().url}/a2a`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    assert.equal(((await get.json()) as Json).error.data[0].metadata.code, 'method_not_allowed');
    const form = await postA2a(server().url, 'a=1', { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(form.status, 415);
    const refusal = ((await form.json()) as Json).error.data[0].metadata;
    assert.equal(refusal.code, 'unsupported_media_type');
    assert.match(refusal.hint, /application\/json or application\/a2a\+json/);
    const broken = await postA2a(server().url, '{"jsonrpc":');
    assert.equal(broken.status, 400);
    const parseError = await broken.json() as Json;
    assert.equal(parseError.error.code, -32700);
    assert.equal(parseError.jsonrpc, '2.0');
  });

  it('tells what to check, not JavaScript\'s words, when the SDK cannot decode the params', async () => {
    const response = await postA2a(server().url, { jsonrpc: '2.0', id: 9, method: 'GetTask', params: { id: { toString: 1 } } });
    assert.equal(response.status, 200);
    const { error } = await response.json() as Json;
    assert.equal(error.code, -32603);
    assert.doesNotMatch(error.message, /primitive|undefined|null|reading/);
    assert.match(error.message, /params follow the A2A 1\.0 JSON-RPC binding/);
  });
});
