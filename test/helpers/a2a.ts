import { before } from 'node:test';
import { startServer, suiteScope, type TestServer } from './server.js';
import { randomUUID } from 'node:crypto';
import { A2A_PROTOCOL_VERSION, SendMessageRequest, TaskState, type Message, type Part, type SendMessageResult, type Task } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';

// The A2A test file's client: the SDK's own ClientFactory, which reads the agent card at its well-known
// address and picks the transport the card names, against a listening server.

export type Json = Record<string, any>;

/** A server of its own for one describe block, and the SDK's client of it (read them inside the tests). */
export function agentUnderTest(): { server: () => TestServer; client: () => Client } {
  const suite = suiteScope();
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startServer(suite);
    client = await connect(server.url);
  });
  return { server: () => server, client: () => client };
}

export function connect(url: string): Promise<Client> {
  return new ClientFactory().createFromUrl(url);
}

/** Sends a user message of these parts (in their JSON form, e.g. { data: {...} } or { text: '...' }); headers go on the HTTP request. */
export function send(client: Client, parts: Json[], headers: Record<string, string> = {}): Promise<SendMessageResult> {
  const message = { messageId: randomUUID(), role: 'ROLE_USER', parts };
  return client.sendMessage(SendMessageRequest.fromJSON({ message }), { serviceParameters: headers });
}

export const isMessage = (result: SendMessageResult): result is Message => 'messageId' in result;

/** The values of a message's data parts. */
export function dataOf(parts: readonly Part[]): Json[] {
  return parts.flatMap((part) => (part.content?.$case === 'data' ? [part.content.value as Json] : []));
}

/** The text of a message's text parts, joined. */
export function textOf(parts: readonly Part[]): string {
  return parts.flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : [])).join('\n');
}

/** The one data value of an answer that must be a message. */
export function answerOf(result: SendMessageResult): Json {
  if (!isMessage(result)) throw new Error(`expected a message, got a task in state ${result.status?.state}: ${textOf(result.status?.message?.parts ?? [])}`);
  const [value, ...rest] = dataOf(result.parts);
  if (!value || rest.length > 0) throw new Error(`expected one data part, got ${JSON.stringify(result.parts)}`);
  return value;
}

/** A refusal: a task in the failed state, its status message's text and its Error object. */
export function refusalOf(result: SendMessageResult): { task: Task; text: string; error: Json } {
  if (isMessage(result)) throw new Error(`expected a failed task, got a message: ${JSON.stringify(result.parts)}`);
  if (result.status?.state !== TaskState.TASK_STATE_FAILED) throw new Error(`expected a failed task, got state ${result.status?.state}`);
  const parts = result.status.message?.parts ?? [];
  return { task: result, text: textOf(parts), error: dataOf(parts)[0] ?? {} };
}

/** A raw JSON-RPC POST to /a2a, with the A2A-Version the SDK speaks unless the test replaces or drops it (undefined). */
export function postA2a(url: string, body: unknown, headers: Record<string, string | undefined> = {}): Promise<Response> {
  const all = { 'content-type': 'application/json', 'a2a-version': A2A_PROTOCOL_VERSION, ...headers };
  return fetch(`${url}/a2a`, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
}

/** A SendMessage request in its JSON form, calling a skill with a data part. */
export const skillCall = (data: Json, id: number | string = 1) =>
  ({ jsonrpc: '2.0', id, method: 'SendMessage', params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data }] } } });
