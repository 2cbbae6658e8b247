import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './server.js';
import { eventually } from './inquiries.js';

// The service as a child process, for the tests that kill it (SIGKILL) and start it again on the same store.

/**
 * The real server as a child process, as an operator runs it (`entry`: node's arguments, the source
 * through tsx unless given). Every child goes into `children` at once, so the suite kills it even when it
 * never becomes ready; its stderr is kept for the failure message.
 */
export async function spawnServer(
  env: Record<string, string>, children: ChildProcess[], entry: string[] = ['--import', 'tsx', 'src/main.ts'],
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, entry, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}`, CONTENT_DIR: 'content', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(async () => ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 200 ? true : undefined), 600);
  } catch {
    throw new Error(`the server did not become ready; its stderr:\n${stderr}`);
  }
  return { child, url };
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

