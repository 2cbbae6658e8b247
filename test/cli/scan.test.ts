import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { studioWith } from '../helpers/cli.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

interface Line { id: string; area: string; verdict: 'pass' | 'warn' | 'fail'; detail: string }

const linesOf = (stdout: string): Line[] => stdout.trim().split('\n').map((line) => JSON.parse(line) as Line);

describe('studio scan: the agent-readiness scan', () => {
  const suite = suiteScope();
  let server: TestServer;
  let empty: Server;
  let emptyUrl: string;
  before(async () => {
    server = await startServer(suite);
    // An origin that has nothing for agents: every check must be able to fail.
    empty = createServer((_request, response) => { response.statusCode = 404; response.end('nothing here'); });
    await new Promise<void>((resolve) => empty.listen(0, '127.0.0.1', resolve));
    emptyUrl = `http://127.0.0.1:${(empty.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => empty.close(resolve));
  });

  it('passes every check against the service', async () => {
    const run = await studioWith({}, 'scan', server.url, '--json');
    const lines = linesOf(run.stdout);
    const failed = lines.filter((l) => l.verdict !== 'pass').map((l) => `${l.id}: ${l.detail}`);
    assert.deepEqual(failed, [], 'every check passes');
    assert.equal(run.code, 0);
    assert.ok(lines.length >= 19, `${lines.length} checks`);
  });

  it('prints a table an operator reads: one verdict per check, grouped by area, and a count', async () => {
    const run = await studioWith({ BASE_URL: server.url }, 'scan');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`^Agent-readiness scan of ${server.url}\n`));
    for (const area of ['Discovery', 'Content', 'MCP', 'A2A', 'Auth']) assert.match(run.stdout, new RegExp(`^${area}$`, 'm'), area);
    assert.match(run.stdout, /^\s+PASS\s+agent-skills\s+/m);
    assert.match(run.stdout, /^\d+ checks: \d+ pass, 0 warn, 0 fail$/m);
  });

  it('fails every check against an origin with nothing for agents, and exits 1', async () => {
    const run = await studioWith({}, 'scan', emptyUrl, '--json');
    assert.equal(run.code, 1);
    const passed = linesOf(run.stdout).filter((l) => l.verdict === 'pass').map((l) => l.id);
    assert.deepEqual(passed, [], 'no check passes on an empty origin');
  });

  it('refuses what is not an http(s) URL as a usage error', async () => {
    const run = await studioWith({}, 'scan', 'ftp://example.com');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /not an http\(s\) URL/);
  });
});
