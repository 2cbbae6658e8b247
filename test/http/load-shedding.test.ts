import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ERRORS } from '../../src/contract/errors.js';
import { OVERLOADED_RETRY_AFTER_S } from '../../src/http/load-shedding.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compose } from '../../src/compose.js';
import { loadConfig } from '../../src/config/load.js';
import { freePort, startServer, type TestServer } from '../helpers/server.js';

// The server runs in this process, so blocking this process's event loop saturates the server's: the test
// needs no hook in the service. Pressure is sampled every second, so each wait below is a bounded poll.

/** Keeps the event loop busy, as a flood of work would. */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* busy */ }
}

interface Answers { api: Response; oauth: Response; mcp: Response; page: Response; health: Response; ready: Response }

/** One request of each kind, sent together, so they meet the same pressure sample. */
async function askEveryKind(server: TestServer): Promise<Answers> {
  const [api, oauth, mcp, page, health, ready] = await Promise.all([
    fetch(`${server.url}/api/v1/projects`, { headers: { origin: 'https://agent.example' } }),
    fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' }),
    fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' }),
    fetch(`${server.url}/projects`),
    fetch(`${server.url}/healthz`),
    fetch(`${server.url}/readyz`),
  ]);
  return { api, oauth, mcp, page, health, ready };
}

/** Blocks the loop past a whole sample, then asks; again if the sample fell just before the block (a few tries). */
async function askUnderPressure(server: TestServer): Promise<Answers> {
  let answers: Answers | undefined;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    blockEventLoop(2_500);
    answers = await askEveryKind(server);
    if (answers.api.status === 503) return answers;
  }
  assert.fail(`no 503 after five saturations (last answer ${answers?.api.status})`);
}

async function waitForRecovery(server: TestServer): Promise<Response> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${server.url}/api/v1/projects`);
    if (response.status === 200) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail('still refusing 10 s after the load ended');
}

describe('load shedding', () => {
  it('answers 503 overloaded with Retry-After while the event loop is saturated, keeps /healthz up, then recovers', async (t) => {
    const server = await startServer(t, { MAX_EVENT_LOOP_DELAY_MS: '200' });
    assert.equal((await fetch(`${server.url}/api/v1/projects`)).status, 200, 'an idle server serves');
    const { api, oauth, mcp, page, health, ready } = await askUnderPressure(server);

    assert.equal(api.headers.get('retry-after'), String(OVERLOADED_RETRY_AFTER_S));
    assert.deepEqual(await api.json(), { ok: false, code: 'overloaded', error: ERRORS.overloaded.error, hint: ERRORS.overloaded.hint });
    assert.equal(api.headers.get('access-control-allow-origin'), '*', 'a browser can read the refusal');
    assert.equal(api.headers.get('x-content-type-options'), 'nosniff', 'the refusal carries the security headers');

    assert.equal(oauth.status, 503, 'OAuth refuses in its own shape');
    assert.equal((await oauth.json() as { error: string }).error, 'temporarily_unavailable');
    assert.equal(oauth.headers.get('retry-after'), String(OVERLOADED_RETRY_AFTER_S));
    assert.equal(mcp.status, 503, 'MCP refuses as a JSON-RPC error');
    assert.equal((await mcp.json() as { error: { data: { code: string } } }).error.data.code, 'overloaded');
    assert.equal(page.status, 503);
    assert.equal(health.status, 200, 'a busy process is alive');
    assert.equal(ready.status, 503, 'an overloaded instance is not ready for more');

    await waitForRecovery(server);
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
  });

  it('can shed on event-loop utilization instead of delay', async (t) => {
    const server = await startServer(t, { MAX_EVENT_LOOP_DELAY_MS: '0', MAX_EVENT_LOOP_UTILIZATION: '0.9' });
    const { api } = await askUnderPressure(server);
    assert.equal((await api.json() as { code: string }).code, 'overloaded');
    await waitForRecovery(server);
  });

  it('does not take the app\'s own start-up for pressure: sampling starts when the server listens', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'studio-test-'));
    const config = loadConfig({
      PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dir, 'studio.db')}`, LOG_LEVEL: 'silent', MAX_EVENT_LOOP_DELAY_MS: '200',
    });
    const runtime = await compose(config);
    try {
      blockEventLoop(2_500); // a slow start on a busy machine, after the app is built and before it listens
      await runtime.listen();
      for (let i = 0; i < 15; i += 1) {
        assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/projects`)).status, 200, `request ${i + 1}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with its default limit, a busy but turning event loop is not shed', async (t) => {
    // startServer turns shedding off unless told; this test is about the service's own default.
    const server = await startServer(t, { MAX_EVENT_LOOP_DELAY_MS: String(loadConfig({}).maxEventLoopDelayMs) });
    // Two seconds of work in short slices: the loop stays busy but turns every 50 ms.
    const until = performance.now() + 2_000;
    const statuses = new Set<number>();
    while (performance.now() < until) {
      blockEventLoop(50);
      statuses.add((await fetch(`${server.url}/api/v1/projects`)).status);
    }
    assert.deepEqual([...statuses], [200]);
  });
});
