import { notificationSummary } from '../inquiries/export.js';
import type { Activity, InboxEntry, InquiryHistory, Triage } from '../inquiries/ports.js';
import type { StudioTime } from '../lib/studio-time.js';
import { table } from './command.js';

// How `studio inbox` shows inquiries: the list table and one inquiry in full (exports: src/inquiries/export.ts).
// Times are the studio's (STUDIO_TIME_ZONE), with the zone's abbreviation, as in the web inbox.

const LIST_HEADER = ['ID', 'RECEIVED', 'STATE', 'LOCATION', 'BUDGET', 'PHASE', 'NOTIFICATIONS', 'FROM'];

/**
 * One row per inquiry under a header row; the id comes first, so `cut -d' ' -f1` yields the ids. Columns are
 * two spaces apart (a time has single spaces in it).
 */
export function listTable(entries: InboxEntry[], time: StudioTime): string[] {
  return table(LIST_HEADER, entries.map((entry) => [
    entry.id, time.text(entry.receivedAt), entry.triage.state, entry.location, entry.budget, entry.phase,
    notificationSummary(entry), `${entry.name} <${entry.email}>`,
  ]));
}

/** The state, and who set it when; a state nobody set is the one the inquiry arrived in. */
function stateLine({ state, changedAt, changedBy }: Triage, time: StudioTime): string {
  return changedAt === null ? `${state} (as it arrived)` : `${state}, set by ${changedBy ?? 'unknown'} at ${time.text(changedAt)}`;
}

/** "stage new -> contacted", "assignee (nobody) -> grace@…", "folder inbox -> archived". */
function activityLine(activity: Activity, time: StudioTime): string {
  return `  ${time.text(activity.at)}  ${activity.actor}: ${activity.kind} ${activity.from ?? '(nobody)'} -> ${activity.to ?? '(nobody)'}`;
}

/** The notes, oldest first, each with its author and time ("edited" when it was), its text indented. */
function noteLines(history: InquiryHistory, time: StudioTime): string[] {
  if (history.notes.length === 0) return ['  none'];
  return history.notes.flatMap((note) => [
    `  ${time.text(note.at)}  ${note.author}${note.editedAt === null ? '' : ` (edited ${time.text(note.editedAt)})`}:`,
    ...note.text.split(/\r?\n/).map((line) => `    ${line}`),
  ]);
}

export function showLines(entry: InboxEntry, time: StudioTime, history: InquiryHistory = { notes: [], activities: [] }): string[] {
  const lines = [
    `id:          ${entry.id}`,
    `received_at: ${time.text(entry.receivedAt)}`,
    `name:        ${entry.name}`,
    `email:       ${entry.email}`,
    `phone:       ${entry.phone ?? ''}`,
    `location:    ${entry.location}`,
    `budget:      ${entry.budget}`,
    `phase:       ${entry.phase}`,
    `language:    ${entry.language}`,
    `state:       ${stateLine(entry.triage, time)}`,
    `folder:      ${entry.folder}${entry.unread ? ' (unread)' : ''}`,
    `stage:       ${entry.stage}`,
    `assignee:    ${entry.assignee ?? '(nobody)'}`,
    `spam:        ${entry.spam ? 'yes (honeypot filled)' : 'no'}`,
    `channel:     ${entry.channel}${entry.clientId ? ` (client ${entry.clientId})` : ''}`,
    `client_ip:   ${entry.clientIp}`,
    `user_agent:  ${entry.userAgent ?? ''}`,
    'notifications:',
    ...entry.notifications.map((n) => `  ${n.channel}: ${n.status}, ${n.attempts} attempt(s)`
      + (n.status === 'done' && n.deliveredAt !== null ? `, delivered ${time.text(n.deliveredAt)}` : '')
      + (n.status === 'pending' ? `, next ${time.text(n.nextAttemptAt)}` : '')
      + (n.lastError && n.status !== 'done' ? `, last error: ${n.lastError}` : '')),
    'message:',
    ...entry.message.split(/\r?\n/).map((line) => `  ${line}`),
    'notes:',
    ...noteLines(history, time),
    'activities:',
    ...(history.activities.length === 0 ? ['  none'] : history.activities.map((activity) => activityLine(activity, time))),
  ];
  if (entry.notifications.length === 0) lines.splice(lines.indexOf('notifications:') + 1, 0, '  none');
  return lines;
}
