// What a check sees of the origin under scan: answers fetched over HTTP, each GET asked once per scan.

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON; undefined when it is not JSON. */
  json: unknown;
}

const TIMEOUT_MS = 10_000;

/** A JSON value read as an object (anything else reads as empty), so checks report what is missing instead of throwing. */
export const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? value as Record<string, unknown> : {});
/** A JSON value read as an array (anything else reads as empty). */
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The origin as a scanning agent reads it: no cookies, no credentials unless a check sends them. */
export class Probe {
  private readonly cache = new Map<string, Promise<Answer>>();

  constructor(readonly base: string) {}

  url(path: string): string {
    return new URL(path, this.base).href;
  }

  /** A GET, asked once per path and Accept header however many checks read it. */
  get(path: string, accept = '*/*'): Promise<Answer> {
    const key = `${accept} ${path}`;
    let answer = this.cache.get(key);
    if (!answer) {
      answer = this.fetch(path, { headers: { Accept: accept } });
      this.cache.set(key, answer);
    }
    return answer;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(this.url(path), { redirect: 'manual', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: parseJson(text) };
  }

  /** A JSON-RPC 2.0 call over HTTP POST, read from a JSON or a one-event SSE answer (MCP Streamable HTTP). */
  async jsonRpc(path: string, method: string, params: object, headers: Record<string, string> = {}): Promise<{ answer: Answer; result: unknown; error: unknown }> {
    const answer = await this.fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const data = answer.json ?? parseJson(/^data: (.*)$/m.exec(answer.text)?.[1] ?? '');
    const message = (data ?? {}) as { result?: unknown; error?: unknown };
    return { answer, result: message.result, error: message.error };
  }
}
