import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { peerMissing } from './peers.js';

// A PostgreSQL database of its own for each suite (created, then dropped), so runs never see each
// other's rows. PostgreSQL runs at 127.0.0.1:5432 on the development and CI machines.

export const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PgDatabase { url: string; drop(): Promise<void> }

/**
 * Creates a fresh PostgreSQL database for one suite, or returns why it cannot (the suite skips, saying so);
 * throws that reason instead when STUDIO_REQUIRE_PEERS=1 (CI).
 */
export async function createPgDatabase(prefix: string): Promise<PgDatabase | string> {
  // Refused fails at once; the timeout is only for a busy machine (test files run in parallel), where
  // 2 s was seen to expire and skip a whole dialect.
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 10_000 });
  try {
    await admin.connect();
  } catch (error) {
    return peerMissing(`PostgreSQL not reachable at 127.0.0.1:5432 (${(error as Error).message})`);
  }
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
