import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import type { Db } from '../../src/store/db/database.js';
import { migrateToLatest } from '../../src/store/db/migrate.js';
import type { Cleanups } from './cleanups.js';
import { openStore } from './inquiries.js';
import { createPgDatabase } from './postgres.js';

// The suites that hold an adapter to both SQL dialects run through here: a describe per dialect, each on
// a database of its own (a SQLite file in a temp dir, or a PostgreSQL database made for it and dropped
// after), so that test files can run in parallel. PostgreSQL out of reach skips its describe with a
// printed reason, or fails the file under STUDIO_REQUIRE_PEERS=1 (createPgDatabase decides).

export type Dialect = 'sqlite' | 'postgres';

export const DIALECT_LABELS: Readonly<Record<Dialect, string>> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export interface DialectDatabase {
  dialect: Dialect;
  /** DATABASE_URL of this describe's own database. */
  url: string;
  /** One more empty database of this dialect, for a test that needs its own (a migration from scratch). */
  another(): Promise<ScratchDatabase>;
}

export interface ScratchDatabase { url: string; drop(): Promise<void> }

/**
 * Registers `body` once per dialect as `describe(title(dialect))`. Await it at the file's top level:
 * the databases are made while the suites are registered, since node:test decides a skip there.
 */
export async function onEachDialect(
  title: (dialect: Dialect) => string, pgPrefix: string, body: (database: DialectDatabase) => void,
): Promise<void> {
  const sqlite = sqliteDatabase();
  suiteOn(title('sqlite'), sqlite, { dialect: 'sqlite', url: sqlite.url, another: async () => sqliteDatabase() }, body);
  const pg = await createPgDatabase(pgPrefix);
  if (typeof pg === 'string') {
    console.log(`# skipping "${title('postgres')}": ${pg}`);
    describe(title('postgres'), { skip: pg }, () => undefined);
    return;
  }
  suiteOn(title('postgres'), pg, { dialect: 'postgres', url: pg.url, another: () => anotherPgDatabase(pgPrefix) }, body);
}

function suiteOn(title: string, own: ScratchDatabase, database: DialectDatabase, body: (database: DialectDatabase) => void): void {
  describe(title, () => {
    body(database);
    // Registered after the body's own hooks, so it runs last (node:test runs after hooks in order).
    after(() => own.drop());
  });
}

function sqliteDatabase(): ScratchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'studio-dialect-'));
  return { url: `sqlite:${join(dir, 'studio.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function anotherPgDatabase(prefix: string): Promise<ScratchDatabase> {
  const pg = await createPgDatabase(prefix);
  if (typeof pg === 'string') throw new Error(`a second PostgreSQL database could not be made: ${pg}`);
  return pg;
}

/** The store at `url`, migrated to the latest schema; closed when `t` ends. */
export async function openMigrated(t: Cleanups, url: string): Promise<Db> {
  const db = openStore(url);
  t.after(() => db.close());
  await migrateToLatest(db);
  return db;
}
