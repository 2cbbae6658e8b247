import { INBOX_PATHS, INBOX_ROOT } from '../contract/paths.js';

// Where the sign-in page sends an operator afterwards: the page they asked for, carried in `next`. It is
// a redirect target taken from a URL anyone can craft, so only a path inside the inbox survives (no
// other origin, no `//host`, no `/\host`, nothing outside /inbox), and only in its normalized form.

const PROBE_ORIGIN = 'http://inbox.invalid';
const DOORS: readonly string[] = [INBOX_PATHS.login, INBOX_PATHS.logout, INBOX_PATHS.setPassword];

/** The path and query of `value` when it names an inbox page on this origin; undefined otherwise. */
export function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const inside = path === INBOX_ROOT || path.startsWith(`${INBOX_ROOT}/`);
  return inside && !DOORS.includes(path) ? path + url.search : undefined;
}

/** The sign-in page, remembering the page that was asked for (the list is where it goes anyway). */
export function loginLocation(wanted?: string): string {
  const next = safeNext(wanted);
  return next && next !== INBOX_PATHS.list ? `${INBOX_PATHS.login}?next=${encodeURIComponent(next)}` : INBOX_PATHS.login;
}
