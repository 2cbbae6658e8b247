import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config/load.js';
import type { StudioTime } from '../lib/studio-time.js';
import type { Db } from '../store/db/database.js';
import type { ProgressLine } from './progress.js';

// What every `studio` command group gets from the dispatcher, and the exit codes they share.

export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 4 } as const;

export interface CliContext {
  config: Config;
  /** The database of DATABASE_URL, migrated to the latest version; the dispatcher closes it after the command. */
  db(options?: { migrate?: boolean }): Promise<Db>;
  out(line: string): void;
  err(line: string): void;
  /** The progress of long work, on standard error when it is a terminal; out and err erase it first. */
  progress: ProgressLine;
}

export interface CommandGroup {
  /** One line for the dispatcher's usage text. */
  summary: string;
  usage: string;
  run(args: string[], context: CliContext): Promise<number>;
}

/** One command of a group (`studio inbox list`), given the arguments after its name. */
export type Subcommand = (args: string[], context: CliContext) => Promise<number>;

/**
 * Runs the subcommand the first argument names, with the rest. A Map, not an object: the name is the
 * operator's input, and "constructor" must be unknown. A missing or unknown name is a UsageError.
 */
export function runSubcommand(group: string, subcommands: ReadonlyMap<string, Subcommand>, args: string[], context: CliContext): Promise<number> {
  const [name, ...rest] = args;
  const subcommand = name ? subcommands.get(name) : undefined;
  if (!subcommand) throw new UsageError(name ? `unknown ${group} command "${name}"` : `which ${group} command?`);
  return subcommand(rest, context);
}

/** A mistake in the command line: the dispatcher prints it with the group's usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The options of one command, as `node:util` `parseArgs` takes them. */
export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

/**
 * `--name value`, `--name=value`, bare `--switch` and up to `maxPositionals` positionals, by `node:util`
 * `parseArgs` in strict mode: an unknown option, a switch given a value, a value that looks like an
 * option (`--limit --spam`) or one positional too many is a UsageError.
 */
export function parseCommandLine<O extends OptionSpecs>(args: string[], options: O, maxPositionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true as const, allowPositionals: true as const });
  } catch (error) {
    if (isParseArgsError(error)) throw new UsageError(error.message.replaceAll('\n', ' '));
    throw error;
  }
  if (parsed.positionals.length > maxPositionals) throw new UsageError(`unexpected argument ${parsed.positionals[maxPositionals]}`);
  return parsed;
}

function isParseArgsError(error: unknown): error is Error {
  return error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_');
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "365d", "12h", "30m" -> milliseconds. */
export function parseDuration(value: string, flag: string): number {
  const match = /^(\d+)([mhd])$/.exec(value);
  if (!match) throw new UsageError(`--${flag} must be a duration such as 365d, 12h or 30m`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** A point in time: a day (from its start in the studio's zone), an ISO date-time, or a duration meaning "that long ago". */
export function parseSince(value: string, now: number, time: StudioTime): number {
  if (/^\d+[mhd]$/.test(value)) return now - parseDuration(value, 'since');
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = time.dayBounds(value);
    if (day === undefined) throw new UsageError(`--since names a day the calendar lacks (${value})`);
    return day.start;
  }
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) throw new UsageError('--since must be a date (2026-01-31) or a duration (7d)');
  return instant;
}

/** A size as the commands print it: megabytes, one decimal. */
export const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** A stored epoch-milliseconds time as the commands print it; nothing for an unset one. */
export const iso = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString());

/** A header row and the rows under it, each column padded to its widest cell, two spaces apart. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  // The last column is not padded: no trailing blanks.
  const line = (cells: string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)];
}
