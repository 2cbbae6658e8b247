import { existsSync, statSync } from 'node:fs';
import { backupSqlite } from '../store/db/backup.js';
import { sqliteFileOf } from '../store/db/database.js';
import { EXIT, megabytes, parseCommandLine, UsageError, type CommandGroup } from './command.js';

const USAGE = `studio backup <file>

Copies the SQLite database of DATABASE_URL to <file>, a new file, while the server keeps running: one
consistent snapshot (SQLite's VACUUM INTO). It never overwrites a file. Restore: stop the service, put
the copy in place of the database file (remove its -wal and -shm files), start the service.

PostgreSQL is backed up with its own tools:  pg_dump --format=custom --file=studio.dump "$DATABASE_URL"
Exit codes: 0 done, 1 failure (no database, the file exists), 2 usage error or a PostgreSQL DATABASE_URL.`;

/** `studio backup <file>`: a consistent copy of the SQLite store, taken while the server runs. */
export const backupCommand: CommandGroup = {
  summary: 'backup <file>           consistent copy of the SQLite database while the server runs',
  usage: USAGE,
  async run(args, context) {
    const [target] = parseCommandLine(args, {}, 1).positionals;
    if (target === undefined) throw new UsageError('name the file to write the copy to');
    const source = sqliteFileOf(context.config.databaseUrl);
    if (source === undefined) {
      context.err('DATABASE_URL is PostgreSQL: back it up with pg_dump, e.g.\n'
        + '  pg_dump --format=custom --file=studio.dump "$DATABASE_URL"\nand restore with pg_restore (see docs/operations.md, Backups).');
      return EXIT.usage;
    }
    // Opening a missing SQLite file would create an empty database, and back that up.
    if (!existsSync(source)) { context.err(`No database at ${source} (DATABASE_URL).`); return EXIT.failure; }
    if (existsSync(target)) { context.err(`${target} exists; studio backup never overwrites a file.`); return EXIT.failure; }
    const db = await context.db({ migrate: false });
    // One SQLite statement copies the whole snapshot and tells nothing until done: the line says what it copies.
    context.progress.step(`backup: copying ${megabytes(statSync(source).size)} from ${source}`);
    await backupSqlite(db, target);
    context.progress.clear();
    context.out(`Backed up ${source} to ${target} (${statSync(target).size} bytes).`);
    return EXIT.ok;
  },
};
