import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { bundledSource } from './bundle.js';
import type { Cleanups } from './cleanups.js';
import { eventually } from './inquiries.js';
import { collectLines } from './lines.js';
import { freePort } from './server.js';

// The service as a child process, as an operator runs it: for the tests of what only a process has (its
// exit code, signals, its log lines on stdout, a SIGKILL and a restart on the same store).

export interface SpawnOptions {
  /** node's arguments; unless given, this process's bundle of the source under test (helpers/bundle.ts), as `npm start` runs dist/main.js. */
  entry?: string[];
  /** Wait for /readyz to answer 200 (the default), or return at once (a test that waits, or expects an exit). */
  waitForReady?: boolean;
  /** Keep stdout's lines in `stdout` (the JSON log); ignored otherwise. */
  captureStdout?: boolean;
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** stdout's lines so far, when captured. */
  stdout: string[];
  /** All the child wrote to stderr so far. */
  stderr(): string;
  /** Its exit code (null when a signal ended it), once it has exited and its stdout and stderr are read to the end. */
  exitCode(): Promise<number | null>;
}

/**
 * The real server as a child process on a free port, killed (SIGKILL) when `t` ends if it still runs,
 * even when it never became ready. `env` as an operator sets it, over CONTENT_DIR=content, LOG_LEVEL=warn and
 * MAX_EVENT_LOOP_DELAY_MS=0 (no load shedding on a machine the parallel test files keep busy).
 */
export async function spawnServer(t: Cleanups, env: Record<string, string>, options: SpawnOptions = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, options.entry ?? [join(bundledSource(), 'main.js')], {
    env: { ...process.env, CONTENT_DIR: 'content', LOG_LEVEL: 'warn', MAX_EVENT_LOOP_DELAY_MS: '0', ...env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url },
    stdio: ['ignore', options.captureStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stdout: string[] = [];
  if (options.captureStdout) collectLines(child.stdout!, stdout);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const service: ServiceProcess = {
    child, url, port, stdout,
    stderr: () => stderr,
    exitCode: async () => { await closed; return child.exitCode; },
  };
  if (options.waitForReady ?? true) {
    try {
      await eventually(async () => ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 200 ? true : undefined), 600);
    } catch {
      throw new Error(`the server did not become ready; its stderr:\n${stderr.slice(-4000)}`);
    }
  }
  return service;
}

/** A request that failed because the connection was refused, reset or closed (fetch wraps the cause). */
export function isSocketError(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(cause?.code ?? '');
}

/** Resolves when the child has exited; a child killed by a signal has signalCode set, not exitCode. */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
