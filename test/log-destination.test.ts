import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import pino from 'pino';
import { TurnBatchedStdout } from '../src/observability/log-destination.js';
import { eventually } from './helpers/inquiries.js';
import { collectLines } from './helpers/lines.js';

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
});
