import type autocannon from 'autocannon';
import { createPgDatabase } from '../test/helpers/postgres.js';
import { measureCases, startStudio, type BenchRow } from './lib.js';

// POST /api/v1/contact: durable inquiries per second (each 200 is a committed transaction: inquiry and
// outbox job) on SQLite and on PostgreSQL, next to GET /api/v1/projects on the same server as the
// same-run baseline. Every body differs, so duplicate detection does not short-circuit the writes.

const CONNECTIONS = 10;

// A webhook to a closed port: each inquiry commits its outbox job too, and the worker stays cheap
// (its retries back off an hour); no delivery traffic competes with the benchmark.
const ENV = {
  INBOX_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
  INBOX_WEBHOOK_SECRET: 'whsec_YmVuY2htYXJrYmVuY2htYXJrYmVuY2g=',
  OUTBOX_RETRY_BASE_MS: '3600000',
};

let sequence = 0;
export const inquiryBody = () => JSON.stringify({
  name: 'Bench Client', email: 'bench@example.com', phone: '+1 305 555 0100',
  message: `Benchmark inquiry number ${++sequence}: a house by the water, four bedrooms.`,
  location: 'miami', budget: '3m-10m', phase: 'pre-planning',
});

async function benchDatabase(label: string, env: Record<string, string>): Promise<BenchRow[]> {
  const studio = await startStudio({ ...ENV, ...env });
  try {
    // Migrations run in the background: wait until the inbox takes writes.
    for (let i = 0; i < 200 && (await fetch(`${studio.url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    return await measureCases([
      { name: `GET /api/v1/projects (${label})`, options: { url: `${studio.url}/api/v1/projects`, connections: CONNECTIONS } },
      {
        name: `POST /api/v1/contact, durable (${label})`,
        options: {
          url: `${studio.url}/api/v1/contact`,
          connections: CONNECTIONS,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: inquiryBody() }) }],
        },
      },
    ]);
  } finally {
    await studio.stop();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await benchDatabase('SQLite', {});
  const pg = await createPgDatabase('studio_inq_bench');
  if (typeof pg === 'string') {
    console.log(`PostgreSQL rows skipped: ${pg}`);
    return rows;
  }
  try {
    rows.push(...await benchDatabase('PostgreSQL', { DATABASE_URL: pg.url }));
  } finally {
    await pg.drop();
  }
  return rows;
}
