import { migrateToLatest } from '../store/db/migrate.js';
import { EXIT, parseCommandLine, type CommandGroup } from './command.js';

/** `studio migrate`: applies the pending migrations to DATABASE_URL (the server also does it at start-up). */
export const migrateCommand: CommandGroup = {
  summary: 'migrate                 apply pending database migrations',
  usage: 'studio migrate\n\nApplies every pending migration to DATABASE_URL and lists what it applied.',
  async run(args, context) {
    parseCommandLine(args, {}, 0);
    const result = await migrateToLatest(await context.db({ migrate: false }));
    const applied = result.results ?? [];
    if (applied.length === 0) context.out('Database is up to date.');
    for (const migration of applied) context.out(`applied ${migration.migrationName}`);
    return EXIT.ok;
  },
};
