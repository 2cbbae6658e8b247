import { INBOX_PATHS, INBOX_ROOT } from '../contract/paths.js';

// The inbox's navigation, on every signed-in page: one array, so a new part of the inbox is one entry
// (the conversations' "Unmatched" at /inbox/unmatched and "Reports" at /inbox/reports join here).

/** What every page knows of the inbox as a whole: read once per page (src/inbox/layout.ts). */
export interface InboxStatus {
  /** Unread inquiries in the inbox folder. */
  unread: number;
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
  // Unmatched mail (/inbox/unmatched) follows, an entry like the one above.
  { label: 'Reports', href: INBOX_PATHS.reports, holds: (path) => path === INBOX_PATHS.reports || path === INBOX_PATHS.reportsCsv },
];
