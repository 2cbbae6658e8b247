import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { compose, type ComposeOptions, type Runtime } from '../../src/compose.js';
import { loadConfig, type Config } from '../../src/config/load.js';
import type { Cleanups } from './cleanups.js';
import { forgetOpenApiDocument } from './openapi-documents.js';

export { suiteScope, type Cleanups } from './cleanups.js';

export interface TestServer {
  url: string;
  config: Config;
  runtime: Runtime;
  /** Stops it now (a test about closing or restarting); `t`'s cleanup closes it anyway, and a second close is harmless. */
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type ServerOptions = ComposeOptions & { logger?: FastifyBaseLogger; waitForStore?: boolean };

/**
 * Starts the real composed service on a free loopback port, with a fresh SQLite file unless
 * DATABASE_URL is given, and closes it when `t` ends (a test's context, or a suiteScope()). `env` holds
 * the same variables an operator would set; `options` the few things a test may replace (a clock, a
 * failing store, a logger to read).
 */
export async function startServer(t: Cleanups, env: Record<string, string> = {}, options: ServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'studio-test-'));
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `sqlite:${join(dir, 'studio.db')}`,
    CONTENT_DIR: 'content',
    LOG_LEVEL: 'silent',
    // Test files run in parallel on two cores, where a starved event loop can lag a second and the
    // service would shed every request with 503; the tests of load shedding turn it on themselves.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const runtime = await compose(config, options.logger, options);
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= (async () => {
    await runtime.close();
    forgetOpenApiDocument(`http://127.0.0.1:${port}`);
    rmSync(dir, { recursive: true, force: true });
  })());
  t.after(close);
  await runtime.listen();
  // Migrations run in the background; most tests want a store that can write from their first request.
  if (options.waitForStore ?? true) {
    await withTimeout(runtime.whenStoreReady(), 20_000, 'the database was not ready (migrations)')
      .catch(async (error: unknown) => { await close(); throw error; });
  }
  return { url: `http://127.0.0.1:${port}`, config, runtime, close };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms); });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
