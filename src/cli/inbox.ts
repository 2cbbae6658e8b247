import { userInfo } from 'node:os';
import { erasePerson } from '../inquiries/erase.js';
import { csvLines, exportRecord } from '../inquiries/export.js';
import { NOTIFICATION_STATUSES, STAGES, TRIAGE_STATES, type Stage, type TriageState } from '../contract/inquiry.js';
import { UNASSIGNED } from '../contract/inbox-api.js';
import type { InboxFilter, InboxStore, NotificationStatus, OutboxStore } from '../inquiries/ports.js';
import { notifiersFromConfig } from '../inquiries/notifiers/from-config.js';
import { assignTo, moveStage, type PipelineDeps } from '../inquiries/pipeline.js';
import { changeState, markGenuine, type TriageDeps } from '../inquiries/triage.js';
import { systemClock } from '../lib/clock.js';
import { studioTime, type StudioTime } from '../lib/studio-time.js';
import { KyselyBookingStore } from '../store/consultations/bookings.js';
import { KyselyInboxStore } from '../store/inquiries/inbox.js';
import { KyselyOutboxStore } from '../store/inquiries/outbox.js';
import { KyselyPipelineStore } from '../store/inquiries/pipeline.js';
import { KyselyOperatorStore } from '../store/operators/operators.js';
import { EXIT, UsageError, parseCommandLine, parseDuration, parseSince, runSubcommand, type CliContext, type CommandGroup, type Subcommand } from './command.js';
import { listTable, showLines } from './inbox-format.js';

const USAGE = `studio inbox <command>

  list [--state new|read|archived|spam | --spam | --no-spam] [--search <words>]
       [--since 7d|2026-01-31] [--status pending|done|failed] [--limit 50]
                          inquiries, newest first, with their state and notification states;
                          --search: every word in the name, email or message, any letter case;
                          --spam is --state spam, --no-spam every state but spam
  show <id>               one inquiry with every field, its state, stage, assignee, notes, activities
                          and notifications
  export --format csv|json [--state …] [--search …] [--since …] [--spam | --no-spam] [--status …]
                          every matching inquiry to standard output
  delete <id>             deletes one inquiry (privacy request)
  delete --email <address>
                          deletes every inquiry of that address, in any letter case, and every
                          consultation booked with it (privacy request)
  purge --older-than 365d [--dry-run]
                          deletes every inquiry received before then, and every consultation that
                          ended before then (retention); --dry-run lists the inquiries
  retry [<id>]            re-queues permanently failed notifications (of one inquiry)
  mark <id> new|read|archived|spam
                          files the inquiry in that state, as cli:<your user name>; out of spam, its
                          notifications that spam held back are queued
  not-spam <id>           takes an inquiry out of spam (to read) and queues its notifications
  stage <id> ${STAGES.join('|')}
                          moves the inquiry to that stage of the pipeline, as cli:<your user name>;
                          with the webhook configured, an inquiry.stage_changed is queued
  assign <id> <email>|${UNASSIGNED}  assigns the inquiry to an operator of the web inbox, or to nobody

Exit codes: 0 done, 1 failure (e.g. database unreachable), 2 usage error, 4 no such inquiry.`;

const STATUSES: readonly NotificationStatus[] = NOTIFICATION_STATUSES;

const FILTER_OPTIONS = {
  state: { type: 'string' }, search: { type: 'string' }, since: { type: 'string' },
  spam: { type: 'boolean' }, 'no-spam': { type: 'boolean' }, status: { type: 'string' },
} as const;

interface FilterValues { state?: string; search?: string; since?: string; spam?: boolean; 'no-spam'?: boolean; status?: string }

function triageState(value: string, what: string): TriageState {
  if (!TRIAGE_STATES.includes(value as TriageState)) throw new UsageError(`${what} must be one of ${TRIAGE_STATES.join(', ')}`);
  return value as TriageState;
}

function filterFrom(values: FilterValues, now: number, time: StudioTime): InboxFilter {
  const filter: InboxFilter = {};
  if ([values.state !== undefined, values.spam, values['no-spam']].filter(Boolean).length > 1) {
    throw new UsageError('--state, --spam and --no-spam exclude each other');
  }
  if (values.state !== undefined) filter.state = triageState(values.state, '--state');
  if (values.spam) filter.state = 'spam';
  if (values['no-spam']) filter.exceptFolder = 'spam';
  if (values.search !== undefined) filter.search = values.search;
  if (values.since !== undefined) filter.since = parseSince(values.since, now, time);
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

/** The studio's zone (STUDIO_TIME_ZONE, the server's own setting): the times shown and the days of --since. */
const timeOf = (context: CliContext): StudioTime => studioTime(context.config.studioTimeZone);


async function list(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandLine(args, { ...FILTER_OPTIONS, limit: { type: 'string' } }, 0);
  const limit = Number(values.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number');
  const { inbox } = await storesOf(context);
  const time = timeOf(context);
  const entries = await inbox.list({ ...filterFrom(values, systemClock(), time), limit });
  if (entries.length === 0) context.out('No inquiries match.');
  else for (const line of listTable(entries, time)) context.out(line);
  return EXIT.ok;
}

async function show(args: string[], context: CliContext): Promise<number> {
  const id = oneId(args);
  const { inbox } = await storesOf(context);
  const entry = await inbox.find(id);
  if (!entry) { context.err('No inquiry with that id.'); return EXIT.notFound; }
  const history = await new KyselyPipelineStore(await context.db()).history(id);
  for (const line of showLines(entry, timeOf(context), history)) context.out(line);
  return EXIT.ok;
}

async function exportAll(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandLine(args, { ...FILTER_OPTIONS, format: { type: 'string' } }, 0);
  if (values.format !== 'csv' && values.format !== 'json') throw new UsageError('--format must be csv or json');
  const { inbox } = await storesOf(context);
  context.progress.step('export: reading the inbox');
  const time = timeOf(context);
  const entries = await inbox.list(filterFrom(values, systemClock(), time));
  if (values.format === 'json') {
    context.progress.step(`export: writing ${plural(entries.length, 'inquiry', 'inquiries')}`);
    context.out(JSON.stringify(entries.map((entry) => exportRecord(entry, time)), null, 2));
  } else {
    // The header first, then one line per inquiry: line i is inquiry i.
    csvLines(entries, time).forEach((line, written) => {
      context.out(line);
      context.progress.count('export', written, entries.length, 'inquiries');
    });
  }
  context.progress.clear();
  return EXIT.ok;
}

/** `delete <id>`, or `delete --email <address>`: every inquiry of one person. */
async function deleteInquiries(args: string[], context: CliContext): Promise<number> {
  const { values, positionals: ids } = parseCommandLine(args, { email: { type: 'string' } }, 1);
  if ((values.email === undefined) === (ids.length === 0)) throw new UsageError('give one inquiry id, or --email <address>');
  const { inbox } = await storesOf(context);
  if (values.email !== undefined) {
    const counts = await erasePerson(inbox, new KyselyBookingStore(await context.db()), values.email);
    context.out(`Deleted ${plural(counts.inquiries, 'inquiry', 'inquiries')} of that address, with their notifications, `
      + `and ${plural(counts.bookings, 'consultation', 'consultations')} booked with it.`);
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
    const time = timeOf(context);
    if (entries.length > 0) for (const line of listTable(entries, time)) context.out(line);
    context.out(`Would delete ${plural(entries.length, 'inquiry', 'inquiries')} received before ${time.text(before)}; nothing was deleted.`);
    return EXIT.ok;
  }
  const count = await inbox.purge(before);
  // Bookings are kept as long as inquiries: one that ended before the same instant goes with them.
  const bookings = await new KyselyBookingStore(await context.db()).purge(before);
  context.out(`Deleted ${plural(count, 'inquiry', 'inquiries')} received more than ${olderThan} ago, `
    + `and ${plural(bookings, 'consultation', 'consultations')} that ended before then.`);
  return EXIT.ok;
}

async function retry(args: string[], context: CliContext): Promise<number> {
  const { positionals: ids } = parseCommandLine(args, {}, 1);
  const { outbox } = await storesOf(context);
  const count = await outbox.requeueFailed(systemClock(), ids[0]);
  context.out(`Re-queued ${plural(count, 'failed notification', 'failed notifications')}; the server's outbox worker sends them.`);
  return EXIT.ok;
}

/** Who the operator command acts as, for the record of a state change. */
function operatorName(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    // No passwd entry for this uid (some containers): the login name the environment gives, if any.
    return `cli:${process.env.USER ?? process.env.LOGNAME ?? 'unknown'}`;
  }
}

/** Triage with the configured channels (the server's own configuration must match), as the operator. */
async function triageOf(context: CliContext): Promise<TriageDeps> {
  const notifiers = notifiersFromConfig(context.config);
  await Promise.all(notifiers.map((n) => n.close?.()));
  const { inbox } = await storesOf(context);
  return { inbox, channels: notifiers.map((n) => n.channel) };
}

/** `mark <id> <state>`; out of spam, it names the notifications that were queued (none when it had them all). */
async function mark(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandLine(args, {}, 2);
  if (positionals.length < 2) throw new UsageError(`give the inquiry id and a state (${TRIAGE_STATES.join(', ')})`);
  const [id, value] = positionals as [string, string];
  const state = triageState(value, 'the state');
  const triage = await triageOf(context);
  const before = await triage.inbox.find(id);
  const outcome = before ? await changeState(triage, id, state, operatorName()) : 'not_found';
  if (outcome === 'not_found') { context.err('No inquiry with that id.'); return EXIT.notFound; }
  if (outcome === 'unchanged') { context.out(`Inquiry ${id} is already ${state}; nothing changed.`); return EXIT.ok; }
  const had = new Set(before!.notifications.map((n) => n.channel));
  const queued = ((await triage.inbox.find(id))?.notifications ?? []).map((n) => n.channel).filter((c) => !had.has(c));
  context.out(queued.length === 0
    ? `Inquiry ${id} is now ${state}.`
    : `Inquiry ${id} is now ${state}; its ${queued.join(' and ')} notification is queued, and the server's outbox worker sends it.`);
  return EXIT.ok;
}

async function notSpam(args: string[], context: CliContext): Promise<number> {
  const id = oneId(args);
  const triage = await triageOf(context);
  const outcome = await markGenuine(triage, id, operatorName());
  if (outcome === 'not_found') { context.err('No inquiry with that id.'); return EXIT.notFound; }
  if (outcome === 'not_spam') { context.out(`Inquiry ${id} is not flagged as spam; nothing changed.`); return EXIT.ok; }
  context.out(triage.channels.length === 0
    ? `Marked inquiry ${id} genuine. No notification channel is configured, so nobody is notified.`
    : `Marked inquiry ${id} genuine and queued its ${triage.channels.join(' and ')} notification; the server's outbox worker sends it.`);
  return EXIT.ok;
}

/** The pipeline as the operator command works it: the configured channels, the web inbox's operators; no worker to wake. */
async function pipelineOf(context: CliContext): Promise<PipelineDeps> {
  const notifiers = notifiersFromConfig(context.config);
  await Promise.all(notifiers.map((n) => n.close?.()));
  const db = await context.db();
  const operators = new KyselyOperatorStore(db);
  return {
    pipeline: new KyselyPipelineStore(db), channels: notifiers.map((n) => n.channel),
    operators: { emails: async () => (await operators.list(Date.now(), 0)).map((operator) => operator.email) },
  };
}

/** The id and one more word of `stage` and `assign`. */
function idAnd(args: string[], what: string): [string, string] {
  const { positionals } = parseCommandLine(args, {}, 2);
  if (positionals.length < 2) throw new UsageError(`give the inquiry id and ${what}`);
  return positionals as [string, string];
}

async function stage(args: string[], context: CliContext): Promise<number> {
  const [id, value] = idAnd(args, `a stage (${STAGES.join(', ')})`);
  if (!STAGES.includes(value as Stage)) throw new UsageError(`the stage must be one of ${STAGES.join(', ')}`);
  const deps = await pipelineOf(context);
  const outcome = await moveStage(deps, id, value as Stage, operatorName());
  if (outcome === 'not_found') { context.err('No inquiry with that id.'); return EXIT.notFound; }
  if (outcome === 'unchanged') { context.out(`Inquiry ${id} is at stage ${value} already; nothing changed.`); return EXIT.ok; }
  context.out(deps.channels.includes('webhook')
    ? `Inquiry ${id} is now at stage ${value}; its inquiry.stage_changed webhook is queued, and the server's outbox worker sends it.`
    : `Inquiry ${id} is now at stage ${value}.`);
  return EXIT.ok;
}

async function assign(args: string[], context: CliContext): Promise<number> {
  const [id, value] = idAnd(args, `an operator's email, or ${UNASSIGNED}`);
  const email = value.toLowerCase() === UNASSIGNED ? null : value;
  const outcome = await assignTo(await pipelineOf(context), id, email, operatorName());
  if (outcome === 'not_found') { context.err('No inquiry with that id.'); return EXIT.notFound; }
  if (outcome === 'unknown_operator') { context.err(`No operator has the address ${value}; see studio operators list.`); return EXIT.failure; }
  const who = email === null ? 'nobody' : email;
  context.out(outcome === 'unchanged' ? `Inquiry ${id} is assigned to ${who} already; nothing changed.` : `Inquiry ${id} is now assigned to ${who}.`);
  return EXIT.ok;
}

/** Run by runSubcommand (command.ts), which looks the name up in this Map. */
const SUBCOMMANDS: ReadonlyMap<string, Subcommand> = new Map([
  ['list', list], ['show', show], ['export', exportAll], ['delete', deleteInquiries], ['purge', purge], ['retry', retry],
  ['mark', mark], ['not-spam', notSpam], ['stage', stage], ['assign', assign],
]);

/** `studio inbox …`: the operator's view of the studio inbox in DATABASE_URL. */
export const inboxCommands: CommandGroup = {
  summary: 'inbox <command>         list, show, mark, stage, assign, export, delete, purge inquiries; retry notifications; not-spam',
  usage: USAGE,
  async run(args, context) {
    return runSubcommand('inbox', SUBCOMMANDS, args, context);
  },
};
