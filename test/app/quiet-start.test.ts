import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebhookReceiver } from '../helpers/inquiry-peers.js';
import { eventually } from '../helpers/inquiries.js';
import { suiteScope } from '../helpers/server.js';
import { spawnServer, type ServiceProcess } from '../helpers/service-process.js';

// A clean first start (a SQLite file that does not exist yet) is quiet: the migrations run in the
// background while the OAuth key ring creates the first signing key, and nothing may race them into a
// warning. A notifier is configured, so that the only warnings a start may owe (inquiries reaching
// nobody) are not in the way.

const WARN = 40;

describe('a clean first start', () => {
  const suite = suiteScope();
  let service: ServiceProcess;
  let child: ChildProcess;
  let url: string;
  let stdout: string[];

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-quiet-'));
    suite.after(() => rmSync(dir, { recursive: true, force: true }));
    const receiver = await startWebhookReceiver();
    suite.after(() => receiver.close());
    service = await spawnServer(suite, {
      LOG_LEVEL: 'info',
      DATABASE_URL: `sqlite:${join(dir, 'fresh', 'studio.db')}`,
      INBOX_WEBHOOK_URL: receiver.url, INBOX_WEBHOOK_SECRET: receiver.secret,
    }, { captureStdout: true, waitForReady: false });
    ({ child, url, stdout } = service);
  });

  it('logs no warning or error from spawn to a graceful stop, and its keys and store are ready', async () => {
    await eventually(async () => (stdout.some((l) => l.includes('studio-api ready')) ? true : undefined));
    // The key ring's warm-up began at start: by the time the key set is published it has run.
    const jwks = await eventually(async () => {
      const response = await fetch(`${url}/oauth/jwks.json`);
      return response.status === 200 ? await response.json() as { keys: unknown[] } : undefined;
    });
    assert.equal(jwks.keys.length, 1, 'the first start created one signing key');
    assert.equal((await fetch(`${url}/readyz`)).status, 200);

    child.kill('SIGTERM');
    const [code] = child.exitCode === null ? await once(child, 'exit') as [number] : [child.exitCode];
    assert.equal(code, 0);

    const loud = stdout.filter((line) => (JSON.parse(line) as { level: number }).level >= WARN);
    assert.deepEqual(loud, [], 'no warn or error line');
    assert.equal(service.stderr(), '', 'nothing on stderr');
    assert.ok(stdout.some((l) => l.includes('database ready')), 'the migrations ran (and said so at info)');
  });
});
