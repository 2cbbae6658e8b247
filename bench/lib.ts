import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../test/helpers/server.js';

export interface BenchResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface BenchRow extends BenchResult {
  /** Name of the same-run baseline this row is compared with, and the ratio of requests/s. */
  baseline?: string;
  ratio?: number;
}

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bench server at ${url} did not start`);
}

/**
 * Runs a script in its own process, so the server and the load generator do not share an event loop.
 * `.js` files run as they are (the built service, as `npm start` runs it); `.ts` files through tsx.
 */
export async function startProcess(script: string, env: Record<string, string>, probePath = '/healthz'): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHttp(url + probePath, child);
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The studio service with every production hook on, its rate limits lifted by configuration. */
export async function startStudio(env: Record<string, string> = {}): Promise<ServerProcess & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const server = await startProcess('dist/main.js', {
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    LOG_LEVEL: 'info',
    RATE_LIMIT_SCALE: '1000000000',
    ...env,
  });
  return { ...server, dir, stop: async () => { await server.stop(); rmSync(dir, { recursive: true, force: true }); } };
}

export async function measure(name: string, options: Omit<autocannon.Options, 'duration' | 'connections'> & { connections?: number }): Promise<BenchResult> {
  // A short warm-up lets the JIT settle, so the figure is the steady state.
  await autocannon({ ...options, connections: options.connections ?? CONNECTIONS, duration: 1 });
  const result = await autocannon({ ...options, connections: options.connections ?? CONNECTIONS, duration: BENCH_SECONDS });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function compare(row: BenchResult, baseline: BenchResult): BenchRow {
  return { ...row, baseline: baseline.name, ratio: Math.round((row.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100 };
}

export function printRows(title: string, rows: BenchRow[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| case | requests/s | p99 ms | errors | non-2xx | ratio | baseline |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.requestsPerSecond} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} | ${r.ratio ?? ''} | ${r.baseline ?? ''} |`);
  }
}
