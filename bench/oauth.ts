import { basic, registerClient, requestToken } from '../test/helpers/oauth-helpers.js';
import { measureCases, startStudio, type BenchRow } from './lib.js';

/**
 * Token issuance and the cost of bearer verification: GET /api/v1/projects with and without a valid
 * token on the same server, in the same run. BENCH_DATABASE_URL=postgres://… measures on PostgreSQL.
 */
export async function run(): Promise<BenchRow[]> {
  const database: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const studio = await startStudio(database);
  try {
    const client = await registerClient(studio.url, { client_name: 'bench' });
    const token = await requestToken(studio.url, client);
    const projects = `${studio.url}/api/v1/projects`;
    return await measureCases([
      { name: 'GET /api/v1/projects, no token (baseline)', options: { url: projects } },
      { name: 'GET /api/v1/projects, valid bearer token', options: { url: projects, headers: { authorization: `Bearer ${token}` } } },
      {
        name: 'POST /oauth/token (client_credentials)',
        options: {
          url: `${studio.url}/oauth/token`,
          method: 'POST',
          headers: { authorization: basic(client.client_id, client.client_secret), 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        },
      },
    ]);
  } finally {
    await studio.stop();
  }
}
