import type { InboxEntry } from '../inquiries/inbox-store.js';
import { iso, table } from './command.js';

// How `studio inbox` shows inquiries: the list table, one inquiry in full, and the export records.

export const EXPORT_COLUMNS = ['id', 'received_at', 'name', 'email', 'phone', 'message', 'location', 'budget', 'phase',
  'spam', 'channel', 'client_ip', 'user_agent', 'client_id', 'notifications'] as const;

const LIST_HEADER = ['ID', 'RECEIVED', 'SPAM', 'LOCATION', 'BUDGET', 'PHASE', 'NOTIFICATIONS', 'FROM'];

const notificationSummary = (entry: InboxEntry) => entry.notifications.map((n) => `${n.channel}:${n.status}`).join(' ') || '-';

/** One row per inquiry under a header row; the id comes first, so `cut -d' ' -f1` yields the ids. */
export function listTable(entries: InboxEntry[]): string[] {
  return table(LIST_HEADER, entries.map((entry) => [
    entry.id, entry.receivedAt.toISOString(), entry.spam ? 'yes' : 'no', entry.location, entry.budget, entry.phase,
    notificationSummary(entry), `${entry.name} <${entry.email}>`,
  ]));
}

export function showLines(entry: InboxEntry): string[] {
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
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function exportRecord(entry: InboxEntry): Record<(typeof EXPORT_COLUMNS)[number], unknown> {
  return {
    id: entry.id, received_at: entry.receivedAt.toISOString(), name: entry.name, email: entry.email, phone: entry.phone,
    message: entry.message, location: entry.location, budget: entry.budget, phase: entry.phase, spam: entry.spam,
    channel: entry.channel, client_ip: entry.clientIp, user_agent: entry.userAgent, client_id: entry.clientId,
    notifications: notificationSummary(entry),
  };
}
