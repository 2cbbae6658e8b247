import { findInquiry, listInquiries, deleteInquiry, purgeInquiries, type InboxEntry, type InboxFilter } from '../inquiries/inbox-queries.js';
import { requeueFailed } from '../inquiries/outbox-store.js';
import type { NotificationStatus } from '../store/schema.js';
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
  return `${entry.id}  ${iso(entry.received_at)}  ${flag}${entry.name} <${entry.email}>  ${entry.location}/${entry.budget}/${entry.phase}  [${notificationSummary(entry)}]`;
}

function showLines(entry: InboxEntry): string[] {
  const lines = [
    `id:          ${entry.id}`,
    `received_at: ${iso(entry.received_at)}`,
    `name:        ${entry.name}`,
    `email:       ${entry.email}`,
    `phone:       ${entry.phone ?? ''}`,
    `location:    ${entry.location}`,
    `budget:      ${entry.budget}`,
    `phase:       ${entry.phase}`,
    `spam:        ${entry.spam ? 'yes (honeypot filled)' : 'no'}`,
    `channel:     ${entry.channel}${entry.client_id ? ` (client ${entry.client_id})` : ''}`,
    `client_ip:   ${entry.client_ip}`,
    `user_agent:  ${entry.user_agent ?? ''}`,
    'notifications:',
    ...entry.notifications.map((n) => `  ${n.channel}: ${n.status}, ${n.attempts} attempt(s)`
      + (n.status === 'done' ? `, delivered ${iso(n.delivered_at)}` : '')
      + (n.status === 'pending' ? `, next ${iso(n.next_attempt_at)}` : '')
      + (n.last_error && n.status !== 'done' ? `, last error: ${n.last_error}` : '')),
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
    id: entry.id, received_at: iso(entry.received_at), name: entry.name, email: entry.email, phone: entry.phone,
    message: entry.message, location: entry.location, budget: entry.budget, phase: entry.phase, spam: entry.spam === 1,
    channel: entry.channel, client_ip: entry.client_ip, user_agent: entry.user_agent, client_id: entry.client_id,
    notifications: notificationSummary(entry),
  };
}

function oneId(positional: string[]): string {
  if (positional.length !== 1) throw new UsageError('give exactly one inquiry id');
  return positional[0]!;
}

type Subcommand = (args: string[], context: CliContext) => Promise<number>;

const SUBCOMMANDS: Record<string, Subcommand> = {
  async list(args, context) {
    const parsed = parseArgs(args, ['spam', 'no-spam']);
    checkFlags(parsed, ['since', 'spam', 'no-spam', 'status', 'limit']);
    const limit = Number(parsed.flags.get('limit') ?? 50);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number');
    const entries = await listInquiries((await context.db()).kysely, { ...filterFrom(parsed.flags, Date.now()), limit });
    for (const entry of entries) context.out(listLine(entry));
    if (entries.length === 0) context.out('No inquiries match.');
    return EXIT.ok;
  },
  async show(args, context) {
    const entry = await findInquiry((await context.db()).kysely, oneId(parseArgs(args).positional));
    if (!entry) { context.err('No inquiry with that id.'); return EXIT.notFound; }
    for (const line of showLines(entry)) context.out(line);
    return EXIT.ok;
  },
  async export(args, context) {
    const parsed = parseArgs(args, ['spam', 'no-spam']);
    checkFlags(parsed, ['format', 'since', 'spam', 'no-spam', 'status']);
    const format = parsed.flags.get('format');
    if (format !== 'csv' && format !== 'json') throw new UsageError('--format must be csv or json');
    const records = (await listInquiries((await context.db()).kysely, filterFrom(parsed.flags, Date.now()))).map(exportRecord);
    if (format === 'json') { context.out(JSON.stringify(records, null, 2)); return EXIT.ok; }
    context.out(EXPORT_COLUMNS.join(','));
    for (const record of records) context.out(EXPORT_COLUMNS.map((column) => csvCell(record[column])).join(','));
    return EXIT.ok;
  },
  async delete(args, context) {
    const id = oneId(parseArgs(args).positional);
    if (!(await deleteInquiry((await context.db()).kysely, id))) { context.err('No inquiry with that id.'); return EXIT.notFound; }
    context.out(`Deleted inquiry ${id} and its notifications.`);
    return EXIT.ok;
  },
  async purge(args, context) {
    const parsed = parseArgs(args);
    checkFlags(parsed, ['older-than']);
    const olderThan = parsed.flags.get('older-than');
    if (typeof olderThan !== 'string') throw new UsageError('--older-than is required, e.g. --older-than 365d');
    const count = await purgeInquiries((await context.db()).kysely, Date.now() - parseDuration(olderThan, 'older-than'));
    context.out(`Deleted ${count} inquir${count === 1 ? 'y' : 'ies'} received more than ${olderThan} ago.`);
    return EXIT.ok;
  },
  async retry(args, context) {
    const { positional } = parseArgs(args);
    if (positional.length > 1) throw new UsageError('give at most one inquiry id');
    const count = await requeueFailed((await context.db()).kysely, Date.now(), positional[0]);
    context.out(`Re-queued ${count} failed notification${count === 1 ? '' : 's'}; the server's outbox worker sends them.`);
    return EXIT.ok;
  },
};

/** `studio inbox …`: the operator's view of the studio inbox in DATABASE_URL. */
export const inboxCommands: CommandGroup = {
  summary: 'inbox <command>         list, show, export, delete, purge inquiries; retry notifications',
  usage: USAGE,
  async run(args, context) {
    const [name, ...rest] = args;
    const subcommand = name ? SUBCOMMANDS[name] : undefined;
    if (!subcommand) throw new UsageError(name ? `unknown inbox command "${name}"` : 'which inbox command?');
    return subcommand(rest, context);
  },
};
