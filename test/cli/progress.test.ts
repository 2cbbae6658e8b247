import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProgressLine, type ProgressStream } from '../../src/cli/progress.js';

// The progress line of long commands: drawn in place on a terminal, erased at the end, and nothing at
// all on a pipe or a file (the commands' own runs, piped, are checked in the CLI tests).

/** A stream that records what is written to it, a terminal of 40 columns or not, with a clock the test moves. */
function recorder(isTTY: boolean) {
  const writes: string[] = [];
  let now = 0;
  const stream: ProgressStream = { isTTY, columns: 40, write: (text: string) => writes.push(text) };
  return { writes, line: new ProgressLine(stream, () => now), wait: (ms: number) => { now += ms; } };
}

describe('ProgressLine', () => {
  it('draws each count in place on a terminal, at most every 100 ms but the first and the last, then erases it', () => {
    const { writes, line, wait } = recorder(true);
    for (let done = 0; done <= 4; done += 1) {
      line.count('images', done, 4, 'variants');
      wait(60);
    }
    line.clear();
    assert.deepEqual(writes, [
      '\rimages: 0/4 variants\x1b[K',
      '\rimages: 2/4 variants\x1b[K',
      '\rimages: 4/4 variants\x1b[K',
      '\r\x1b[K',
    ]);
  });

  it('shows each step at once, cut to the terminal\'s width so that \\r returns to its start', () => {
    const { writes, line } = recorder(true);
    line.step('export: reading the inbox');
    line.step('backup: copying 12.0 MB from /var/lib/studio/studio.db');
    assert.deepEqual(writes, ['\rexport: reading the inbox\x1b[K', '\rbackup: copying 12.0 MB from /var/lib/s\x1b[K']);
  });

  it('erases only a line it drew', () => {
    const { writes, line } = recorder(true);
    line.clear();
    line.step('images: 1/2 variants');
    line.clear();
    line.clear();
    assert.deepEqual(writes, ['\rimages: 1/2 variants\x1b[K', '\r\x1b[K']);
  });

  it('writes nothing to a stream that is not a terminal (a pipe, a file)', () => {
    const { writes, line } = recorder(false);
    line.step('export: reading the inbox');
    for (let done = 0; done <= 3; done += 1) line.count('export', done, 3, 'inquiries');
    line.clear();
    assert.deepEqual(writes, []);
  });
});
