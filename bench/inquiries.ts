import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { PATHS } from '../src/contract/paths.js';
import { createPgDatabase, type PgDatabase } from '../test/helpers/postgres.js';
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

// INQUIRY_ACK as well: each new sender is due an acknowledgement, queued in the same commit.
const ACKNOWLEDGED = { INQUIRY_ACK: 'true', INBOX_EMAIL_FROM: 'studio@example.com' };

let sequence = 0;
/** An inquiry's JSON, distinct each time; `newSender`: from an address of its own (each due an acknowledgement). */
export function inquiryBody(newSender = false): string {
  const n = ++sequence;
  return JSON.stringify({
    name: 'Bench Client', email: newSender ? `bench-${n}@example.com` : 'bench@example.com', phone: '+1 305 555 0100',
    message: `Benchmark inquiry number ${n}: a house by the water, four bedrooms.`,
    location: 'miami', budget: '3m-10m', phase: 'pre-planning',
  });
}

/** A POST of a distinct inquiry each time, so duplicate detection does not short-circuit the writes. */
function postCase(name: string, url: string, connections: number, newSenders = false): BenchCase {
  return {
    name,
    options: {
      url, connections, method: 'POST', headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: inquiryBody(newSenders) }) }],
    },
  };
}

/**
 * `databaseUrl` is the studio's, `intakeUrl` the channel-less studio's, `ackUrl` the acknowledging studio's,
 * `bareUrl` the bare server's (each a fresh SQLite file of its own when undefined).
 */
async function benchStore(label: StoreLabel, urls: Record<'databaseUrl' | 'intakeUrl' | 'ackUrl' | 'bareUrl', string> | undefined): Promise<BenchRow[]> {
  const { databaseUrl, intakeUrl, ackUrl, bareUrl } = urls ?? {};
  const studio = await startStudio({ ...await channelsEnv(), ...(databaseUrl && { DATABASE_URL: databaseUrl }) });
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-bare-'));
  let bare: ServerProcess | undefined;
  let intake: ServerProcess | undefined;
  let acknowledging: ServerProcess | undefined;
  try {
    // The same service with no channel (no outbox job, no worker): the intake alone, beside the whole.
    intake = await startStudio(databaseUrl ? { DATABASE_URL: intakeUrl! } : {});
    bare = await startProcess('bench/inquiry-baseline-server.ts', { DATABASE_URL: bareUrl ?? `sqlite:${join(dir, 'bare.db')}` });
    const rows: BenchRow[] = [];
    const bareGroup = (connections: number) => postCase(`bare INSERT, group commit (${label}, ${connections} conn.)`, `${bare!.url}/group`, connections);
    for (const connections of [50, 10] as const) {
      rows.push(...await measureCases([
        bareGroup(connections),
        postCase(`bare INSERT, commit per request (${label}, ${connections} conn.)`, `${bare.url}/each`, connections),
        postCase(`POST ${PATHS.contact}, durable, no channel (${label}, ${connections} conn.)`, `${intake.url}${PATHS.contact}`, connections),
      ]));
    }
    // Last, in rounds of their own: the outbox worker of the studios with channels goes on trying the jobs
    // of each round after it (once each, then it backs off), and would slow whatever ran next.
    acknowledging = await startStudio({ ...await channelsEnv(), ...ACKNOWLEDGED, ...(ackUrl && { DATABASE_URL: ackUrl }) });
    for (const connections of [50, 10] as const) {
      rows.push(...await measureCases([
        bareGroup(connections),
        postCase(`POST ${PATHS.contact}, durable, email+webhook (${label}, ${connections} conn.; goal ≥ ${GOALS[label][connections]}/s)`,
          `${studio.url}${PATHS.contact}`, connections),
        postCase(`POST ${PATHS.contact}, durable, email+webhook+acknowledgement, a new sender each (${label}, ${connections} conn.)`,
          `${acknowledging.url}${PATHS.contact}`, connections, true),
      ]));
    }
    return rows;
  } finally {
    await bare?.stop();
    await acknowledging?.stop();
    await intake?.stop();
    await studio.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  // BENCH_INQUIRY_STORES=sqlite or =postgres measures one store only.
  const only = process.env.BENCH_INQUIRY_STORES;
  const rows = only === 'postgres' ? [] : await benchStore('SQLite', undefined);
  if (only === 'sqlite') return rows;
  const databases: PgDatabase[] = [];
  try {
    for (const prefix of ['studio_inq_bench', 'studio_inq_bench_intake', 'studio_inq_bench_ack', 'studio_inq_bench_bare']) {
      const database = await createPgDatabase(prefix);
      if (typeof database === 'string') {
        console.log(`PostgreSQL rows skipped: ${database}`);
        return rows;
      }
      databases.push(database);
    }
    const [studio, intake, ack, bare] = databases.map((d) => d.url);
    rows.push(...await benchStore('PostgreSQL', { databaseUrl: studio!, intakeUrl: intake!, ackUrl: ack!, bareUrl: bare! }));
  } finally {
    for (const database of databases) await database.drop();
  }
  return rows;
}
