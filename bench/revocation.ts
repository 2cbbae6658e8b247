import { PATHS } from '../src/contract/paths.js';
import { performance } from 'node:perf_hooks';
import { createPgDatabase } from '../test/helpers/postgres.js';
import { basic, postForm, registerClient, requestToken } from '../test/helpers/oauth-helpers.js';
import { startStudio, type BenchRow } from './lib.js';

const SAMPLES = Number(process.env.BENCH_REVOCATIONS ?? 30);
// Both instances are one service behind one address: the issuer and audience of every token.
const BASE_URL = 'https://studio.example';

const status = async (url: string, token: string) =>
  (await fetch(`${url}${PATHS.projects}`, { headers: { authorization: `Bearer ${token}` } })).status;

const percentile = (values: number[], p: number) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/**
 * The consistency window of revocation on PostgreSQL: two instances (processes) on one database, a token
 * B has verified (and remembers), revoked on A while B is asked about it back to back. The window is the
 * time from A's 200 to B's first 401 (and from sending the revoke); the stale answers are B's 200s after A's 200. B learns by the
 * NOTIFY pushed when A's revocation commits. BENCH_DATABASE_URL=postgres://… picks the database.
 */
export async function run(): Promise<BenchRow[]> {
  const created = process.env.BENCH_DATABASE_URL ?? await createPgDatabase('studio_bench_revocation');
  if (typeof created === 'string' && !created.startsWith('postgres')) {
    console.log(`\n## revocation\n\nskipped: ${created}`);
    return [];
  }
  const databaseUrl = typeof created === 'string' ? created : created.url;
  const env = { DATABASE_URL: databaseUrl, BASE_URL, LOG_LEVEL: 'warn' };
  const a = await startStudio(env);
  const b = await startStudio(env);
  try {
    const client = await registerClient(a.url, { client_name: 'bench' });
    const windows: number[] = [];
    const sinceSent: number[] = [];
    let stale = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const token = await requestToken(a.url, client);
      if (await status(b.url, token) !== 200) throw new Error('B refused a fresh token');
      let answeredAt: number | undefined;
      let refusedAt: number | undefined;
      const sentAt = performance.now();
      const revoked = postForm(`${a.url}/oauth/revoke`, { token }, { authorization: basic(client.client_id, client.client_secret) })
        .then((response) => { if (response.status !== 200) throw new Error(`revoke answered ${response.status}`); answeredAt = performance.now(); });
      for (;;) {
        const code = await status(b.url, token);
        if (code === 401) refusedAt ??= performance.now();
        if (code === 401 && answeredAt !== undefined) break;
        if (code === 200 && answeredAt !== undefined) stale++;
      }
      await revoked;
      windows.push(performance.now() - answeredAt!);
      sinceSent.push(refusedAt! - sentAt);
    }
    const ms = (value: number) => value.toFixed(1);
    console.log('\n## revocation\n');
    const summary = (values: number[]) => `median ${ms(percentile(values, 0.5))} ms, p90 ${ms(percentile(values, 0.9))} ms, max ${ms(Math.max(...values))} ms`;
    console.log(`PostgreSQL, two instances, ${SAMPLES} revocations, B polled back to back (each figure includes one B round trip):`);
    console.log(`- from A's 200 to B's first 401: ${summary(windows)}; B's 200s after A's 200: ${stale}`);
    console.log(`- from sending the revoke to A to B's first 401: ${summary(sinceSent)}`);
    console.log('SQLite: exact (every request checks PRAGMA data_version; a write by another connection is read before answering).');
    return [];
  } finally {
    await a.stop();
    await b.stop();
    if (typeof created !== 'string') await created.drop();
  }
}
