#!/usr/bin/env node
// Temporary dispatcher of the OAuth branch: the lead merges it with the inquiries branch's dispatcher.
import { ConfigError, loadConfig } from '../config.js';
import * as clients from './clients.js';
import * as keys from './keys.js';

interface Command {
  summary: string;
  run(args: string[], deps: { config: ReturnType<typeof loadConfig> }): Promise<number>;
}

const COMMANDS: Record<string, Command> = { clients, keys };

function usage(): string {
  return `usage: studio <command> ...\n${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(8)} ${c.summary}`).join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(usage());
    return 2;
  }
  return command.run(args, { config: loadConfig() });
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error: unknown) => {
  const message = error instanceof ConfigError ? error.message : (error as Error).message;
  process.stderr.write(`studio: ${message}\n`);
  process.exitCode = 1;
});
