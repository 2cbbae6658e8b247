// OAuth benchmark: token issuance (tokens/s) and the cost of bearer verification on an API request
// (GET /api/v1/projects with and without a valid token, same run, same server).
// Run: node --import tsx bench/oauth.ts   (BENCH_SECONDS=5 by default; BENCH_DATABASE_URL=postgres://…
// measures against PostgreSQL instead of the embedded SQLite file)
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { basic, registerClient, requestToken, startOAuthServer } from '../test/helpers/oauth-helpers.js';

export interface BenchRow {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** Requests/s relative to the same-run baseline row named in `baseline`. */
  ratio?: number;
  baseline?: string;
  non2xx: number;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function measure(name: string, options: autocannon.Options): Promise<BenchRow> {
  const result = await autocannon({ connections: 10, duration: SECONDS, ...options });
  return { name, requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx };
}

export async function run(): Promise<BenchRow[]> {
  // Limits lifted: this measures the work, not the rate limiter's refusals.
  const database: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const server = await startOAuthServer({ RATE_LIMIT_SCALE: '1000000', ...database });
  try {
    const client = await registerClient(server.url, { client_name: 'bench' });
    const token = await requestToken(server.url, client);
    const projects = `${server.url}/api/v1/projects`;
    const anonymous = await measure('GET /api/v1/projects (no token, baseline)', { url: projects });
    const bearer = await measure('GET /api/v1/projects (valid bearer token)', { url: projects, headers: { authorization: `Bearer ${token}` } });
    const tokens = await measure('POST /oauth/token (client_credentials)', {
      url: `${server.url}/oauth/token`,
      method: 'POST',
      headers: { authorization: basic(client.client_id, client.client_secret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const baseline = anonymous.name;
    return [
      anonymous,
      { ...bearer, ratio: Math.round((bearer.requestsPerSecond / anonymous.requestsPerSecond) * 100) / 100, baseline },
      { ...tokens, ratio: Math.round((tokens.requestsPerSecond / anonymous.requestsPerSecond) * 100) / 100, baseline },
    ];
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await run();
  for (const row of rows) {
    const ratio = row.ratio === undefined ? '' : `  ratio ${row.ratio} of baseline`;
    process.stdout.write(`${row.name.padEnd(46)} ${String(row.requestsPerSecond).padStart(7)} req/s  p99 ${row.p99Ms} ms  non-2xx ${row.non2xx}${ratio}\n`);
  }
}
