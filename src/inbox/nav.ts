import { CONVERSATION_PATHS, INBOX_PATHS, INBOX_ROOT } from '../contract/paths.js';

// The inbox's navigation, on every signed-in page: one array, so a new part of the inbox is one entry
// (the conversations' "Unmatched" at /inbox/unmatched, "Reports" at /inbox/reports and the consultations'
// "Agenda" at /inbox/agenda join here).

/** What every page knows of the inbox as a whole: read once per page (src/inbox/layout.ts). */
export interface InboxStatus {
  /** Unread inquiries in the inbox folder. */
  unread: number;
  /** Incoming mail that matched no inquiry. */
  unmatched: number;
}

/** Where the counts come from: two indexed counts a page. */
export interface InboxStatusSource {
  unreadCount(): Promise<number>;
  countUnmatched(): Promise<number>;
}

export async function inboxStatusOf(source: InboxStatusSource): Promise<InboxStatus> {
  const [unread, unmatched] = await Promise.all([source.unreadCount(), source.countUnmatched()]);
  return { unread, unmatched };
}

export interface InboxNavItem {
  label: string;
  href: string;
  /** The number shown beside the label, and what it counts (for screen readers: "3 unread"). */
  count?: (status: InboxStatus) => { value: number; words: string } | undefined;
  /** Whether a page (its path) belongs to this item. */
  holds: (path: string) => boolean;
}

const INQUIRY_PAGES = `${INBOX_ROOT}/inquiries/`;

export const INBOX_NAV: readonly InboxNavItem[] = [
  {
    label: 'Inbox',
    href: INBOX_PATHS.list,
    count: (status) => ({ value: status.unread, words: 'unread' }),
    holds: (path) => path === INBOX_PATHS.list || path.startsWith(INQUIRY_PAGES),
  },
  {
    label: 'Unmatched',
    href: CONVERSATION_PATHS.unmatched,
    count: (status) => (status.unmatched > 0 ? { value: status.unmatched, words: 'waiting' } : undefined),
    holds: (path) => path === CONVERSATION_PATHS.unmatched,
  },
  { label: 'Agenda', href: INBOX_PATHS.agenda, holds: (path) => path === INBOX_PATHS.agenda || path.startsWith(`${INBOX_PATHS.agenda}/`) },
  { label: 'Reports', href: INBOX_PATHS.reports, holds: (path) => path === INBOX_PATHS.reports || path === INBOX_PATHS.reportsCsv },
];
