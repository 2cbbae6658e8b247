import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import pino from 'pino';
import { TurnBatchedStdout } from '../../src/observability/log-destination.js';
import { eventually } from '../helpers/inquiries.js';
import { collectLines } from '../helpers/lines.js';

// The service's log destination (src/observability/log-destination.ts): lines are written at the end of
// the event loop's turn, and a reader that stops reading never makes the service wait.

describe('the log destination', () => {
  it('writes the lines of a turn together at its end, in order, and an idle line at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-log-'));
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    try {
      const log = pino({ base: null }, new TurnBatchedStdout(fd));
      log.info('one');
      log.info('two');
      assert.equal(readFileSync(file, 'utf8'), '', 'nothing written during the turn');
      await nextTurn();
      assert.deepEqual(readFileSync(file, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { msg: string }).msg), ['one', 'two']);
      log.info('three');
      await nextTurn();
      assert.match(readFileSync(file, 'utf8'), /"msg":"three"/);
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps what a stalled pipe refuses and writes it, in order, once the reader reads again', async () => {
    // The reader only starts copying its stdin (our pipe) to its stdout when told to.
    const reader = spawn(process.execPath, ['-e', "process.once('message', () => process.stdin.pipe(process.stdout))"], {
      stdio: ['pipe', 'pipe', 'inherit', 'ipc'],
    });
    const received: string[] = [];
    collectLines(reader.stdout!, received);
    // The parent's end of a pipe libuv made is non-blocking: a full pipe answers EAGAIN instead of waiting.
    const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    const log = pino({ base: null }, new TurnBatchedStdout(fd));
    const sent: string[] = [];
    // Far more than a pipe holds (64 KiB), over several turns: each turn's write returns at once.
    for (let turn = 0; turn < 20; turn++) {
      for (let i = 0; i < 100; i++) {
        const msg = `line ${turn}.${i} ${'x'.repeat(100)}`;
        sent.push(msg);
        log.info(msg);
      }
      await nextTurn();
    }
    assert.equal(received.length, 0, 'the reader has not read yet');
    reader.send('read');
    await eventually(async () => (received.length === sent.length ? true : undefined));
    assert.deepEqual(received.map((l) => (JSON.parse(l) as { msg: string }).msg), sent);
    reader.kill();
  });

  it('does not wait for a stalled reader of an inherited, blocking stdout (a supervisor\'s pipe)', async () => {
    // A shell's pipe is blocking, as docker's or systemd's is, until Node opens its stdout handle (which
    // makes it non-blocking). The service never opens it, but tsx does: so the child runs plain node, on
    // the destination compiled by the project's tsc, and its reader (`sleep`) never reads.
    const dir = mkdtempSync(join(tmpdir(), 'studio-log-'));
    try {
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '--ignoreConfig', 'src/observability/log-destination.ts', '--outDir', dir,
        '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', '--types', 'node']);
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
      writeFileSync(join(dir, 'child.js'), `
        import { setImmediate as nextTurn } from 'node:timers/promises';
        import { TurnBatchedStdout } from './log-destination.js';
        const out = new TurnBatchedStdout();
        for (let turn = 0; turn < 20; turn++) { out.write('x'.repeat(100_000) + '\\n'); await nextTurn(); }
        process.stderr.write('still answering\\n');
        process.exit(0);`);
      const shell = spawn('sh', ['-c', `"${process.execPath}" child.js | sleep 60`], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
      const said: string[] = [];
      collectLines(shell.stderr!, said);
      try {
        await eventually(async () => (said.includes('still answering') ? true : undefined), 100);
      } finally {
        process.kill(-shell.pid!, 'SIGKILL');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
