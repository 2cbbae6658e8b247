import type { Folder, Stage, TriageState } from '../contract/inquiry.js';
import { DEFAULT_LOCALE, localeLabel } from '../contract/locales.js';
import { INBOX_PATHS } from '../contract/paths.js';
import type { InboxEntry } from '../inquiries/ports.js';
import type { StudioTime } from '../lib/studio-time.js';
import { html, type SafeHtml } from '../web/html.js';
import { enumLabel } from '../web/labels.js';

// How the facts of one inquiry read in the inbox, on the list and on the inquiry's page alike, in HTML
// and in Markdown: times (in the studio's zone, saying which), the channel in words, the project's labels, the folder
// names, and the state of its notifications at a glance.

/** `<time datetime="2026-11-23T09:05:00-05:00">23 Nov 2026, 09:05 EST</time>`: the studio's time, for people and machines. */
export function timeHtml(time: StudioTime, at: Date | number): SafeHtml {
  return html`<time datetime="${time.iso(at)}">${time.text(at)}</time>`;
}

/** The path of an inquiry's page (and, with a suffix, of its actions). */
export function inquiryPath(id: string, route: string = INBOX_PATHS.inquiry): string {
  return route.replace(':id', encodeURIComponent(id));
}

/** The folders, in the order the list shows them, with their names. */
export const FOLDERS: ReadonlyArray<{ state: TriageState; name: string }> = [
  { state: 'new', name: 'New' }, { state: 'read', name: 'Read' }, { state: 'archived', name: 'Archived' }, { state: 'spam', name: 'Spam' },
];

export function folderName(state: TriageState | undefined): string {
  return FOLDERS.find((folder) => folder.state === state)?.name ?? 'All';
}

/** The folders' names (where an inquiry is filed; read or unread is apart). */
export const FOLDER_NAMES: Record<Folder, string> = { inbox: 'Inbox', archived: 'Archived', spam: 'Spam' };

/** Where an inquiry lives, as a badge: a word, never colour alone. */
export function folderBadge(folder: Folder): SafeHtml {
  return html`<span class="badge badge-folder badge-folder-${folder}"><span class="visually-hidden">Folder: </span>${FOLDER_NAMES[folder]}</span>`;
}

/** The stages' names, in the pipeline's order. */
export const STAGE_NAMES: Record<Stage, string> = {
  new: 'New', contacted: 'Contacted', consultation: 'Consultation', proposal: 'Proposal', won: 'Won', lost: 'Lost',
};

/** Who an inquiry is assigned to, for the operator `me` (comparable form): "You", an address, or "Unassigned". */
export function assigneeText(assignee: string | null, me: string): string {
  if (assignee === null) return 'Unassigned';
  return assignee === me ? 'You' : assignee;
}

function projectLabels(entry: InboxEntry): string[] {
  return [enumLabel('location', entry.location, DEFAULT_LOCALE), enumLabel('budget', entry.budget, DEFAULT_LOCALE), enumLabel('phase', entry.phase, DEFAULT_LOCALE)];
}

/** "Miami · $1M to $3M · Pre-planning" */
export function projectText(entry: InboxEntry): string {
  return projectLabels(entry).join(' · ');
}

/** The same, each label kept on one line ("Pre-planning" does not break at its hyphen). */
export function projectHtml(entry: InboxEntry): SafeHtml {
  return html`${projectLabels(entry).map((label, i) => html`${i > 0 ? ' · ' : ''}<span class="nowrap">${label}</span>`)}`;
}

/** "Spanish (es)": the language to answer in, in the inbox's English. */
export function languageText(entry: InboxEntry): string {
  return localeLabel(entry.language);
}

/**
 * The language on a list row: only when it is not the default, so the inquiries to answer in another
 * language stand out among the many that are in English (the inquiry's page always says it).
 */
export function rowLanguage(entry: InboxEntry): string | undefined {
  return entry.language === DEFAULT_LOCALE ? undefined : languageText(entry);
}

/** The message's first non-empty line, shortened for a list row. */
export function firstLine(message: string, max = 120): string {
  const line = message.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** How each submission channel is called; the store keeps the short names (src/inquiries/inquiry-service.ts). */
const CHANNEL_WORDS: ReadonlyMap<string, string> = new Map([
  ['form', 'Web form'], ['api', 'API'], ['legacy', 'Legacy API'], ['mcp', 'MCP'], ['a2a', 'A2A'],
]);

export function channelText(channel: string): string {
  return CHANNEL_WORDS.get(channel) ?? channel;
}

/** The channel with the OAuth client of the bearer token it came with, when there was one. */
export function channelWithClient(entry: InboxEntry, clientName: string | undefined): string {
  const channel = channelText(entry.channel);
  if (!entry.clientId) return channel;
  return clientName === undefined
    ? `${channel}, with a token of OAuth client ${entry.clientId} (no longer registered)`
    : `${channel}, with a token of OAuth client “${clientName}” (${entry.clientId})`;
}

/** Where an inquiry's notifications stand, all channels together. */
export type DeliveryState = 'delivered' | 'retrying' | 'sending' | 'failed' | 'held' | 'none';

export const DELIVERY_WORDS: Record<DeliveryState, { label: string; meaning: string }> = {
  delivered: { label: 'Delivered', meaning: 'every notification went out' },
  retrying: { label: 'Retrying', meaning: 'a notification failed and is being tried again' },
  sending: { label: 'Sending', meaning: 'queued, not tried yet' },
  failed: { label: 'Failed', meaning: 'a notification gave up: retry it from the inquiry' },
  held: { label: 'Held', meaning: 'in spam, nobody was notified' },
  none: { label: 'None', meaning: 'no notification channel was configured' },
};

/** The worst state wins: failed, then retrying, then sending; delivered only when every job is done. */
export function deliveryState(entry: InboxEntry): DeliveryState {
  const jobs = entry.notifications;
  if (jobs.length === 0) return entry.triage.state === 'spam' ? 'held' : 'none';
  if (jobs.some((job) => job.status === 'failed')) return 'failed';
  const pending = jobs.filter((job) => job.status === 'pending');
  if (pending.some((job) => job.attempts > 0 || job.lastError !== null)) return 'retrying';
  return pending.length > 0 ? 'sending' : 'delivered';
}

/** A small badge with its word (never colour alone). */
export function deliveryBadge(state: DeliveryState): SafeHtml {
  return html`<span class="badge badge-${state}">${DELIVERY_WORDS[state].label}</span>`;
}
