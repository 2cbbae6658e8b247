import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256Base64url } from '../lib/hash.js';
import type { OperatorSession } from '../operators/operators.js';
import { html, type SafeHtml } from '../web/html.js';
import { readCookie, setCookie, type InboxCookies } from './session-cookie.js';

// Cross-site request forgery: every state-changing form of the inbox carries a token that a page of
// another site cannot know. Signed in, it is the session's CSRF token (derived from the session token by
// the operators use case, never stored). Before a session exists (sign-in, set-password) a forged form
// could sign the victim in as the attacker (login CSRF), so those forms carry a double-submit token: a
// random value in a short-lived HttpOnly, SameSite=Strict cookie that the form must repeat. A cross-site
// POST does not carry that cookie at all (SameSite=Strict), and over https the `__Host-` prefix keeps
// other hosts from planting one. Chosen over checking Origin/Sec-Fetch-Site: it needs no header that
// privacy settings or proxies may drop, and it works the same for a browser and for curl.

/** The hidden field of every inbox form that changes something. */
export const CSRF_FIELD = '_csrf';

/** How long a sign-in or set-password form stays usable after it was shown. */
export const FORM_TOKEN_SECONDS = 2 * 60 * 60;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The hidden field with the token: a session's, or the pre-session form token. */
export function csrfInput(token: OperatorSession | string): SafeHtml {
  const value = typeof token === 'string' ? token : token.csrfToken;
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${value}">`;
}

/** The submitted token of a parsed form body, if any. */
export function submittedToken(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body && typeof body === 'object' ? body[CSRF_FIELD] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Constant time whatever the lengths: both sides are hashed to the same length first. */
export function tokensMatch(presented: string | undefined, expected: string | undefined): boolean {
  if (!presented || !expected) return false;
  return timingSafeEqual(Buffer.from(sha256Base64url(presented)), Buffer.from(sha256Base64url(expected)));
}

/** The pre-session form token: the one the browser holds already (several tabs keep working), else a new one. */
export function issueFormToken(request: FastifyRequest, reply: FastifyReply, cookies: InboxCookies): string {
  const held = readCookie(request, cookies.form);
  const token = held && TOKEN_SHAPE.test(held) ? held : randomBytes(32).toString('base64url');
  setCookie(reply, cookies, cookies.form, token, FORM_TOKEN_SECONDS);
  return token;
}

/** Whether a sign-in or set-password POST repeats the token of its cookie. */
export function formTokenValid(request: FastifyRequest, cookies: InboxCookies): boolean {
  return tokensMatch(submittedToken(request), readCookie(request, cookies.form));
}

/** Whether a signed-in POST carries its session's token. */
export function sessionTokenValid(request: FastifyRequest, session: OperatorSession): boolean {
  return tokensMatch(submittedToken(request), session.csrfToken);
}
