import autocannon from 'autocannon';
import { startServer, type TestServer } from '../test/helpers/server.js';
import { createPgDatabase } from '../test/helpers/inquiries.js';

// POST /api/v1/contact: durable inquiries per second (each 200 is a committed transaction: inquiry +
// outbox job) on SQLite and on PostgreSQL, next to GET /api/v1/projects on the same server as the
// same-run baseline. Rate limits are lifted with RATE_LIMIT_SCALE; every body differs (a sequence number) so
// duplicate detection does not short-circuit the writes.

export interface BenchRow {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  baseline: string;
  ratio: number;
  non2xx: number;
}

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

let sequence = 0;
const body = () => JSON.stringify({
  name: 'Bench Client', email: 'bench@example.com', phone: '+1 305 555 0100',
  message: `Benchmark inquiry number ${++sequence}: a house by the water, four bedrooms.`,
  location: 'miami', budget: '3m-10m', phase: 'pre-planning',
});

async function measure(url: string, post: boolean): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(post && {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: body() }) }],
    }),
  });
}

async function benchServer(label: string, server: TestServer): Promise<BenchRow[]> {
  const baseline = await measure(`${server.url}/api/v1/projects`, false);
  const contact = await measure(`${server.url}/api/v1/contact`, true);
  const row = (name: string, r: autocannon.Result, base: autocannon.Result): BenchRow => ({
    name, requestsPerSecond: Math.round(r.requests.average), p99Ms: r.latency.p99,
    baseline: `GET /api/v1/projects (${label})`, ratio: Math.round((r.requests.average / base.requests.average) * 1000) / 1000,
    non2xx: r.non2xx,
  });
  return [row(`GET /api/v1/projects (${label})`, baseline, baseline), row(`POST /api/v1/contact (${label})`, contact, baseline)];
}

export async function run(): Promise<BenchRow[]> {
  // A webhook to a closed port: each inquiry commits its outbox job too, and the worker stays cheap
  // (its retries back off); no delivery traffic competes with the benchmark.
  const env = {
    RATE_LIMIT_SCALE: '1000000000', INBOX_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
    INBOX_WEBHOOK_SECRET: 'whsec_YmVuY2htYXJrYmVuY2htYXJrYmVuY2g=', OUTBOX_RETRY_BASE_MS: '3600000',
  };
  const rows: BenchRow[] = [];
  const sqlite = await startServer(env);
  try { rows.push(...await benchServer('SQLite', sqlite)); } finally { await sqlite.close(); }
  const pg = await createPgDatabase('studio_inq_bench');
  if (typeof pg === 'string') {
    console.log(`PostgreSQL rows skipped: ${pg}`);
    return rows;
  }
  const server = await startServer({ ...env, DATABASE_URL: pg.url });
  try {
    // Migrations run in the background: wait until the inbox takes writes.
    for (let i = 0; i < 100 && (await fetch(`${server.url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    rows.push(...await benchServer('PostgreSQL', server));
  } finally {
    await server.close();
    await pg.drop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await run();
  console.table(rows.map((r) => ({ case: r.name, 'req/s': r.requestsPerSecond, 'p99 ms': r.p99Ms, 'vs baseline': r.ratio, non2xx: r.non2xx })));
}
