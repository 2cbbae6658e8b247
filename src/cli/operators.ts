import { INBOX_PATHS } from '../contract/paths.js';
import { comparableAddress } from '../inquiries/email-address.js';
import { argon2idHasher } from '../operators/argon2-hasher.js';
import { OperatorRefusal } from '../operators/errors.js';
import type { CredentialOutcome } from '../operators/operators.js';
import { PASSWORD_LENGTH } from '../operators/password-rules.js';
import { SIGN_IN_LINK_MS } from '../operators/sessions.js';
import { createOperatorAccounts, type OperatorAccounts } from '../operators/service.js';
import { KyselyOperatorStore } from '../store/operators/operators.js';
import { EXIT, UsageError, iso, parseCommandLine, runSubcommand, table, type CliContext, type CommandGroup, type Subcommand } from './command.js';

const USAGE = `studio operators <command>

  add <email> [--password-stdin]
                          adds an operator of the web inbox; with --password-stdin the password is the
                          one line on standard input, else a one-time sign-in link is printed
  list                    every operator: created, whether a password is set, sessions alive now
  remove <email>          removes the operator: every session of theirs ends on every instance at once
  reset <email> [--password-stdin]
                          ends every session of the operator and sets the password from standard input,
                          or clears it and prints a new one-time sign-in link

Passwords are ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters, e.g.
  printf '%s\\n' "$PASSWORD" | studio operators add ada@example.com --password-stdin
A sign-in link works once, for ${SIGN_IN_LINK_MS / 3_600_000} hours; opening it only shows the form, setting the password uses it.

Exit codes: 0 done, 1 failure (e.g. a password too short, an address taken), 2 usage error, 4 no such operator.`;


async function accountsOf(context: CliContext): Promise<OperatorAccounts> {
  return createOperatorAccounts({ store: new KyselyOperatorStore(await context.db()), hasher: argon2idHasher });
}

/** The operator's address of a command that takes nothing else. */
function oneEmail(args: string[]): string {
  const { positionals } = parseCommandLine(args, {}, 1);
  if (positionals.length === 0) throw new UsageError('give the operator\'s email address');
  return positionals[0]!;
}

/** `<email> [--password-stdin]`: the address, and the password when standard input brings one. */
async function emailAndPassword(args: string[]): Promise<{ email: string; password?: string }> {
  const { values, positionals } = parseCommandLine(args, { 'password-stdin': { type: 'boolean' } }, 1);
  if (positionals.length === 0) throw new UsageError('give the operator\'s email address');
  return { email: positionals[0]!, password: values['password-stdin'] ? await passwordFromStdin() : undefined };
}

/** The password: the one line on standard input, its line break removed. Never echoed. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('--password-stdin reads a pipe, not the terminal: printf \'%s\\n\' "$PASSWORD" | studio operators …');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  if (/[\r\n]/.test(password)) throw new UsageError('standard input must hold the password on one line');
  return password;
}

/** What to send the operator when no password was given: the link, and until when it works. */
function linkLines(context: CliContext, { linkToken, linkExpiresAt }: CredentialOutcome): string[] {
  if (!linkToken) return [];
  const url = `${context.config.baseUrl}${INBOX_PATHS.setPassword}?token=${linkToken}`;
  return [`Send them this one-time sign-in link to set a password (it works once, until ${iso(linkExpiresAt ?? null)}):`, url];
}

async function add(args: string[], context: CliContext): Promise<number> {
  const { email, password } = await emailAndPassword(args);
  const outcome = await (await accountsOf(context)).add(email, password);
  context.out(password === undefined ? `Added operator ${comparableAddress(email)}.` : `Added operator ${comparableAddress(email)} with the password from standard input.`);
  for (const line of linkLines(context, outcome)) context.out(line);
  return EXIT.ok;
}

async function list(args: string[], context: CliContext): Promise<number> {
  parseCommandLine(args, {}, 0);
  const operators = await (await accountsOf(context)).list();
  if (operators.length === 0) { context.out('No operators. Add one with `studio operators add <email>`.'); return EXIT.ok; }
  const rows = operators.map((o) => [o.email, iso(o.createdAt), o.hasPassword ? 'set' : 'not set', String(o.activeSessions)]);
  for (const line of table(['EMAIL', 'CREATED', 'PASSWORD', 'SESSIONS'], rows)) context.out(line);
  return EXIT.ok;
}

async function remove(args: string[], context: CliContext): Promise<number> {
  const email = oneEmail(args);
  if (!(await (await accountsOf(context)).remove(email))) { context.err(`No operator ${comparableAddress(email)}.`); return EXIT.notFound; }
  context.out(`Removed operator ${comparableAddress(email)}: every session of theirs has ended, on every instance.`);
  return EXIT.ok;
}

async function reset(args: string[], context: CliContext): Promise<number> {
  const { email, password } = await emailAndPassword(args);
  const outcome = await (await accountsOf(context)).reset(email, password);
  if (!outcome) { context.err(`No operator ${comparableAddress(email)}.`); return EXIT.notFound; }
  context.out(password === undefined
    ? `Reset operator ${comparableAddress(email)}: every session of theirs has ended and the old password no longer works.`
    : `Set a new password for operator ${comparableAddress(email)}: every session of theirs has ended.`);
  for (const line of linkLines(context, outcome)) context.out(line);
  return EXIT.ok;
}

/** Run by runSubcommand (command.ts), which looks the name up in this Map. */
const SUBCOMMANDS: ReadonlyMap<string, Subcommand> = new Map([['add', add], ['list', list], ['remove', remove], ['reset', reset]]);

/** `studio operators …`: the accounts of the web inbox in DATABASE_URL. */
export const operatorsCommands: CommandGroup = {
  summary: 'operators <command>     add, list, remove, reset the operators of the web inbox',
  usage: USAGE,
  async run(args, context) {
    try {
      return await runSubcommand('operators', SUBCOMMANDS, args, context);
    } catch (error) {
      if (!(error instanceof OperatorRefusal)) throw error;
      context.err(error.message);
      return EXIT.failure;
    }
  },
};
