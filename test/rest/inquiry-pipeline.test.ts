import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import { studio } from '../helpers/cli.js';
import { addOperator, signIn, type InboxClient } from '../helpers/inbox.js';
import { openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { requestToken } from '../helpers/oauth-helpers.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';

// The read API's pipeline fields and filters through a listening server: an operator works two
// inquiries of one person in the web inbox (stage, assignee, a note, an edit, archive), and a client of
// the studio with inquiries:read reads folder, unread, stage, assignee, notes and contact, and filters by
// stage, assignee ("none" for nobody), folder and unread. Every answer is held to /openapi.json.

const SCOPE = 'inquiries:read';
const LIST = '/api/v1/inquiries';
const DESK = 'desk@harbor.example';

interface Note { id: string; author: string; at: string; text: string; edited_at: string | null }
interface Received {
  id: string; folder: string; unread: boolean; stage: string; assignee: string | null; notes: Note[]; contact: string[];
  triage: { state: string };
}

const path = (id: string, route: string = INBOX_PATHS.inquiry) => route.replace(':id', encodeURIComponent(id));

describe('read API: the pipeline fields and filters', () => {
  const suite = suiteScope();
  let server: TestServer;
  let contract: OpenApiContract;
  let token: string;
  let desk: InboxClient;
  const ids: Record<'first' | 'second' | 'other', string> = { first: '', second: '', other: '' };

  async function get<T>(url: string, status = 200): Promise<T> {
    const response = await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } });
    const body = await contract.check('GET', server.url + url, response.clone());
    assert.equal(response.status, status, JSON.stringify(body));
    return body as T;
  }
  const listIds = async (query: string) => (await get<{ inquiries: Received[] }>(`${LIST}?${query}`)).inquiries.map((i) => i.id).sort();

  before(async () => {
    server = await startServer(suite, { RATE_LIMIT_SCALE: '1000' });
    contract = await OpenApiContract.fetch(server.url);
    const added = await studio(server.config.databaseUrl, 'clients', 'add', '--name', 'Studio CRM', '--scope', SCOPE);
    assert.equal(added.code, 0, added.stderr);
    token = await requestToken(server.url, {
      client_id: /^client_id: (\S+)$/m.exec(added.stdout)![1]!, client_secret: /^client_secret: (\S+)$/m.exec(added.stdout)![1]!,
    }, SCOPE);
    await addOperator(server, DESK);
    desk = await signIn(server.url, DESK);
    const db = openStore(server.config.databaseUrl);
    suite.after(() => db.close());
    for (const [key, email] of [['first', 'Eve@Example.com'], ['second', 'eve@example.com'], ['other', 'bob@example.com']] as const) {
      assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry({ email, message: `A garden pavilion, word ${key}word` }))).status, 200);
      ids[key] = (await new KyselyInboxStore(db).list({ search: `${key}word` }))[0]!.id;
    }
    await desk.page(path(ids.first));
    await desk.post(path(ids.first, INBOX_PATHS.stage), { stage: 'proposal' });
    await desk.post(path(ids.first, INBOX_PATHS.assignee), { assignee: DESK });
    await desk.post(path(ids.first, INBOX_PATHS.notes), { text: 'Sent the proposal.\nFollow up Friday.' });
    await desk.post(path(ids.first, INBOX_PATHS.state), { state: 'archived' });
  });

  it('an inquiry carries its folder, unread flag, stage, assignee, notes and the person\'s other inquiries', async () => {
    const first = await get<Received>(`${LIST}/${ids.first}`);
    assert.deepEqual([first.folder, first.unread, first.stage, first.assignee, first.triage.state], ['archived', false, 'proposal', DESK, 'archived']);
    assert.equal(first.notes.length, 1);
    assert.deepEqual({ ...first.notes[0], id: undefined, at: undefined }, { id: undefined, at: undefined, author: DESK, text: 'Sent the proposal.\nFollow up Friday.', edited_at: null });
    assert.match(first.notes[0]!.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(first.contact, [ids.second]);
    const second = await get<Received>(`${LIST}/${ids.second}`);
    assert.deepEqual([second.folder, second.unread, second.stage, second.assignee, second.notes, second.contact], ['inbox', true, 'new', null, [], [ids.first]]);
    assert.deepEqual((await get<Received>(`${LIST}/${ids.other}`)).contact, []);
  });

  it('the list carries the same fields and filters by stage, assignee (any letter case, or none), folder and unread', async () => {
    const page = await get<{ inquiries: Received[] }>(LIST);
    assert.deepEqual(page.inquiries.find((i) => i.id === ids.first)!.notes.map((n) => n.text), ['Sent the proposal.\nFollow up Friday.']);
    assert.deepEqual(await listIds('stage=proposal'), [ids.first]);
    assert.deepEqual(await listIds('stage=won'), []);
    assert.deepEqual(await listIds(`assignee=${encodeURIComponent('DESK@harbor.example')}`), [ids.first]);
    assert.deepEqual(await listIds('assignee=none'), [ids.second, ids.other].sort());
    assert.deepEqual(await listIds('folder=archived'), [ids.first]);
    assert.deepEqual(await listIds('folder=inbox&unread=true'), [ids.second, ids.other].sort());
    assert.deepEqual(await listIds('unread=false'), [ids.first]);
    await get(`${LIST}?stage=client`, 400);
    await get(`${LIST}?unread=yes`, 400);
    await get(`${LIST}?folder=trash`, 400);
  });

  it('the OpenAPI document describes the fields and the filters', async () => {
    const document = await (await fetch(`${server.url}/openapi.json`)).json() as {
      paths: Record<string, { get: { parameters: Array<{ name: string }>; responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> } }>;
    };
    const one = document.paths[`${LIST}/{id}`]!.get.responses['200']!.content['application/json']!.schema;
    const fields = Object.keys(one.properties);
    for (const field of ['folder', 'unread', 'stage', 'assignee', 'notes', 'contact', 'triage']) assert.ok(fields.includes(field), field);
    const parameters = document.paths[LIST]!.get.parameters.map((p) => p.name);
    for (const name of ['stage', 'assignee', 'folder', 'unread']) assert.ok(parameters.includes(name), name);
  });
});
