import type { Config } from '../config.js';
import type { Db } from '../store/database.js';

// What every `studio` command group gets from the dispatcher, and the exit codes they share.

export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 4 } as const;

export interface CliContext {
  config: Config;
  /** The database of DATABASE_URL, migrated to the latest version; the dispatcher closes it after the command. */
  db(options?: { migrate?: boolean }): Promise<Db>;
  out(line: string): void;
  err(line: string): void;
}

export interface CommandGroup {
  /** One line for the dispatcher's usage text. */
  summary: string;
  usage: string;
  run(args: string[], context: CliContext): Promise<number>;
}

/** A mistake in the command line: the dispatcher prints it with the group's usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/** `--name value`, `--name=value` and bare `--switch`; `switches` names the flags that take no value. */
export function parseArgs(args: string[], switches: string[] = []): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) { positional.push(arg); continue; }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (switches.includes(name)) { flags.set(name, true); continue; }
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    flags.set(name, value);
  }
  return { positional, flags };
}

export function checkFlags(parsed: ParsedArgs, allowed: string[]): void {
  for (const name of parsed.flags.keys()) if (!allowed.includes(name)) throw new UsageError(`unknown option --${name}`);
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "365d", "12h", "30m" -> milliseconds. */
export function parseDuration(value: string, flag: string): number {
  const match = /^(\d+)([mhd])$/.exec(value);
  if (!match) throw new UsageError(`--${flag} must be a duration such as 365d, 12h or 30m`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** A point in time: an ISO date, or a duration meaning "that long ago". */
export function parseSince(value: string, now: number): number {
  if (/^\d+[mhd]$/.test(value)) return now - parseDuration(value, 'since');
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new UsageError('--since must be a date (2026-01-31) or a duration (7d)');
  return time;
}

/** A stored epoch-milliseconds time as the commands print it; nothing for an unset one. */
export const iso = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString());
