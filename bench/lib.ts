import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { PATHS } from '../src/contract/paths.js';
import { freePort } from '../test/helpers/server.js';

export interface BenchResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /**
   * CPU the serving process spent per request (user and system, median over the rounds), when this run
   * started it. Unlike requests/s it does not depend on how much of the two cores the load generator
   * takes: a server bound by autocannon shows it here and not in its rate.
   */
  serverCpuUsPerRequest?: number;
}

export interface BenchRow extends BenchResult {
  /** Name of the same-run baseline this row is compared with, and the ratio of requests/s. */
  baseline?: string;
  ratio?: number;
  /** The lowest and highest per-round ratio: how far one round strayed from the median. */
  spread?: [number, number];
  /** The ratio the issue asks for (at least this), printed beside the measured one. */
  target?: number;
}

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** The processes this run started, by origin: the server a case's URL names is the one its CPU is read from. */
const serverPids = new Map<string, number>();

/** The CPU a process has spent so far (user and system), from /proc/<pid>/stat (clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `npm start`'s node arguments (the flags and `dist/main.js` after "exec node"), which the Dockerfile's CMD repeats. */
export const START_ARGS: string[] = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start
  .replace(/^exec node /, '').split(' ');

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
 * `.js` files run as they are, `.ts` files through tsx; a list is node's arguments as given (START_ARGS).
 */
export async function startProcess(script: string | string[], env: Record<string, string>, probePath: string = PATHS.health): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = Array.isArray(script) ? script : script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHttp(url + probePath, child);
  serverPids.set(url, child.pid!);
  return {
    url,
    stop: async () => {
      serverPids.delete(url);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * The studio service as `npm start` runs it, every production hook on, its rate limits lifted by
 * configuration; resolves once its readiness probe answers 200 (the migrations ran), so that no case
 * measures the 503s of a store still migrating.
 */
export async function startStudio(env: Record<string, string> = {}): Promise<ServerProcess & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const server = await startProcess(START_ARGS, {
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    LOG_LEVEL: 'info',
    RATE_LIMIT_SCALE: '1000000000',
    ...env,
  }, PATHS.ready);
  return { ...server, dir, stop: async () => { await server.stop(); rmSync(dir, { recursive: true, force: true }); } };
}

export interface BenchCase {
  name: string;
  /** At least this ratio to the baseline is the goal (printed, never enforced: figures drift on a shared machine). */
  target?: number;
  options: Omit<autocannon.Options, 'duration' | 'connections'> & { connections?: number };
}

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Measured {
  result: autocannon.Result;
  /** Undefined when the URL's server is not a process this run started. */
  cpuUsPerRequest?: number;
}

async function run(options: BenchCase['options'], duration: number): Promise<Measured> {
  const pid = serverPids.get(new URL(String(options.url)).origin);
  const cpuBefore = pid === undefined ? undefined : processCpuMs(pid);
  const result = await autocannon({ ...options, connections: options.connections ?? CONNECTIONS, duration });
  if (pid === undefined || cpuBefore === undefined || result.requests.total === 0) return { result };
  return { result, cpuUsPerRequest: ((processCpuMs(pid) - cpuBefore) * 1000) / result.requests.total };
}

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const hundredths = (value: number): number => Math.round(value * 100) / 100;

/** The median ratio of per-round measurements to their same-round baseline, with its spread. */
export function ratioOf(mine: number[], baseline: number[]): Pick<BenchRow, 'ratio' | 'spread'> {
  const ratios = mine.map((value, round) => value / baseline[round]!);
  return { ratio: hundredths(median(ratios)), spread: [hundredths(Math.min(...ratios)), hundredths(Math.max(...ratios))] };
}

/**
 * Measures the cases in interleaved rounds and compares each with the first (the baseline) within
 * the same round: on a shared 2-core machine throughput drifts by tens of percent from one minute to
 * the next, and a ratio of two figures taken minutes apart measured the drift more than the code.
 * Each figure is the median over the rounds, each ratio the median of the per-round ratios.
 */
export async function measureCases(cases: BenchCase[]): Promise<BenchRow[]> {
  // A short warm-up lets the JIT settle, so the figures are the steady state.
  for (const c of cases) await run(c.options, 1);
  const perRound = Math.max(2, Math.round(BENCH_SECONDS / ROUNDS));
  const measured: Measured[][] = cases.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) measured[i]!.push(await run(c.options, perRound));
  }
  const baseline = measured[0]!.map((m) => m.result);
  return cases.map((c, i) => {
    const mine = measured[i]!.map((m) => m.result);
    const cpu = measured[i]!.flatMap((m) => (m.cpuUsPerRequest === undefined ? [] : [m.cpuUsPerRequest]));
    const row: BenchRow = {
      name: c.name,
      requestsPerSecond: Math.round(median(mine.map((r) => r.requests.average))),
      p99Ms: median(mine.map((r) => r.latency.p99)),
      errors: mine.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
      non2xx: mine.reduce((sum, r) => sum + r.non2xx, 0),
      ...(cpu.length > 0 && { serverCpuUsPerRequest: Math.round(median(cpu)) }),
    };
    if (i === 0) return row;
    const ratio = ratioOf(mine.map((r) => r.requests.average), baseline.map((r) => r.requests.average));
    return { ...row, baseline: cases[0]!.name, ...ratio, target: c.target };
  });
}

export function printRows(title: string, rows: BenchRow[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| case | requests/s | p99 ms | errors | non-2xx | server CPU µs/req | ratio | rounds | goal | baseline |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    const spread = r.spread ? `${r.spread[0]}–${r.spread[1]}` : '';
    const goal = r.target === undefined ? '' : `≥ ${r.target}${r.ratio !== undefined && r.ratio < r.target ? ' (missed)' : ''}`;
    console.log(`| ${r.name} | ${r.requestsPerSecond} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} | ${r.serverCpuUsPerRequest ?? ''} `
      + `| ${r.ratio ?? ''} | ${spread} | ${goal} | ${r.baseline ?? ''} |`);
  }
}
