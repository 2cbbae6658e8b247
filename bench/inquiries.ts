import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { createPgDatabase } from '../test/helpers/postgres.js';
import { freePort } from '../test/helpers/server.js';
import { measureCases, startProcess, startStudio, type BenchCase, type BenchRow, type ServerProcess } from './lib.js';

// POST /api/v1/contact: durable inquiries per second (each 200 is a committed transaction: the inquiry
// and its outbox jobs), on SQLite and on PostgreSQL, at 50 and at 10 connections. The same-run baselines
// are a bare Fastify server INSERTing the inquiry row into the same store (bench/inquiry-baseline-server.ts),
// committing each request on its own and with group commit; ratios are to the bare group commit.
// Issue 14's goals: ≥ 3,000/s on SQLite and ≥ 2,500/s on PostgreSQL at 50 connections, ≥ 1,500/s at 10.

const GOALS = { SQLite: { 50: 3_000, 10: 1_500 }, PostgreSQL: { 50: 2_500, 10: 1_500 } } as const;
type StoreLabel = keyof typeof GOALS;

// Email and webhook configured, both to closed ports: each inquiry commits a job per channel and the
// worker tries each once (refused at once), then backs off an hour; no delivery traffic competes.
async function channelsEnv(): Promise<Record<string, string>> {
  return {
    INBOX_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/hook`,
    INBOX_WEBHOOK_SECRET: 'whsec_YmVuY2htYXJrYmVuY2htYXJrYmVuY2g=',
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    INBOX_EMAIL_TO: 'studio@example.com',
    OUTBOX_RETRY_BASE_MS: '3600000',
  };
}

let sequence = 0;
const inquiryBody = () => JSON.stringify({
  name: 'Bench Client', email: 'bench@example.com', phone: '+1 305 555 0100',
  message: `Benchmark inquiry number ${++sequence}: a house by the water, four bedrooms.`,
  location: 'miami', budget: '3m-10m', phase: 'pre-planning',
});

/** A POST of a distinct inquiry each time, so duplicate detection does not short-circuit the writes. */
function postCase(name: string, url: string, connections: number): BenchCase {
  return {
    name,
    options: {
      url, connections, method: 'POST', headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: inquiryBody() }) }],
    },
  };
}

/** `databaseUrl` is the studio's (a fresh SQLite file when undefined), `bareUrl` the bare server's. */
async function benchStore(label: StoreLabel, databaseUrl: string | undefined, bareUrl: string | undefined): Promise<BenchRow[]> {
  const studio = await startStudio({ ...await channelsEnv(), ...(databaseUrl && { DATABASE_URL: databaseUrl }) });
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-bare-'));
  let bare: ServerProcess | undefined;
  try {
    bare = await startProcess('bench/inquiry-baseline-server.ts', { DATABASE_URL: bareUrl ?? `sqlite:${join(dir, 'bare.db')}` });
    // Migrations run in the background: wait until the inbox takes writes.
    for (let i = 0; i < 200 && (await fetch(`${studio.url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    const rows: BenchRow[] = [];
    for (const connections of [50, 10] as const) {
      rows.push(...await measureCases([
        postCase(`bare INSERT, group commit (${label}, ${connections} conn.)`, `${bare.url}/group`, connections),
        postCase(`bare INSERT, commit per request (${label}, ${connections} conn.)`, `${bare.url}/each`, connections),
        postCase(`POST /api/v1/contact, durable, email+webhook (${label}, ${connections} conn.; goal ≥ ${GOALS[label][connections]}/s)`,
          `${studio.url}/api/v1/contact`, connections),
      ]));
    }
    return rows;
  } finally {
    await bare?.stop();
    await studio.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = process.env.BENCH_INQUIRY_STORES === 'postgres' ? [] : await benchStore('SQLite', undefined, undefined);
  if (process.env.BENCH_INQUIRY_STORES === 'sqlite') return rows;
  const studio = await createPgDatabase('studio_inq_bench');
  if (typeof studio === 'string') {
    console.log(`PostgreSQL rows skipped: ${studio}`);
    return rows;
  }
  const bare = await createPgDatabase('studio_inq_bench_bare');
  try {
    if (typeof bare === 'string') throw new Error(bare);
    rows.push(...await benchStore('PostgreSQL', studio.url, bare.url));
  } finally {
    await studio.drop();
    if (typeof bare !== 'string') await bare.drop();
  }
  return rows;
}
