import { notificationSummary } from '../inquiries/export.js';
import type { InboxEntry, Triage } from '../inquiries/ports.js';
import { iso, table } from './command.js';

// How `studio inbox` shows inquiries: the list table and one inquiry in full (exports: src/inquiries/export.ts).

const LIST_HEADER = ['ID', 'RECEIVED', 'STATE', 'LOCATION', 'BUDGET', 'PHASE', 'NOTIFICATIONS', 'FROM'];

/** One row per inquiry under a header row; the id comes first, so `cut -d' ' -f1` yields the ids. */
export function listTable(entries: InboxEntry[]): string[] {
  return table(LIST_HEADER, entries.map((entry) => [
    entry.id, entry.receivedAt.toISOString(), entry.triage.state, entry.location, entry.budget, entry.phase,
    notificationSummary(entry), `${entry.name} <${entry.email}>`,
  ]));
}

/** The state, and who set it when; a state nobody set is the one the inquiry arrived in. */
function stateLine({ state, changedAt, changedBy }: Triage): string {
  return changedAt === null ? `${state} (as it arrived)` : `${state}, set by ${changedBy ?? 'unknown'} at ${iso(changedAt)}`;
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
    `state:       ${stateLine(entry.triage)}`,
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
