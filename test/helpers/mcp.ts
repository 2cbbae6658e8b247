import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Cleanups } from './cleanups.js';

// The MCP test files' client: the SDK's own Client over Streamable HTTP against a listening server.

export type Json = Record<string, any>;

/** The SDK's client connected to a server's /mcp, closed when `t` ends (a test's context, or a suiteScope()). */
export async function connect(t: Cleanups, url: string, name = 'studio-api-test'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  t.after(() => client.close());
  return client;
}

/** A fetch that proposes `version` at initialize (the SDK's client always proposes its newest) and records the version header of each POST. */
export function proposing(version: string, headers: Array<string | null>): FetchLike {
  return async (url, init) => {
    if (init?.method !== 'POST' || typeof init.body !== 'string') return fetch(url, init);
    headers.push(new Headers(init.headers).get('mcp-protocol-version'));
    const message = JSON.parse(init.body) as Json;
    const body = message.method === 'initialize' ? JSON.stringify({ ...message, params: { ...message.params, protocolVersion: version } }) : init.body;
    return fetch(url, { ...init, body });
  };
}

/** The structured value of a tool result. */
export function structured(result: unknown): Json {
  return (result as { structuredContent: Json }).structuredContent;
}

/** Calls submit_inquiry and returns whether it was an error and its structured value. */
export async function submitTool(client: Client, args: Json): Promise<{ isError: boolean; value: Json }> {
  const result = await client.callTool({ name: 'submit_inquiry', arguments: args });
  return { isError: result.isError === true, value: structured(result) };
}

/** The headers every POST /mcp of a 2025-06-18 client carries. */
export const MCP_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2025-06-18',
};

/** POSTs a body to /mcp over raw HTTP: an object as JSON, a string as it is. A header given as undefined is left out. */
export function postMcp(url: string, body: unknown, headers: Record<string, string | undefined> = {}): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries({ ...MCP_HEADERS, ...headers })
      .filter((entry): entry is [string, string] => entry[1] !== undefined)),
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
}
