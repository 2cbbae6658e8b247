import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { preparingOnce, SQLite } from './sqlite-driver.js';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Pool } from 'pg';
import type { Logger } from '../../lib/logger.js';
import { errorClass } from '../../lib/error-class.js';
import type { Database } from './schema.js';
import type { Database as SqliteConnection } from 'better-sqlite3';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The SQLite connection itself (SQLite only), for the few statements that must not go through Kysely. */
  sqlite?: SqliteConnection;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** FULL: a committed inquiry survives power loss, not only a process crash. Writes that may be lost (the outbox's bookkeeping) lower it for themselves and restore this. */
export const SQLITE_SYNCHRONOUS = 'FULL';

function openSqlite(path: string): { kysely: Kysely<Database>; sqlite: SqliteConnection } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  return { kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: preparingOnce(database) }) }), sqlite: database };
}

/** The pg driver, loaded with the first query: a service on SQLite never loads it. */
async function createPool(url: string, log: Logger): Promise<Pool> {
  const { default: pg } = await import('pg');
  // int8 (bigint) columns hold epoch milliseconds; they fit a JS number exactly.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3_000, idleTimeoutMillis: 30_000,
    // A connection that silently stops answering (network partition) fails the query instead of hanging it.
    query_timeout: 15_000 });
  // An idle client losing its connection must not crash the process; the pool reconnects on next use.
  pool.on('error', (error) => log.warn({ err: errorClass(error) }, 'PostgreSQL connection lost'));
  // A checked-out client has no listener of the pool's: losing its connection (even mid-query, whose
  // promise rejects anyway) would be an uncaught 'error' event and crash the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn({ err: errorClass(error) }, 'PostgreSQL connection lost during a query'));
  });
  return pool;
}

function openPostgres(url: string, log: Logger): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: () => createPool(url, log) }) });
}

/** The file of a `sqlite:<path>` DATABASE_URL; undefined for PostgreSQL. */
export function sqliteFileOf(url: string): string | undefined {
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : undefined;
}

/** Opens the database named by DATABASE_URL. Connections are made lazily, so a down server does not stop the start. */
export function openDatabase(url: string, log: Logger): Db {
  const file = sqliteFileOf(url);
  const dialect: DialectName = file === undefined ? 'postgres' : 'sqlite';
  const { kysely, sqlite } = file === undefined ? { kysely: openPostgres(url, log), sqlite: undefined } : openSqlite(file);
  return {
    kysely,
    dialect,
    sqlite,
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async close() {
      await kysely.destroy();
    },
  };
}
