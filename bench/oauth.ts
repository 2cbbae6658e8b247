import { basic, registerClient, requestToken } from '../test/helpers/oauth-helpers.js';
import { compare, measure, startStudio, type BenchRow } from './lib.js';

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
    const anonymous = await measure('GET /api/v1/projects, no token (baseline)', { url: projects });
    const bearer = await measure('GET /api/v1/projects, valid bearer token', { url: projects, headers: { authorization: `Bearer ${token}` } });
    const tokens = await measure('POST /oauth/token (client_credentials)', {
      url: `${studio.url}/oauth/token`,
      method: 'POST',
      headers: { authorization: basic(client.client_id, client.client_secret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    return [anonymous, compare(bearer, anonymous), compare(tokens, anonymous)];
  } finally {
    await studio.stop();
  }
}
