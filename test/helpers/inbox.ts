import assert from 'node:assert/strict';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import { studioWithInput as studioWithStdin, type StudioRun } from './cli.js';
import type { TestServer } from './server.js';

// The operators' web inbox as its tests use it: an operator added by the operator command (password on
// standard input), and a signed-in browser without a browser: one cookie jar, the session's CSRF token
// read from a page as a browser would, forms posted as application/x-www-form-urlencoded.

export const OPERATOR_PASSWORD = 'correct horse battery staple';

/** `studio …` against a server's database and BASE_URL, with `input` on standard input. */
export function studioWithInput(server: TestServer, input: string, ...args: string[]): Promise<StudioRun> {
  return studioWithStdin({ DATABASE_URL: server.config.databaseUrl, BASE_URL: server.config.baseUrl }, input, ...args);
}

/** `studio operators add <email> --password-stdin`. */
export async function addOperator(server: TestServer, email: string, password = OPERATOR_PASSWORD): Promise<void> {
  const run = await studioWithInput(server, `${password}\n`, 'operators', 'add', email, '--password-stdin');
  assert.equal(run.code, 0, `studio operators add: ${run.stderr}`);
}

/** The value of a hidden field of a page. */
export function hiddenField(page: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
  assert.ok(value !== undefined, `a hidden ${name} field in the page`);
  return value;
}

/** One browser's view of the inbox: its cookies, and the CSRF token of its session. */
export class InboxClient {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(readonly baseUrl: string, readonly headers: Record<string, string> = {}) {}

  async request(path: string, init: { method?: string; form?: Record<string, string>; accept?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.accept) headers.accept = init.accept;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(this.baseUrl + path, {
      method: init.method ?? (init.form ? 'POST' : 'GET'), headers, redirect: 'manual',
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, accept?: string): Promise<Response> {
    return this.request(path, { accept });
  }

  /** A page's text, asserting its status. */
  async page(path: string, status = 200, accept?: string): Promise<string> {
    const response = await this.get(path, accept);
    const text = await response.text();
    assert.equal(response.status, status, `GET ${path}: ${text.slice(0, 500)}`);
    return text;
  }

  /** A signed-in form POST: the session's CSRF token is added unless the form names its own. */
  post(path: string, form: Record<string, string> = {}): Promise<Response> {
    return this.request(path, { form: { _csrf: this.csrf, ...form } });
  }
}

/** Signs in through the sign-in form; the client then holds the session cookie and its CSRF token. */
export async function signIn(baseUrl: string, email: string, password = OPERATOR_PASSWORD, headers: Record<string, string> = {}): Promise<InboxClient> {
  const client = new InboxClient(baseUrl, headers);
  const form = await client.page(INBOX_PATHS.login);
  const signedIn = await client.request(INBOX_PATHS.login, { form: { email, password, _csrf: hiddenField(form, '_csrf') } });
  assert.equal(signedIn.status, 303, `sign-in of ${email}: ${await signedIn.text()}`);
  client.csrf = hiddenField(await client.page(INBOX_PATHS.list), '_csrf');
  return client;
}
