import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../test/helpers/server.js';
import { processCpuMs, START_ARGS, type BenchRow } from './lib.js';
import { PATHS } from '../src/contract/paths.js';

// Cold start and resident memory of the built service, with the node arguments `npm start` passes (and the
// Dockerfile's CMD, test/deploy/files.test.ts), beside bare Fastify (bench/baseline-server.ts) started and
// loaded the same way.

const SPAWNS = Number(process.env.BENCH_SPAWNS ?? 7);
/** Seconds of read load before the resident set is read: 30 unless BENCH_SECONDS asks for a quick run. */
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POLL_MS = 10;
const PROJECTS = PATHS.projects;

interface Spawned {
  child: ChildProcess;
  url: string;
  startedAt: number;
  stop(): Promise<void>;
}

interface Server {
  name: string;
  path: string;
  /** Starts one process; `body` is what the baseline answers (the service's own answer). */
  spawn(body: string): Promise<Spawned>;
}

async function spawnNode(args: string[], env: Record<string, string>, cleanup = () => {}): Promise<Spawned> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    cleanup();
  };
  return { child, url, startedAt, stop };
}

const studio: Server = {
  name: `studio-api (node ${START_ARGS.join(' ')}, fresh SQLite)`,
  path: PROJECTS,
  spawn: () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-bench-start-'));
    return spawnNode(START_ARGS, {
      DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '1000000000',
    }, () => rmSync(dir, { recursive: true, force: true }));
  },
};

// The baseline is plain JavaScript in a .ts file: it runs without a TypeScript loader, whose own start
// (tsx compiles every file it meets) would be counted against Fastify otherwise.
const bare: Server = {
  name: 'bare Fastify, same JSON bytes (baseline)',
  path: '/page',
  spawn: (body) => spawnNode(['--input-type=module', '--eval', readFileSync('bench/baseline-server.ts', 'utf8')], { BASELINE_BODY: body }),
};

interface FirstAnswer {
  /** Wall clock from spawn to the first 200. */
  ms: number;
  /** CPU the process spent until then (user and system): what other processes on the machine do not change. */
  cpuMs: number;
}

/** Time from spawn to the first 200 of `path`, asked every POLL_MS. */
async function untilFirst200(server: Spawned, path: string): Promise<FirstAnswer> {
  const deadline = server.startedAt + 60_000;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`bench server exited with ${server.child.exitCode}`);
    try {
      if ((await fetch(server.url + path)).status === 200) return { ms: performance.now() - server.startedAt, cpuMs: processCpuMs(server.child.pid!) };
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${server.url}${path} did not answer 200 within 60 s`);
}

/** The child's resident set in MB, as the kernel counts it. */
function residentMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Spawns each server SPAWNS times, interleaved, and keeps the medians of its times to the first 200. */
async function coldStarts(servers: Server[], body: string): Promise<FirstAnswer[]> {
  const times: FirstAnswer[][] = servers.map(() => []);
  for (let round = 0; round < SPAWNS; round++) {
    for (const [i, server] of servers.entries()) {
      const started = await server.spawn(body);
      try {
        times[i]!.push(await untilFirst200(started, server.path));
      } finally {
        await started.stop();
      }
    }
  }
  return times.map((answers) => ({ ms: median(answers.map((a) => a.ms)), cpuMs: median(answers.map((a) => a.cpuMs)) }));
}

/** The resident set after LOAD_SECONDS of reads at CONNECTIONS connections, and the rate served. */
async function residentAfterLoad(server: Server, body: string): Promise<{ rssMb: number; requestsPerSecond: number }> {
  const started = await server.spawn(body);
  try {
    await untilFirst200(started, server.path);
    const result = await autocannon({ url: started.url + server.path, connections: CONNECTIONS, duration: LOAD_SECONDS });
    return { rssMb: residentMb(started.child), requestsPerSecond: Math.round(result.requests.average) };
  } finally {
    await started.stop();
  }
}

/**
 * The service's answer to the first request, which the baseline sends as it is. Its image variants are
 * made first (`studio images build`, as the Docker image is built): otherwise encodes still running in the
 * background would be measured as the service's memory.
 */
async function projectsBody(): Promise<string> {
  execFileSync(process.execPath, ['dist/cli/main.js', 'images', 'build'], { stdio: 'ignore' });
  const started = await studio.spawn('');
  try {
    await untilFirst200(started, PROJECTS);
    return await (await fetch(started.url + PROJECTS)).text();
  } finally {
    await started.stop();
  }
}

const ratio = (value: number, baseline: number) => Math.round((value / baseline) * 100) / 100;

/** Prints its own table (its figures are milliseconds and megabytes, not requests per second): no rows. */
export async function run(): Promise<BenchRow[]> {
  const body = await projectsBody();
  const [bareStart, studioStart] = await coldStarts([bare, studio], body);
  const bareMemory = await residentAfterLoad(bare, body);
  const studioMemory = await residentAfterLoad(studio, body);
  console.log(`\n## startup\n`);
  console.log(`Spawn to the first 200 (median of ${SPAWNS} interleaved spawns, polled every ${POLL_MS} ms) and the CPU the process spent until then;`);
  console.log(`resident set (VmRSS) after ${LOAD_SECONDS} s of GET at ${CONNECTIONS} connections.\n`);
  console.log('| server | first 200 ms | ratio | CPU ms to it | RSS after load MB | ratio | requests/s under load |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(`| ${bare.name} | ${Math.round(bareStart!.ms)} | 1 | ${bareStart!.cpuMs} | ${bareMemory.rssMb} | 1 | ${bareMemory.requestsPerSecond} |`);
  console.log(`| ${studio.name}, GET ${PROJECTS} | ${Math.round(studioStart!.ms)} | ${ratio(studioStart!.ms, bareStart!.ms)} | ${studioStart!.cpuMs} `
    + `| ${studioMemory.rssMb} | ${ratio(studioMemory.rssMb, bareMemory.rssMb)} | ${studioMemory.requestsPerSecond} |`);
  return [];
}
