import { translationName } from '../../src/catalog/translations.js';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CancelTaskRequest, GetTaskRequest, SendMessageRequest, TaskState, type SendMessageResult, type Task } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { parse } from 'yaml';
import { OPERATION_NAMES } from '../../src/agent-tools/operations.js';
import { BUDGETS, Inquiry } from '../../src/contract/inquiry.js';
import { agentUnderTest, dataOf, isMessage, postA2a, send, textOf, type Json } from '../helpers/a2a.js';
import { openStore } from '../helpers/inquiries.js';

// Plain questions to the A2A agent, over a real server with the sample content: the projects the catalog's
// words find (the expected slugs read from the content files' own front matter), the services, how to
// start, and an inquiry told in words that waits in the input-required state until its fields are given,
// then is stored like any other.

interface FrontMatter { slug: string; region: string; location: string; scope: string[] }

/** The sample projects as their files say them, read here with a YAML parser of the test's own. */
const PROJECTS: FrontMatter[] = readdirSync('content/projects').filter((f) => f.endsWith('.md') && !translationName(f)).map((file) => {
  const [, yaml] = readFileSync(`content/projects/${file}`, 'utf8').split(/^---$/m);
  return { slug: file.replace(/\.md$/, ''), ...(parse(yaml!) as Omit<FrontMatter, 'slug'>) };
});
const slugsWhere = (keep: (p: FrontMatter) => boolean) => PROJECTS.filter(keep).map((p) => p.slug).sort();

/** A message in a task, or not: its parts in their JSON form. */
function sendIn(client: Client, taskId: string | undefined, parts: Json[]): Promise<SendMessageResult> {
  const message = { messageId: randomUUID(), role: 'ROLE_USER', parts, ...(taskId && { taskId }) };
  return client.sendMessage(SendMessageRequest.fromJSON({ message }));
}

/** The text and the one data part of an answer that must be a message. */
function answerOf(result: SendMessageResult): { text: string; data: Json } {
  assert.ok(isMessage(result), `expected a message, got a task: ${JSON.stringify(result)}`);
  const [data, ...rest] = dataOf(result.parts);
  assert.ok(data && rest.length === 0, 'one data part');
  return { text: textOf(result.parts), data };
}

/** A task waiting for input: the fields it still needs (by name) and what it gathered. */
function waitingOf(result: SendMessageResult): { task: Task; text: string; missing: Json[]; collected: Json } {
  if (isMessage(result)) assert.fail(`expected a task, got a message: ${textOf(result.parts)}`);
  assert.equal(result.status?.state, TaskState.TASK_STATE_INPUT_REQUIRED, textOf(result.status?.message?.parts ?? []));
  const parts = result.status!.message!.parts;
  const data = dataOf(parts)[0]!;
  return { task: result, text: textOf(parts), missing: data.missing as Json[], collected: data.collected as Json };
}

const slugsOf = (data: Json) => (data.projects as Json[]).map((p) => p.slug as string).sort();

describe('plain questions about the portfolio and the services', () => {
  const { server, client } = agentUnderTest();

  const cases: Array<[question: string, expected: () => string[]]> = [
    ['Which projects have you built in the Hamptons?', () => slugsWhere((p) => p.region === 'hamptons')],
    ['Show me your work in Miami', () => slugsWhere((p) => p.region === 'miami')],
    ['Anything on Key Biscayne?', () => slugsWhere((p) => p.location.includes('Key Biscayne'))],
    ['What have you done in Florida?', () => slugsWhere((p) => p.location.includes('Florida'))],
    ['Have you built anything in SAG HARBOR?', () => slugsWhere((p) => p.location.includes('Sag Harbor'))],
    ['Do you do renovations?', () => slugsWhere((p) => p.scope.some((s) => /\brenovation\b/i.test(s)))],
    ['Any renovation in the Hamptons?', () => slugsWhere((p) => p.region === 'hamptons' && p.scope.some((s) => /\brenovation\b/i.test(s)))],
  ];
  for (const [question, expected] of cases) {
    it(`answers "${question}" with the projects the content says`, async () => {
      const want = expected();
      assert.ok(want.length > 0 && want.length < PROJECTS.length, 'the question narrows the portfolio');
      const { text, data } = answerOf(await send(client(), [{ text: question }]));
      assert.equal(data.answer, 'projects');
      assert.deepEqual(slugsOf(data), want);
      // The same objects list_projects answers.
      const all = answerOf(await send(client(), [{ data: { skill: 'list_projects' } }]));
      assert.deepEqual(data.projects, (all.data as Json).projects.filter((p: Json) => want.includes(p.slug)));
      for (const project of data.projects as Json[]) assert.ok(text.includes(project.title), `the summary names ${project.title}`);
    });
  }

  it('answers "what do you do?" with the services list_services answers', async () => {
    const { text, data } = answerOf(await send(client(), [{ text: 'What do you do?' }]));
    const services = answerOf(await send(client(), [{ data: { skill: 'list_services' } }])).data.services as Json[];
    assert.deepEqual(data, { answer: 'services', services });
    for (const service of services) assert.ok(text.includes(service.title));
  });

  it('answers how to start with the contact page, the inquiry and the booking, at their addresses', async () => {
    for (const question of ['How do I start a project?', 'Can I book a call?']) {
      const { text, data } = answerOf(await send(client(), [{ text: question }]));
      assert.equal(data.answer, 'start');
      const steps = data.steps as Json[];
      assert.deepEqual(steps.map((s) => s.step), ['inquire', 'book_consultation']);
      assert.equal(steps[0]!.page, `${server().url}/contact`);
      assert.equal(steps[0]!.operation, 'submit_inquiry');
      assert.equal(steps[1]!.page, `${server().url}/consultations`);
      for (const page of steps.map((s) => s.page as string)) {
        assert.ok(text.includes(page), `the text gives ${page}`);
        assert.equal((await fetch(page)).status, 200, page);
      }
    }
  });

  it('still answers what it does not understand with the help', async () => {
    const result = await send(client(), [{ text: 'What is the weather like today?' }]);
    assert.ok(isMessage(result));
    const help = textOf(result.parts);
    for (const name of OPERATION_NAMES) assert.ok(help.includes(`{"skill":"${name}"`));
    assert.match(help, /plain question/i, 'the help says plain questions work');
    assert.equal(dataOf(result.parts).length, 0);
  });
});

describe('an inquiry told in words', () => {
  const { server, client } = agentUnderTest();

  async function storedInquiries(): Promise<Json[]> {
    const db = openStore(server().config.databaseUrl);
    try {
      return await db.kysely.selectFrom('inquiries').select(['channel', 'name', 'email', 'message', 'location', 'budget', 'phase']).orderBy('received_at').execute();
    } finally {
      await db.close();
    }
  }

  it('asks for the missing fields, takes them in a data part and in words, and stores the inquiry', async () => {
    const words = 'I\'d like to build in Miami, about $5M, we own the lot, I\'m ana@example.com';
    const first = waitingOf(await send(client(), [{ text: words }]));
    assert.deepEqual(first.collected, { email: 'ana@example.com', location: 'miami', budget: BUDGETS.find((b) => b === '3m-10m'), message: words });
    assert.deepEqual(first.missing.map((m) => m.field).sort(), ['name', 'phase']);
    for (const m of first.missing) {
      assert.deepEqual(m.schema.enum ?? null, (Inquiry.properties as Json)[m.field].enum ?? null, `${m.field}: the contract's schema`);
      assert.ok(first.text.includes(m.field), `the text names ${m.field}`);
    }
    assert.deepEqual(await storedInquiries(), [], 'nothing is stored while fields are missing');

    // GetTask shows the same waiting task.
    const got = await client().getTask(GetTaskRequest.fromJSON({ id: first.task.id }));
    assert.equal(got.status?.state, TaskState.TASK_STATE_INPUT_REQUIRED);

    const second = waitingOf(await sendIn(client(), first.task.id, [{ data: { phase: 'pre-planning' } }]));
    assert.equal(second.task.id, first.task.id);
    assert.deepEqual(second.missing.map((m) => m.field), ['name']);

    const done = await sendIn(client(), first.task.id, [{ text: 'My name is Ana Ruiz' }]);
    assert.ok(!isMessage(done));
    assert.equal(done.id, first.task.id);
    assert.equal(done.status?.state, TaskState.TASK_STATE_COMPLETED);
    assert.deepEqual(dataOf(done.status!.message!.parts), [{ ok: true }]);
    assert.deepEqual(await storedInquiries(), [{
      channel: 'a2a', name: 'Ana Ruiz', email: 'ana@example.com', message: words, location: 'miami', budget: '3m-10m', phase: 'pre-planning',
    }]);
    // The task is over: another message in it is refused by the SDK.
    await assert.rejects(sendIn(client(), first.task.id, [{ text: 'My name is Ana' }]));
  });

  it('keeps a follow-up\'s invalid email out and stays input-required, naming the problem', async () => {
    const words = 'We want to build a beach house in the Hamptons, budget around $2.5 million, still early stage. My name is Ben Ortiz.';
    const first = waitingOf(await send(client(), [{ text: words }]));
    assert.deepEqual(first.missing.map((m) => m.field), ['email']);
    const before = (await storedInquiries()).length;

    const refused = waitingOf(await sendIn(client(), first.task.id, [{ data: { email: 'not-an-address' } }]));
    assert.deepEqual(refused.missing.map((m) => m.field), ['email']);
    assert.match(refused.missing[0]!.problem, /email/);
    assert.ok(refused.text.includes(refused.missing[0]!.problem), 'the text says what was wrong');
    assert.equal(refused.collected.email, undefined);
    assert.equal((await storedInquiries()).length, before);

    const done = await sendIn(client(), first.task.id, [{ text: 'sure, it is ben@example.com' }]);
    assert.ok(!isMessage(done));
    assert.equal(done.status?.state, TaskState.TASK_STATE_COMPLETED);
    const stored = (await storedInquiries()).at(-1)!;
    assert.deepEqual(stored, { channel: 'a2a', name: 'Ben Ortiz', email: 'ben@example.com', message: words, location: 'hamptons', budget: '1m-3m', phase: 'pre-planning' });
  });

  it('submits words that give every field at once, answered with a message as the skill is', async () => {
    const words = 'We want to build a garden pavilion on Key Biscayne, $1.5M, permits in hand. My name is Cleo Park, cleo@example.com';
    const { data } = answerOf(await send(client(), [{ text: words }]));
    assert.deepEqual(data, { ok: true });
    const stored = (await storedInquiries()).at(-1)!;
    assert.deepEqual(stored, { channel: 'a2a', name: 'Cleo Park', email: 'cleo@example.com', message: words, location: 'miami', budget: '1m-3m', phase: 'permitted' });
  });

  it('lets a waiting inquiry be canceled, and answers a follow-up to a task this instance does not hold with task not found', async () => {
    const first = waitingOf(await send(client(), [{ text: 'I would like to build in Miami, my email is dee@example.com' }]));
    const canceled = await client().cancelTask(CancelTaskRequest.fromJSON({ id: first.task.id }));
    assert.equal(canceled.status?.state, TaskState.TASK_STATE_CANCELED);
    await assert.rejects(sendIn(client(), first.task.id, [{ data: { name: 'Dee Ray' } }]));

    const message = { messageId: randomUUID(), role: 'ROLE_USER', taskId: randomUUID(), parts: [{ data: { name: 'Dee Ray' } }] };
    const response = await postA2a(server().url, { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message } });
    assert.equal(((await response.json()) as Json).error?.code, -32001);
  });
});
