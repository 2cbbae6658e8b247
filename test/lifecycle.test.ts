import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { freePort } from './helpers/server.js';

describe('process lifecycle and logs', () => {
  let child: ChildProcess;
  let url: string;
  let dir: string;
  const lines: string[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-life-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      lines.push(...parts.filter(Boolean));
    });
    const deadline = Date.now() + 30_000;
    while (!lines.some((l) => l.includes('studio-api ready'))) {
      assert.ok(Date.now() < deadline, 'the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  after(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves /healthz and /readyz with a per-dependency report', async () => {
    const health = await fetch(`${url}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const ready = await fetch(`${url}/readyz`);
    assert.equal(ready.status, 200);
    const report = await ready.json() as { status: string; checks: Record<string, { status: string; latency_ms: number }> };
    assert.equal(report.status, 'ready');
    assert.equal(report.checks.database?.status, 'up');
  });

  it('logs one JSON line per request with no personal data', async () => {
    const before = lines.length;
    await (await fetch(`${url}/api/v1/projects?utm=secret-query`, { headers: { 'User-Agent': 'Private-Agent/1.0', 'X-Forwarded-For': '198.51.100.77' } })).text();
    await new Promise((r) => setTimeout(r, 200));
    const requestLines = lines.slice(before).filter((l) => l.includes('/api/v1/projects'));
    assert.equal(requestLines.length, 1, requestLines.join('\n'));
    const entry = JSON.parse(requestLines[0]!) as Record<string, unknown>;
    assert.equal(entry.path, '/api/v1/projects');
    assert.equal(entry.status, 200);
    assert.equal(typeof entry.ms, 'number');
    assert.doesNotMatch(requestLines[0]!, /127\.0\.0\.1|198\.51\.100\.77|Private-Agent|secret-query/);
  });

  it('shuts down gracefully on SIGTERM: an open request finishes, then the process exits 0', async () => {
    // A request still being sent when SIGTERM arrives must get its answer.
    const inFlight = fetch(`${url}/api/v1/services`);
    child.kill('SIGTERM');
    const response = await inFlight;
    assert.ok([200, 503].includes(response.status), `in-flight request answered ${response.status}`);
    const [code] = await once(child, 'exit') as [number];
    assert.equal(code, 0);
    assert.ok(lines.some((l) => l.includes('shutting down')));
  });
});
