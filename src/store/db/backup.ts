import { closeSync, fsyncSync, openSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from './database.js';

// `studio backup`: a consistent copy of a SQLite store while the service keeps writing to it.

/**
 * VACUUM INTO writes one read snapshot of the database to a new file (in WAL mode writers go on
 * meanwhile) and refuses a file that exists and is not empty. SQLite does not sync the new file: the
 * copy is synced here, so a backup that was reported done survives a power loss.
 */
export async function backupSqlite(db: Db, target: string): Promise<void> {
  if (db.dialect !== 'sqlite') throw new Error('backupSqlite needs a SQLite database');
  await sql`vacuum into ${target}`.execute(db.kysely);
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
