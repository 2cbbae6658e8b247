import { createHmac } from 'node:crypto';
import type { SessionRecord } from './ports.js';

// The lifetimes of sessions and sign-in links, and the rules read from them on every request.

const MINUTE = 60_000;

/** A session unused this long is over. */
export const SESSION_IDLE_MS = 30 * MINUTE;
/** A session is over this long after its sign-in, however busy. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * MINUTE;
/** last_seen_at is written at most this often: a busy operator costs one write a minute, not one a request. */
export const LAST_SEEN_RESOLUTION_MS = MINUTE;
/** A one-time sign-in link works this long after it was made. */
export const SIGN_IN_LINK_MS = 24 * 60 * MINUTE;

export type SessionState = 'over' | 'live' | 'live_touch';

/** Whether a stored session still holds at `now`, and whether its last-seen time is due to be written. */
export function sessionState(session: Pick<SessionRecord, 'lastSeenAt' | 'expiresAt'>, now: number): SessionState {
  if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_MS) return 'over';
  return now - session.lastSeenAt >= LAST_SEEN_RESOLUTION_MS ? 'live_touch' : 'live';
}

/** The new session's record for `tokenHash`, signed in at `now`. */
export function sessionRecord(tokenHash: string, operatorId: string, now: number): SessionRecord {
  return { tokenHash, operatorId, createdAt: now, lastSeenAt: now, expiresAt: now + SESSION_ABSOLUTE_MS };
}

/**
 * The CSRF token of a session: HMAC-SHA256 keyed with the session token, over "csrf", base64url. Derived,
 * never stored: it is the same on every page of one session, differs between sessions, and cannot be
 * computed without the cookie (which the pages' scripts and other sites never see: HttpOnly, SameSite=Strict).
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('csrf').digest('base64url');
}
