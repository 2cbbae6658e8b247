import type { StudioTime } from '../lib/studio-time.js';
import type { InboxEntry } from './ports.js';

// Inquiries as an export: the records of `studio inbox export` and of the web inbox's CSV and JSON
// downloads, one shape for both. Pure: the callers write the lines where they go. Times are RFC 3339 with
// the studio's offset (2026-11-27T07:57:03-05:00): still one instant to a machine, and the hour the studio
// lived it to a person reading the sheet.

export const EXPORT_COLUMNS = ['id', 'received_at', 'name', 'email', 'phone', 'message', 'location', 'budget', 'phase',
  'language', 'spam', 'state', 'state_changed_at', 'state_changed_by', 'folder', 'unread', 'stage', 'assignee', 'last_activity_at', 'channel', 'client_ip', 'user_agent', 'client_id', 'notifications'] as const;

export type ExportRecord = Record<(typeof EXPORT_COLUMNS)[number], string | boolean | null>;

/** Each notification as `channel:status`, space-separated; `-` for none. */
export const notificationSummary = (entry: InboxEntry): string =>
  entry.notifications.map((n) => `${n.channel}:${n.status}`).join(' ') || '-';

const isoOrNull = (time: StudioTime, ms: number | null): string | null => (ms === null ? null : time.iso(ms));

export function exportRecord(entry: InboxEntry, time: StudioTime): ExportRecord {
  return {
    id: entry.id, received_at: time.iso(entry.receivedAt), name: entry.name, email: entry.email, phone: entry.phone,
    message: entry.message, location: entry.location, budget: entry.budget, phase: entry.phase, language: entry.language, spam: entry.spam,
    state: entry.triage.state, state_changed_at: isoOrNull(time, entry.triage.changedAt), state_changed_by: entry.triage.changedBy,
    folder: entry.folder, unread: entry.unread, stage: entry.stage, assignee: entry.assignee, last_activity_at: time.iso(entry.lastActivityAt),
    channel: entry.channel, client_ip: entry.clientIp, user_agent: entry.userAgent, client_id: entry.clientId,
    notifications: notificationSummary(entry),
  };
}

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return
 * first) is prefixed with a quote, so an inquirer's text can never become a formula on the studio's machine.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header line, then one line per inquiry (without line ends: RFC 4180 joins them with CRLF). */
export function csvLines(entries: InboxEntry[], time: StudioTime): string[] {
  const rows = entries.map((entry) => {
    const record = exportRecord(entry, time);
    return EXPORT_COLUMNS.map((column) => csvCell(record[column])).join(',');
  });
  return [EXPORT_COLUMNS.join(','), ...rows];
}
