import { userInfo } from 'node:os';
import { eraseByEmail } from '../inquiries/erase.js';
import { csvLines, exportRecord } from '../inquiries/export.js';
import type { InboxFilter, InboxStore } from '../inquiries/inbox-store.js';
import { notifiersFromConfig } from '../inquiries/notifiers/from-config.js';
import type { NotificationStatus, OutboxStore } from '../inquiries/outbox-store.js';
import { markGenuine } from '../inquiries/triage.js';
import { systemClock } from '../lib/clock.js';
import { KyselyInboxStore } from '../store/inbox-store.js';
import { KyselyOutboxStore } from '../store/outbox-store.js';
import { EXIT, UsageError, parseCommandLine, parseDuration, parseSince, type CliContext, type CommandGroup, iso } from './command.js';
import { listTable, showLines } from './inbox-format.js';

const USAGE = `studio inbox <command>

  list [--since 7d|2026-01-31] [--spam | --no-spam] [--status pending|done|failed] [--limit 50]
                          inquiries, newest first, with their notification states
  show <id>               one inquiry with every field and its notifications
  export --format csv|json [--since …] [--spam | --no-spam] [--status …]
                          every matching inquiry to standard output
  delete <id>             deletes one inquiry (privacy request)
  delete --email <address>
                          deletes every inquiry of that address, in any letter case (privacy request)
  purge --older-than 365d [--dry-run]
                          deletes every inquiry received before then (retention); --dry-run lists them
  retry [<id>]            re-queues permanently failed notifications (of one inquiry)
  not-spam <id>           marks a spam-flagged inquiry genuine and queues its notifications

Exit codes: 0 done, 1 failure (e.g. database unreachable), 2 usage error, 4 no such inquiry.`;

const STATUSES: NotificationStatus[] = ['pending', 'done', 'failed'];

const FILTER_OPTIONS = {
  since: { type: 'string' }, spam: { type: 'boolean' }, 'no-spam': { type: 'boolean' }, status: { type: 'string' },
} as const;

interface FilterValues { since?: string; spam?: boolean; 'no-spam'?: boolean; status?: string }

function filterFrom(values: FilterValues, now: number): InboxFilter {
  const filter: InboxFilter = {};
  if (values.since !== undefined) filter.since = parseSince(values.since, now);
  if (values.spam && values['no-spam']) throw new UsageError('--spam and --no-spam exclude each other');
  if (values.spam) filter.state = 'spam';
  if (values['no-spam']) filter.exceptState = 'spam';
  if (values.status !== undefined) {
    if (!STATUSES.includes(values.status as NotificationStatus)) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
    filter.status = values.status as NotificationStatus;
  }
  return filter;
}

/** The inquiry id of a command that takes nothing else. */
function oneId(args: string[]): string {
  const { positionals: ids } = parseCommandLine(args, {}, 1);
  if (ids.length === 0) throw new UsageError('give the inquiry id');
  return ids[0]!;
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type Subcommand = (args: string[], context: CliContext) => Promise<number>;

async function list(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandLine(args, { ...FILTER_OPTIONS, limit: { type: 'string' } }, 0);
  const limit = Number(values.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number');
  const { inbox } = await storesOf(context);
  const entries = await inbox.list({ ...filterFrom(values, systemClock()), limit });
  if (entries.length === 0) context.out('No inquiries match.');
  else for (const line of listTable(entries)) context.out(line);
  return EXIT.ok;
}

async function show(args: string[], context: CliContext): Promise<number> {
  const id = oneId(args);
  const { inbox } = await storesOf(context);
  const entry = await inbox.find(id);
  if (!entry) { context.err('No inquiry with that id.'); return EXIT.notFound; }
  for (const line of showLines(entry)) context.out(line);
  return EXIT.ok;
}

async function exportAll(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandLine(args, { ...FILTER_OPTIONS, format: { type: 'string' } }, 0);
  if (values.format !== 'csv' && values.format !== 'json') throw new UsageError('--format must be csv or json');
  const { inbox } = await storesOf(context);
  const entries = await inbox.list(filterFrom(values, systemClock()));
  if (values.format === 'json') context.out(JSON.stringify(entries.map(exportRecord), null, 2));
  else for (const line of csvLines(entries)) context.out(line);
  return EXIT.ok;
}

/** `delete <id>`, or `delete --email <address>`: every inquiry of one person. */
async function deleteInquiries(args: string[], context: CliContext): Promise<number> {
  const { values, positionals: ids } = parseCommandLine(args, { email: { type: 'string' } }, 1);
  if ((values.email === undefined) === (ids.length === 0)) throw new UsageError('give one inquiry id, or --email <address>');
  const { inbox } = await storesOf(context);
  if (values.email !== undefined) {
    const count = await eraseByEmail(inbox, values.email);
    context.out(`Deleted ${plural(count, 'inquiry', 'inquiries')} of that address, with their notifications.`);
    return EXIT.ok;
  }
  if (!(await inbox.delete(ids[0]!))) { context.err('No inquiry with that id.'); return EXIT.notFound; }
  context.out(`Deleted inquiry ${ids[0]} and its notifications.`);
  return EXIT.ok;
}

async function purge(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandLine(args, { 'older-than': { type: 'string' }, 'dry-run': { type: 'boolean' } }, 0);
  const olderThan = values['older-than'];
  if (olderThan === undefined) throw new UsageError('--older-than is required, e.g. --older-than 365d');
  const before = systemClock() - parseDuration(olderThan, 'older-than');
  const { inbox } = await storesOf(context);
  if (values['dry-run']) {
    const entries = await inbox.list({ until: before });
    if (entries.length > 0) for (const line of listTable(entries)) context.out(line);
    context.out(`Would delete ${plural(entries.length, 'inquiry', 'inquiries')} received before ${iso(before)}; nothing was deleted.`);
    return EXIT.ok;
  }
  const count = await inbox.purge(before);
  context.out(`Deleted ${plural(count, 'inquiry', 'inquiries')} received more than ${olderThan} ago.`);
  return EXIT.ok;
}

async function retry(args: string[], context: CliContext): Promise<number> {
  const { positionals: ids } = parseCommandLine(args, {}, 1);
  const { outbox } = await storesOf(context);
  const count = await outbox.requeueFailed(systemClock(), ids[0]);
  context.out(`Re-queued ${plural(count, 'failed notification', 'failed notifications')}; the server's outbox worker sends them.`);
  return EXIT.ok;
}

/** Queues the notifications of the configured channels (the server's own configuration must match). */
async function notSpam(args: string[], context: CliContext): Promise<number> {
  const id = oneId(args);
  const notifiers = notifiersFromConfig(context.config);
  await Promise.all(notifiers.map((n) => n.close?.()));
  const channels = notifiers.map((n) => n.channel);
  const { inbox } = await storesOf(context);
  const outcome = await markGenuine({ inbox, channels }, id, `cli:${userInfo().username}`);
  if (outcome === 'not_found') { context.err('No inquiry with that id.'); return EXIT.notFound; }
  if (outcome === 'not_spam') { context.out(`Inquiry ${id} is not flagged as spam; nothing changed.`); return EXIT.ok; }
  context.out(channels.length === 0
    ? `Marked inquiry ${id} genuine. No notification channel is configured, so nobody is notified.`
    : `Marked inquiry ${id} genuine and queued its ${channels.join(' and ')} notification; the server's outbox worker sends it.`);
  return EXIT.ok;
}

/** A Map, not an object literal: the command name is user input, and "constructor" must be unknown. */
const SUBCOMMANDS: ReadonlyMap<string, Subcommand> = new Map([
  ['list', list], ['show', show], ['export', exportAll], ['delete', deleteInquiries], ['purge', purge], ['retry', retry],
  ['not-spam', notSpam],
]);

/** `studio inbox …`: the operator's view of the studio inbox in DATABASE_URL. */
export const inboxCommands: CommandGroup = {
  summary: 'inbox <command>         list, show, export, delete, purge inquiries; retry notifications; not-spam',
  usage: USAGE,
  async run(args, context) {
    const [name, ...rest] = args;
    const subcommand = name ? SUBCOMMANDS.get(name) : undefined;
    if (!subcommand) throw new UsageError(name ? `unknown inbox command "${name}"` : 'which inbox command?');
    return subcommand(rest, context);
  },
};
