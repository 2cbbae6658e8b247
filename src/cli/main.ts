#!/usr/bin/env node
import { ConfigError, loadConfig } from '../config/load.js';
import { openDatabase, type Db } from '../store/db/database.js';
import pino from 'pino';
import { EXIT, UsageError, type CliContext, type CommandGroup } from './command.js';
import { inboxCommands } from './inbox.js';
import { withDigest } from './digest.js';
import { withReceive } from './receive.js';
import { migrateCommand } from './migrate.js';
import { clientsCommands } from './clients.js';
import { keysCommands } from './keys.js';
import { backupCommand } from './backup.js';
import { notifyCommands } from './notify.js';
import { operatorsCommands } from './operators.js';
import { imagesCommands } from './images.js';
import { scanCommand } from './scan.js';
import { calendarCommands } from './calendar.js';
import { mcpCommands } from './mcp.js';
import { ProgressLine } from './progress.js';
import { migrateToLatest } from '../store/db/migrate.js';

// `studio`: the operator command. One line per command group; each group lives in its own file.
// A Map: the command name is the operator's input, and `studio constructor` must be an unknown command.
const GROUPS = new Map<string, CommandGroup>([
  ['inbox', withReceive(withDigest(inboxCommands))],
  ['clients', clientsCommands],
  ['operators', operatorsCommands],
  ['keys', keysCommands],
  ['migrate', migrateCommand],
  ['backup', backupCommand],
  ['notify', notifyCommands],
  ['images', imagesCommands],
  ['scan', scanCommand],
  ['calendar', calendarCommands],
  ['mcp', mcpCommands],
]);

function usage(): string {
  return ['Usage: studio <command> [options]   (uses the server\'s DATABASE_URL and other variables)', '',
    ...[...GROUPS.values()].map((group) => `  ${group.summary}`), '',
    'Run `studio <command> --help` for the options of a command.'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage()}\n`);
    return name ? EXIT.ok : EXIT.usage;
  }
  const group = GROUPS.get(name);
  if (!group) {
    process.stderr.write(`studio: unknown command "${name}"\n\n${usage()}\n`);
    return EXIT.usage;
  }
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${group.usage}\n`);
    return EXIT.ok;
  }
  const config = loadConfig();
  let db: Db | undefined;
  const progress = new ProgressLine(process.stderr);
  const context: CliContext = {
    config,
    async db({ migrate = true } = {}) {
      db ??= openDatabase(config.databaseUrl, pino({ level: 'silent' }));
      // Every command works on a new database too: the schema is brought up to date first.
      if (migrate) await migrateToLatest(db);
      return db;
    },
    out: (line) => {
      // The same terminal: the line is printed where the progress was, not after it.
      if (process.stdout.isTTY) progress.clear();
      process.stdout.write(`${line}\n`);
    },
    err: (line) => {
      progress.clear();
      process.stderr.write(`${line}\n`);
    },
    progress,
  };
  try {
    return await group.run(args, context);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`studio ${name}: ${error.message}\n\n${group.usage}\n`);
      return EXIT.usage;
    }
    throw error;
  } finally {
    progress.clear();
    await db?.close();
  }
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`studio: ${error.message}\n`);
  } else {
    // Driver messages can carry hosts and users, but the operator running the command needs them.
    const e = error as { message?: string; code?: string };
    process.stderr.write(`studio: failed: ${e.message ?? String(error)}${e.code ? ` (${e.code})` : ''}\n`);
  }
  process.exitCode = EXIT.failure;
});
