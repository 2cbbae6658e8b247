import type { InboxEntry, InboxFilter, InboxStore } from '../inquiries/inbox-store.js';
import type { NotificationStatus, OutboxStore } from '../inquiries/outbox-store.js';
import { systemClock } from '../lib/clock.js';
import { KyselyInboxStore } from '../store/inbox-store.js';
import { KyselyOutboxStore } from '../store/outbox-store.js';
import { EXIT, UsageError, checkFlags, parseArgs, parseDuration, parseSince, type CliContext, type CommandGroup, iso } from './command.js';

const USAGE = `studio inbox <command>

  list [--since 7d|2026-01-31] [--spam | --no-spam] [--status pending|done|failed] [--limit 50]
                          inquiries, newest first, with their notification states
  show <id>               one inquiry with every field and its notifications
  export --format csv|json [--since …] [--spam | --no-spam] [--status …]
                          every matching inquiry to standard output
  delete <id>             deletes one inquiry (privacy request)
  purge --older-than 365d deletes every inquiry received before then (retention)
  retry [<id>]            re-queues permanently failed notifications (of one inquiry)

Exit codes: 0 done, 1 failure (e.g. database unreachable), 2 usage error, 4 no such inquiry.`;

const STATUSES: NotificationStatus[] = ['pending', 'done', 'failed'];
const EXPORT_COLUMNS = ['id', 'received_at', 'name', 'email', 'phone', 'message', 'location', 'budget', 'phase',
  'spam', 'channel', 'client_ip', 'user_agent', 'client_id', 'notifications'] as const;

function filterFrom(flags: Map<string, string | true>, now: number): InboxFilter {
  const filter: InboxFilter = {};
  const since = flags.get('since');
  if (typeof since === 'string') filter.since = parseSince(since, now);
  if (flags.has('spam') && flags.has('no-spam')) throw new UsageError('--spam and --no-spam exclude each other');
  if (flags.has('spam')) filter.spam = true;
  if (flags.has('no-spam')) filter.spam = false;
  const status = flags.get('status');
  if (status !== undefined) {
    if (!STATUSES.includes(status as NotificationStatus)) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
    filter.status = status as NotificationStatus;
  }
  return filter;
}

const notificationSummary = (entry: InboxEntry) => entry.notifications.map((n) => `${n.channel}:${n.status}`).join(' ') || '-';

function listLine(entry: InboxEntry): string {
  const flag = entry.spam ? 'SPAM ' : '';
  return `${entry.id}  ${entry.receivedAt.toISOString()}  ${flag}${entry.name} <${entry.email}>  ${entry.location}/${entry.budget}/${entry.phase}  [${notificationSummary(entry)}]`;
}

function showLines(entry: InboxEntry): string[] {
  const lines = [
    `id:          ${entry.id}`,
    `received_at: ${entry.receivedAt.toISOString()}`,
    `name:        ${entry.name}`,
    `email:       ${entry.email}`,
    `phone:       ${entry.phone ?? ''}`,
    `location:    ${entry.location}`,
    `budget:      ${entry.budget}`,
    `phase:       ${entry.phase}`,
    `spam:        ${entry.spam ? 'yes (honeypot filled)' : 'no'}`,
    `channel:     ${entry.channel}${entry.clientId ? ` (client ${entry.clientId})` : ''}`,
    `client_ip:   ${entry.clientIp}`,
    `user_agent:  ${entry.userAgent ?? ''}`,
    'notifications:',
    ...entry.notifications.map((n) => `  ${n.channel}: ${n.status}, ${n.attempts} attempt(s)`
      + (n.status === 'done' ? `, delivered ${iso(n.deliveredAt)}` : '')
      + (n.status === 'pending' ? `, next ${iso(n.nextAttemptAt)}` : '')
      + (n.lastError && n.status !== 'done' ? `, last error: ${n.lastError}` : '')),
    'message:',
    ...entry.message.split(/\r?\n/).map((line) => `  ${line}`),
  ];
  if (entry.notifications.length === 0) lines.splice(lines.indexOf('notifications:') + 1, 0, '  none');
  return lines;
}

/** RFC 4180 quoting; a cell that a spreadsheet would run as a formula is prefixed with a quote. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function exportRecord(entry: InboxEntry): Record<(typeof EXPORT_COLUMNS)[number], unknown> {
  return {
    id: entry.id, received_at: entry.receivedAt.toISOString(), name: entry.name, email: entry.email, phone: entry.phone,
    message: entry.message, location: entry.location, budget: entry.budget, phase: entry.phase, spam: entry.spam,
    channel: entry.channel, client_ip: entry.clientIp, user_agent: entry.userAgent, client_id: entry.clientId,
    notifications: notificationSummary(entry),
  };
}

function oneId(positional: string[]): string {
  if (positional.length !== 1) throw new UsageError('give exactly one inquiry id');
  return positional[0]!;
}

/** The stores of DATABASE_URL, through the same adapters the server uses. */
interface InboxStores {
  inbox: InboxStore;
  outbox: OutboxStore;
}

async function storesOf(context: CliContext): Promise<InboxStores> {
  const db = await context.db();
  return { inbox: new KyselyInboxStore(db), outbox: new KyselyOutboxStore(db) };
}

type Subcommand = (args: string[], context: CliContext) => Promise<number>;

async function list(args: string[], context: CliContext): Promise<number> {
  const parsed = parseArgs(args, ['spam', 'no-spam']);
  checkFlags(parsed, ['since', 'spam', 'no-spam', 'status', 'limit']);
  const limit = Number(parsed.flags.get('limit') ?? 50);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number');
  const { inbox } = await storesOf(context);
  const entries = await inbox.list({ ...filterFrom(parsed.flags, systemClock()), limit });
  for (const entry of entries) context.out(listLine(entry));
  if (entries.length === 0) context.out('No inquiries match.');
  return EXIT.ok;
}

async function show(args: string[], context: CliContext): Promise<number> {
  const { inbox } = await storesOf(context);
  const entry = await inbox.find(oneId(parseArgs(args).positional));
  if (!entry) { context.err('No inquiry with that id.'); return EXIT.notFound; }
  for (const line of showLines(entry)) context.out(line);
  return EXIT.ok;
}

async function exportAll(args: string[], context: CliContext): Promise<number> {
  const parsed = parseArgs(args, ['spam', 'no-spam']);
  checkFlags(parsed, ['format', 'since', 'spam', 'no-spam', 'status']);
  const format = parsed.flags.get('format');
  if (format !== 'csv' && format !== 'json') throw new UsageError('--format must be csv or json');
  const { inbox } = await storesOf(context);
  const records = (await inbox.list(filterFrom(parsed.flags, systemClock()))).map(exportRecord);
  if (format === 'json') { context.out(JSON.stringify(records, null, 2)); return EXIT.ok; }
  context.out(EXPORT_COLUMNS.join(','));
  for (const record of records) context.out(EXPORT_COLUMNS.map((column) => csvCell(record[column])).join(','));
  return EXIT.ok;
}

async function deleteOne(args: string[], context: CliContext): Promise<number> {
  const id = oneId(parseArgs(args).positional);
  const { inbox } = await storesOf(context);
  if (!(await inbox.delete(id))) { context.err('No inquiry with that id.'); return EXIT.notFound; }
  context.out(`Deleted inquiry ${id} and its notifications.`);
  return EXIT.ok;
}

async function purge(args: string[], context: CliContext): Promise<number> {
  const parsed = parseArgs(args);
  checkFlags(parsed, ['older-than']);
  const olderThan = parsed.flags.get('older-than');
  if (typeof olderThan !== 'string') throw new UsageError('--older-than is required, e.g. --older-than 365d');
  const { inbox } = await storesOf(context);
  const count = await inbox.purge(systemClock() - parseDuration(olderThan, 'older-than'));
  context.out(`Deleted ${count} inquir${count === 1 ? 'y' : 'ies'} received more than ${olderThan} ago.`);
  return EXIT.ok;
}

async function retry(args: string[], context: CliContext): Promise<number> {
  const { positional } = parseArgs(args);
  if (positional.length > 1) throw new UsageError('give at most one inquiry id');
  const { outbox } = await storesOf(context);
  const count = await outbox.requeueFailed(systemClock(), positional[0]);
  context.out(`Re-queued ${count} failed notification${count === 1 ? '' : 's'}; the server's outbox worker sends them.`);
  return EXIT.ok;
}

/** A Map, not an object literal: the command name is user input, and "constructor" must be unknown. */
const SUBCOMMANDS: ReadonlyMap<string, Subcommand> = new Map([
  ['list', list], ['show', show], ['export', exportAll], ['delete', deleteOne], ['purge', purge], ['retry', retry],
]);

/** `studio inbox …`: the operator's view of the studio inbox in DATABASE_URL. */
export const inboxCommands: CommandGroup = {
  summary: 'inbox <command>         list, show, export, delete, purge inquiries; retry notifications',
  usage: USAGE,
  async run(args, context) {
    const [name, ...rest] = args;
    const subcommand = name ? SUBCOMMANDS.get(name) : undefined;
    if (!subcommand) throw new UsageError(name ? `unknown inbox command "${name}"` : 'which inbox command?');
    return subcommand(rest, context);
  },
};
