import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import { studioWith, studioWithInput, type StudioRun } from '../helpers/cli.js';
import { addOperator, hiddenField, OPERATOR_PASSWORD } from '../helpers/inbox.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The door of the operators' web inbox, through a listening server with a real SQLite database and
// operators added by the operator command: who gets in, what the refused see, the cookie, CSRF, sign-out,
// removal, the one-time link, the `next` parameter, and what crawlers and logs are (not) told.

const FORM = 'application/x-www-form-urlencoded';
const PASSWORD = OPERATOR_PASSWORD;
const REFUSED = 'That email and password do not match an operator.';

/** `studio` against the server's database and BASE_URL (the printed links), with standard input when given. */
function studio(server: TestServer, input: string | undefined, ...args: string[]): Promise<StudioRun> {
  const env = { DATABASE_URL: server.config.databaseUrl, BASE_URL: server.config.baseUrl };
  return input === undefined ? studioWith(env, ...args) : studioWithInput(env, input, ...args);
}

/** Adds an operator without a password: the command prints the one-time link. */
async function addOperatorWithLink(server: TestServer, email: string): Promise<string> {
  const run = await studio(server, undefined, 'operators', 'add', email);
  assert.equal(run.code, 0, run.stderr);
  const link = /https?:\/\/\S+\/inbox\/set-password\?token=[\w-]+/.exec(run.stdout)?.[0];
  assert.ok(link, `a sign-in link in: ${run.stdout}`);
  return link;
}

/** The name=value of each cookie a response sets, and the whole Set-Cookie lines. */
function setCookies(response: Response): { pairs: Map<string, string>; lines: string[] } {
  const lines = response.headers.getSetCookie();
  const pairs = new Map(lines.map((line) => {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    return [pair.slice(0, at), pair.slice(at + 1)] as [string, string];
  }));
  return { pairs, lines };
}

/** A browser's view of the inbox: one cookie jar, requests from one client address. */
class Visitor {
  readonly jar = new Map<string, string>();
  constructor(private readonly server: TestServer, readonly ip = '203.0.113.1') {}

  async fetch(path: string, init: { method?: string; form?: Record<string, string>; accept?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.accept) headers.accept = init.accept;
    if (init.form) headers['content-type'] = FORM;
    const response = await fetch(this.server.url + path, {
      method: init.method ?? (init.form ? 'POST' : 'GET'), headers, redirect: 'manual',
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const [name, value] of setCookies(response).pairs) {
      if (value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  /** Opens the sign-in page (which sets the form's cookie) and posts the form. */
  async signIn(email: string, password: string, next?: string): Promise<Response> {
    const page = await (await this.fetch(INBOX_PATHS.login)).text();
    return this.fetch(INBOX_PATHS.login, { form: { email, password, _csrf: hiddenField(page, '_csrf'), ...(next !== undefined && { next }) } });
  }

  /** The session's CSRF token, from the Sign out form of any page. */
  async csrfToken(): Promise<string> {
    return hiddenField(await (await this.fetch(INBOX_PATHS.list)).text(), '_csrf');
  }
}

function assertInboxHeaders(response: Response): void {
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.match(response.headers.get('referrer-policy') ?? '', /^(same-origin|no-referrer)$/);
  assert.match(response.headers.get('content-security-policy') ?? '', /form-action 'self'/);
}

function assertToLogin(response: Response, location: string = INBOX_PATHS.login): void {
  assert.equal(response.status, 303);
  assert.equal(response.headers.get('location'), location);
  assertInboxHeaders(response);
}

/** A browser's top-level navigation from another site, with its Fetch Metadata (fetch() would send its own Sec-Fetch-Mode). */
function navigationFromAnotherSite(url: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const headers = new Headers(Object.entries(answer.headers).flatMap(([k, v]) => [v ?? []].flat().map((one) => [k, one] as [string, string])));
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode, headers }));
      });
    }).on('error', reject);
  });
}

/** A logger whose raw JSON lines a test can search. */
function capturingLogger(): { logger: FastifyBaseLogger; text: () => string } {
  const chunks: string[] = [];
  const sink = new Writable({ write(chunk: Buffer, _encoding, done) { chunks.push(chunk.toString('utf8')); done(); } });
  return { logger: pino({ level: 'info' }, sink) as FastifyBaseLogger, text: () => chunks.join('') };
}

describe('the inbox door (http BASE_URL)', () => {
  const suite = suiteScope();
  let server: TestServer;
  let log: ReturnType<typeof capturingLogger>;
  before(async () => {
    log = capturingLogger();
    // TRUST_PROXY: each visitor speaks for a client address of its own (X-Forwarded-For), so per-IP counts start at zero.
    server = await startServer(suite, { TRUST_PROXY: 'true' }, { logger: log.logger });
    await addOperator(server, 'ann@studio.test');
  });

  it('sends anyone without a session to the sign-in page with 303, remembering a deep page', async () => {
    const visitor = new Visitor(server);
    assertToLogin(await visitor.fetch(INBOX_PATHS.list));
    assertToLogin(await visitor.fetch('/inbox/inquiries/abc?q=smith'), `${INBOX_PATHS.login}?next=${encodeURIComponent('/inbox/inquiries/abc?q=smith')}`);
    assertToLogin(await visitor.fetch('/inbox/no-such-page'), `${INBOX_PATHS.login}?next=${encodeURIComponent('/inbox/no-such-page')}`);
    assertToLogin(await visitor.fetch(INBOX_PATHS.list, { accept: 'text/markdown' }), INBOX_PATHS.login);
    assertToLogin(await visitor.fetch('/inbox/inquiries/abc/state', { form: { state: 'read' } }));
    assertToLogin(await visitor.fetch(INBOX_PATHS.logout, { form: {} }));
    // Followed from another site, the browser held back the SameSite=Strict cookie: one same-origin reload of the same path.
    const crossSite = await navigationFromAnotherSite(`${server.url}/inbox?state=spam`);
    assert.equal(crossSite.status, 200);
    assertInboxHeaders(crossSite);
    assert.match(await crossSite.text(), /<meta http-equiv="refresh" content="0; url=\/inbox\?state=spam">/);
    const login = await visitor.fetch(INBOX_PATHS.login, { accept: 'text/markdown' });
    assert.match(login.headers.get('content-type') ?? '', /^text\/html/, 'Markdown only for a signed-in session');
    assertInboxHeaders(login);
  });

  it('refuses a wrong address and a wrong password with the same words', async () => {
    const unknown = await new Visitor(server, '203.0.113.2').signIn('nobody@studio.test', PASSWORD);
    const wrong = await new Visitor(server, '203.0.113.3').signIn('ann@studio.test', 'not the password at all');
    for (const response of [unknown, wrong]) {
      assert.equal(response.status, 400);
      assertInboxHeaders(response);
      assert.equal(setCookies(response).pairs.has('studio_session'), false, 'no session');
      const page = await response.text();
      assert.ok(page.includes(REFUSED));
      assert.doesNotMatch(page, /unknown|no such|wrong password|not found/i);
    }
  });

  it('slows down the 6th wrong password on one account, whichever address it comes from, with Retry-After', async () => {
    await addOperator(server, 'bea@studio.test');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await new Visitor(server, `198.51.100.${attempt}`).signIn('bea@studio.test', `wrong password ${attempt}`);
      assert.equal(response.status, 400, `attempt ${attempt}`);
    }
    const sixth = await new Visitor(server, '198.51.100.6').signIn('BEA@studio.test ', PASSWORD);
    assert.equal(sixth.status, 429);
    assertInboxHeaders(sixth);
    assert.ok(Number(sixth.headers.get('retry-after')) > 0);
    assert.match(await sixth.text(), /Too many sign-in attempts/);
    assert.equal(setCookies(sixth).pairs.has('studio_session'), false, 'even the right password waits');
  });

  it('signs in: the cookie is HttpOnly, SameSite=Strict, Path=/ with a Max-Age, and the inbox answers no-store and noindex', async () => {
    const visitor = new Visitor(server, '203.0.113.4');
    const response = await visitor.signIn('ann@studio.test', PASSWORD);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), INBOX_PATHS.list);
    const line = setCookies(response).lines.find((l) => l.startsWith('studio_session='));
    assert.ok(line, 'the session cookie');
    assert.match(line, /^studio_session=[\w-]{43}; /);
    const attributes = line.split(';').slice(1).map((a) => a.trim());
    for (const attribute of ['HttpOnly', 'SameSite=Strict', 'Path=/']) assert.ok(attributes.includes(attribute), attribute);
    assert.ok(Number(/Max-Age=(\d+)/.exec(line)?.[1]) > 0);
    assert.ok(!attributes.includes('Secure'), 'no Secure over http: the browser would drop it');
    assert.equal(visitor.jar.has('studio_signin'), false, 'the pre-session form cookie is cleared');

    const inbox = await visitor.fetch(INBOX_PATHS.list);
    assert.equal(inbox.status, 200);
    assertInboxHeaders(inbox);
    const page = await inbox.text();
    assert.match(page, /<meta name="robots" content="noindex, nofollow">/);
    assert.ok(page.includes('ann@studio.test'), 'the header names the signed-in operator');
    assert.match(page, /<button[^>]*>Sign out<\/button>/);

    const markdown = await visitor.fetch(INBOX_PATHS.list, { accept: 'text/markdown' });
    assert.equal(markdown.status, 200);
    assert.match(markdown.headers.get('content-type') ?? '', /^text\/markdown/);
    assertInboxHeaders(markdown);
    assert.doesNotMatch(await markdown.text(), /<html/);

    const again = await visitor.fetch(`${INBOX_PATHS.login}?next=${encodeURIComponent('/inbox?state=spam')}`);
    assert.equal(again.status, 303, 'a signed-in operator skips the sign-in page');
    assert.equal(again.headers.get('location'), '/inbox?state=spam');
  });

  it('answers an unknown inbox page and a wrong method with HTML pages, not the API\'s JSON', async () => {
    const visitor = new Visitor(server, '203.0.113.5');
    await visitor.signIn('ann@studio.test', PASSWORD);
    const missing = await visitor.fetch('/inbox/no-such-page');
    assert.equal(missing.status, 404);
    assertInboxHeaders(missing);
    assert.match(missing.headers.get('content-type') ?? '', /^text\/html/);
    const wrongMethod = await visitor.fetch(INBOX_PATHS.logout, { method: 'GET' });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('allow'), 'POST');
    assert.match(wrongMethod.headers.get('content-type') ?? '', /^text\/html/);
  });

  it('refuses a sign-in form without its pre-session token (login CSRF) with 403', async () => {
    const visitor = new Visitor(server, '203.0.113.6');
    const page = await (await visitor.fetch(INBOX_PATHS.login)).text();
    const token = hiddenField(page, '_csrf');
    const missing = await visitor.fetch(INBOX_PATHS.login, { form: { email: 'ann@studio.test', password: PASSWORD } });
    assert.equal(missing.status, 403);
    assertInboxHeaders(missing);
    assert.match(await missing.text(), /This form has expired/);
    // A forged cross-site form knows no token and the browser sends no SameSite=Strict cookie with it.
    const stranger = new Visitor(server, '203.0.113.6');
    const forged = await stranger.fetch(INBOX_PATHS.login, { form: { email: 'ann@studio.test', password: PASSWORD, _csrf: token } });
    assert.equal(forged.status, 403);
    assert.equal(setCookies(forged).pairs.has('studio_session'), false);
  });

  it('refuses a signed-in POST without the CSRF token with 403 and acts on one with it; sign-out ends the session on the server', async () => {
    const visitor = new Visitor(server, '203.0.113.7');
    await visitor.signIn('ann@studio.test', PASSWORD);
    const stolen = visitor.jar.get('studio_session')!;
    const csrf = await visitor.csrfToken();

    const without = await visitor.fetch(INBOX_PATHS.logout, { form: {} });
    assert.equal(without.status, 403);
    assertInboxHeaders(without);
    assert.match(await without.text(), /This form has expired/);
    const wrong = await visitor.fetch(INBOX_PATHS.logout, { form: { _csrf: `${csrf.slice(0, -1)}x` } });
    assert.equal(wrong.status, 403);
    assert.equal((await visitor.fetch(INBOX_PATHS.list)).status, 200, 'the refused POSTs changed nothing');

    const signOut = await visitor.fetch(INBOX_PATHS.logout, { form: { _csrf: csrf } });
    assertToLogin(signOut);
    assert.match(setCookies(signOut).lines.find((l) => l.startsWith('studio_session=')) ?? '', /^studio_session=; .*Max-Age=0/);

    // The old cookie, replayed, no longer opens anything: the server deleted the session.
    const replay = new Visitor(server, '203.0.113.7');
    replay.jar.set('studio_session', stolen);
    const response = await replay.fetch(INBOX_PATHS.list);
    assertToLogin(response);
    assert.equal(replay.jar.has('studio_session'), false, 'the dead cookie is cleared');
  });

  it('signs a removed operator out at their next request and clears the cookie', async () => {
    await addOperator(server, 'cal@studio.test');
    const visitor = new Visitor(server, '203.0.113.8');
    await visitor.signIn('cal@studio.test', PASSWORD);
    assert.equal((await visitor.fetch(INBOX_PATHS.list)).status, 200);
    const removed = await studio(server, undefined, 'operators', 'remove', 'cal@studio.test');
    assert.equal(removed.code, 0, removed.stderr);
    const response = await visitor.fetch(INBOX_PATHS.list);
    assertToLogin(response);
    assert.match(setCookies(response).lines.find((l) => l.startsWith('studio_session=')) ?? '', /Max-Age=0/);
    assert.equal((await visitor.signIn('cal@studio.test', PASSWORD)).status, 400, 'and cannot sign in again');
  });

  it('sets a password from a one-time link: GET only shows the form, the POST uses the link up and signs in', async () => {
    const link = await addOperatorWithLink(server, 'dee@studio.test');
    const path = link.slice(server.config.baseUrl.length);
    const visitor = new Visitor(server, '203.0.113.9');
    // A mail scanner fetching the link first uses nothing up.
    assert.equal((await new Visitor(server, '203.0.113.10').fetch(path)).status, 200);
    const form = await visitor.fetch(path);
    assert.equal(form.status, 200);
    assertInboxHeaders(form);
    assert.equal(form.headers.get('referrer-policy'), 'no-referrer', 'the token in the address leaks to no one');
    const page = await form.text();
    assert.ok(page.includes('dee@studio.test'));
    const fields = { token: hiddenField(page, 'token'), _csrf: hiddenField(page, '_csrf') };

    const mismatch = await visitor.fetch(INBOX_PATHS.setPassword, { form: { ...fields, password: PASSWORD, confirm: `${PASSWORD}!` } });
    assert.equal(mismatch.status, 400);
    assert.match(await mismatch.text(), /not the same/);
    const weak = await visitor.fetch(INBOX_PATHS.setPassword, { form: { ...fields, password: 'short', confirm: 'short' } });
    assert.equal(weak.status, 400);
    const noToken = await visitor.fetch(INBOX_PATHS.setPassword, { form: { token: fields.token, password: PASSWORD, confirm: PASSWORD } });
    assert.equal(noToken.status, 403, 'the form needs its pre-session token too');

    const done = await visitor.fetch(INBOX_PATHS.setPassword, { form: { ...fields, password: PASSWORD, confirm: PASSWORD } });
    assert.equal(done.status, 303);
    assert.equal(done.headers.get('location'), INBOX_PATHS.list);
    assert.ok(visitor.jar.has('studio_session'), 'signed in');
    assert.equal((await visitor.fetch(INBOX_PATHS.list)).status, 200);

    const used = await new Visitor(server, '203.0.113.11').fetch(path);
    assert.equal(used.status, 410);
    assertInboxHeaders(used);
    assert.equal((await new Visitor(server, '203.0.113.11').fetch(`${INBOX_PATHS.setPassword}?token=made-up`)).status, 410);
    assert.equal((await new Visitor(server, '203.0.113.11').fetch(INBOX_PATHS.setPassword)).status, 400);
    assert.equal((await new Visitor(server, '203.0.113.12').signIn('dee@studio.test', PASSWORD)).status, 303, 'the new password works');
  });

  it('follows `next` only inside the inbox: other origins and tricks land on /inbox', async () => {
    await addOperator(server, 'fay@studio.test');
    const forged = await new Visitor(server, '192.0.2.1').signIn('fay@studio.test', PASSWORD, '//evil.example');
    assert.equal(forged.status, 303);
    assert.equal(forged.headers.get('location'), INBOX_PATHS.list);
    const visitor = new Visitor(server, '192.0.2.2');
    const deep = await visitor.signIn('fay@studio.test', PASSWORD, '/inbox/inquiries/abc?q=smith');
    assert.equal(deep.headers.get('location'), '/inbox/inquiries/abc?q=smith');
    // Signed in, the sign-in page forwards to `next` at once: the same rule, without spending sign-in attempts.
    const attempts = ['//evil.example', '/\\evil.example', 'https://evil.example/inbox', '/inbox/../evil', 'javascript:alert(1)',
      '/\t/evil.example', '/inbox-not', '/inbox/login', '%2F%2Fevil.example'];
    for (const next of attempts) {
      const response = await visitor.fetch(`${INBOX_PATHS.login}?next=${encodeURIComponent(next)}`);
      assert.equal(response.status, 303, next);
      assert.equal(response.headers.get('location'), INBOX_PATHS.list, next);
    }
    const page = await (await new Visitor(server, '192.0.2.3').fetch(`${INBOX_PATHS.login}?next=${encodeURIComponent('//evil.example')}`)).text();
    assert.doesNotMatch(page, /evil/, 'a bad next is not even carried in the form');
  });

  it('keeps the inbox out of robots, the sitemap and the agent documents', async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    assert.match(robots, /^Disallow: \/inbox$/m);
    for (const path of ['/sitemap.xml', '/llms.txt', '/llms-full.txt']) {
      assert.doesNotMatch(await (await fetch(server.url + path)).text(), /\/inbox/, path);
    }
  });

  it('logs no password, session token or link token', async () => {
    const link = await addOperatorWithLink(server, 'eve@studio.test');
    const token = new URL(link).searchParams.get('token')!;
    await addOperator(server, 'gus@studio.test');
    const visitor = new Visitor(server, '203.0.113.13');
    await visitor.fetch(link.slice(server.config.baseUrl.length));
    assert.equal((await visitor.signIn('gus@studio.test', PASSWORD)).status, 303);
    const logged = log.text();
    assert.match(logged, /"path":"\/inbox\/set-password"/, 'the request was logged, without its query');
    for (const secret of [token, PASSWORD, visitor.jar.get('studio_session')!]) assert.ok(!logged.includes(secret), 'a secret in the log');
  });
});

describe('the inbox door (https BASE_URL)', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => {
    server = await startServer(suite, { BASE_URL: 'https://studio.example' });
    await addOperator(server, 'ann@studio.test');
  });

  it('names both cookies __Host- and marks them Secure', async () => {
    const login = await fetch(`${server.url}${INBOX_PATHS.login}`);
    const formLine = setCookies(login).lines[0] ?? '';
    assert.match(formLine, /^__Host-studio_signin=[\w-]{43}; Path=\/; .*HttpOnly; SameSite=Strict; Secure$/);
    const formCookie = formLine.split(';')[0]!;
    const response = await fetch(`${server.url}${INBOX_PATHS.login}`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': FORM, cookie: formCookie },
      body: new URLSearchParams({ email: 'ann@studio.test', password: PASSWORD, _csrf: formCookie.split('=')[1]! }).toString(),
    });
    assert.equal(response.status, 303);
    const line = setCookies(response).lines.find((l) => l.startsWith('__Host-studio_session='));
    assert.ok(line, 'the __Host- session cookie');
    const attributes = line.split(';').slice(1).map((a) => a.trim());
    for (const attribute of ['Path=/', 'Secure', 'HttpOnly', 'SameSite=Strict']) assert.ok(attributes.includes(attribute), attribute);
    assert.ok(!attributes.some((a) => a.startsWith('Domain')), 'a __Host- cookie has no Domain');
    const inbox = await fetch(`${server.url}${INBOX_PATHS.list}`, { headers: { cookie: line.split(';')[0]! }, redirect: 'manual' });
    assert.equal(inbox.status, 200);
  });
});
