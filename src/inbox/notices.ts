import type { TriageState } from '../contract/inquiry.js';
import { html, type SafeHtml } from '../web/html.js';

// The one-line notices the pages show after an action (Post/Redirect/Get, `?done=<what>`), and the moves
// between folders that name them: shared by the actions that redirect and the pages that show the notice.

/** The moves between folders, by the `done` key of their notice; the POST carries the target state. */
export const STATE_ACTIONS = {
  read: { state: 'read', button: 'Mark read', notice: 'Marked as read.' },
  unread: { state: 'new', button: 'Mark unread', notice: 'Marked as unread.' },
  archive: { state: 'archived', button: 'Archive', notice: 'Archived.' },
  inbox: { state: 'read', button: 'Move to inbox', notice: 'Moved back to the inbox.' },
  spam: { state: 'spam', button: 'Spam', notice: 'Moved to spam.' },
  'not-spam': { state: 'read', button: 'Not spam', notice: 'Moved out of spam: its notifications are on their way.' },
} as const satisfies Record<string, { state: TriageState; button: string; notice: string }>;

/** The notices of the pipeline's forms on an inquiry's page (src/inbox/pipeline-actions.ts). */
const PIPELINE_NOTICES: ReadonlyArray<readonly [string, string]> = [
  ['stage', 'Stage changed.'],
  ['stage-told', 'Stage changed; the webhook tells the studio’s tools.'],
  ['stage-unchanged', 'Nothing changed: it is at that stage already.'],
  ['assigned', 'Assigned.'],
  ['unassigned', 'Nobody is assigned now.'],
  ['assignee-unchanged', 'Nothing changed: it was assigned so already.'],
  ['unknown-operator', 'Not assigned: there is no operator with that address.'],
  ['marked-read', 'Marked as read.'],
  ['marked-unread', 'Marked as unread.'],
  ['note-added', 'Note added.'],
  ['note-edited', 'Note saved.'],
  ['note-deleted', 'Note deleted.'],
  ['note-gone', 'That note is gone: it was deleted.'],
  ['note-not-yours', 'Only its author can change or delete a note.'],
];

/** The notices of an operator's changes to a consultation (src/inbox/booking-actions.ts). */
const BOOKING_NOTICES: ReadonlyArray<readonly [string, string]> = [
  ['booking-moved', 'Consultation moved to its new time; the invitations are updated.'],
  ['booking-unchanged', 'Nothing changed: the consultation is at that time already.'],
  ['booking-cancelled', 'Consultation cancelled; its time is free again, and the invitations are withdrawn.'],
];

/** Every notice a `done` parameter may name; a Map, since the key comes from the address bar. */
const NOTICES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(STATE_ACTIONS).map(([done, action]) => [done, action.notice] as const),
  ['not-spam-silent', 'Moved out of spam. No notification channel is configured, so nobody is notified.'],
  ['unchanged', 'Nothing changed: it was there already.'],
  ['retried', 'Its failed notifications are queued again.'],
  ['nothing-to-retry', 'It has no failed notification to retry.'],
  ['deleted', 'The inquiry was deleted, with its notifications.'],
  ...PIPELINE_NOTICES,
  ...BOOKING_NOTICES,
]);

export function noticeOf(done: string | undefined): string | undefined {
  return done === undefined ? undefined : NOTICES.get(done);
}

/** The notice as a status message: announced by screen readers, shown in the site's form-status style. */
export function noticeHtml(text: string): SafeHtml {
  return html`<p class="form-status inbox-notice" role="status">${text}</p>`;
}
