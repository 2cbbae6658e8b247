import type { FastifyError, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { INBOX_PATHS } from '../contract/paths.js';
import { toApiError } from '../http/errors.js';
import type { Operators } from '../operators/operators.js';
import { html } from '../web/html.js';
import { sessionTokenValid } from './csrf.js';
import { sendInboxPage, setInboxHeaders } from './layout.js';
import { loginLocation, safeNext } from './paths.js';
import { clearCookie, readCookie, type InboxCookies } from './session-cookie.js';

// The inbox context's hooks: who the request is (the session cookie), who may pass (a session, and its
// CSRF token on every state-changing request), and the pages those who may not pass are given.

/** A session token as the use case issues it: 32 random bytes, base64url. Anything else is not looked up. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The context's first hook, for every answer under /inbox: the inbox headers, then the operator of a
 * valid session cookie on `request.operator`. A cookie that names no session (signed out, expired, its
 * operator removed) is cleared, so the browser stops sending it.
 */
export function readSession(operators: Operators, cookies: InboxCookies): onRequestAsyncHookHandler {
  return async (request, reply) => {
    setInboxHeaders(reply);
    const token = readCookie(request, cookies.session);
    if (token === undefined) return;
    const session = SESSION_TOKEN.test(token) ? await operators.session(token) : undefined;
    if (session) request.operator = session;
    else clearCookie(reply, cookies, cookies.session);
  };
}

const isSafe = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * A link to the inbox followed from another site (a notification read in webmail) arrives without the
 * SameSite=Strict session cookie, even when the operator is signed in. A page of our own that reloads the
 * same address makes the next request same-site, so it carries the cookie; a bare 303 would not (the
 * redirect stays part of the cross-site navigation). The reload is to the checked path, never elsewhere.
 */
function sendSameSiteReload(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const crossSite = request.headers['sec-fetch-site'] === 'cross-site' && request.headers['sec-fetch-mode'] === 'navigate';
  const path = crossSite && request.method === 'GET' ? safeNext(request.url) : undefined;
  if (!path) return undefined;
  return sendInboxPage(request, reply, {
    title: 'Opening the inbox', refresh: path,
    html: html`<div class="prose"><h1>Opening the inbox…</h1><p><a href="${path}">Continue</a></p></div>`,
    markdown: `# Opening the inbox\n\n[Continue](${path})\n`,
  });
}

/** Every page but the sign-in ones: without a session, 303 to sign-in (a GET remembers where it was going). */
export const requireSession: onRequestAsyncHookHandler = async (request, reply) => {
  if (request.operator) return;
  const reload = sendSameSiteReload(request, reply);
  if (reload) return reload;
  return reply.redirect(loginLocation(isSafe(request.method) ? request.url : undefined), 303);
};

/** A refused form: nothing was changed, and the way back gets a fresh form. */
export function sendFormExpired(request: FastifyRequest, reply: FastifyReply, back: string): FastifyReply {
  return sendInboxPage(request, reply, {
    status: 403,
    title: 'This form has expired',
    kind: 'door',
    html: html`<div class="prose"><h1>This form has expired</h1>
<p>The form was sent without its security token, or from a page that is too old or belongs to another site. Nothing was changed.</p>
<p><a href="${back}">Go back and try again</a></p></div>`,
    markdown: `# This form has expired\n\nThe form was sent without its security token, or from a page that is too old or belongs to another site. Nothing was changed.\n\n[Go back and try again](${back})\n`,
  });
}

/** Signed in, every request that may change something repeats the session's CSRF token. */
export const requireCsrf: preHandlerAsyncHookHandler = async (request, reply) => {
  if (isSafe(request.method)) return;
  if (request.operator && sessionTokenValid(request, request.operator)) return;
  return sendFormExpired(request, reply, INBOX_PATHS.list);
};

/** What a person reads for each refusal the inbox does not answer with a page of its own. */
const ERROR_TEXT: Record<number, [string, string]> = {
  400: ['The form could not be read', 'Some of what was sent is not in the expected form. Go back, check the fields and send it again.'],
  404: ['There is no such page in the inbox', 'The address may be mistyped, or what it showed was deleted.'],
  405: ['This page cannot be used that way', 'Use the links and buttons of the inbox pages.'],
  413: ['The form is too large', 'Send less text.'],
  415: ['The form could not be read', 'Send it from the inbox page.'],
};
const UNAVAILABLE: [string, string] = ['The inbox is not available right now', 'Nothing was changed. Try again in a minute; if it persists, the service log says why.'];

/** An HTML page with the refusal's status (and its headers, e.g. Allow), inside the inbox shell. */
export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: number, headers: Record<string, string> = {}): FastifyReply {
  const [title, text] = ERROR_TEXT[status] ?? (status >= 500 ? UNAVAILABLE : ERROR_TEXT[400]!);
  setInboxHeaders(reply.headers(headers));
  return sendInboxPage(request, reply, {
    status, title,
    html: html`<div class="prose"><h1>${title}</h1><p>${text}</p><p><a href="${INBOX_PATHS.list}">Back to the inbox</a></p></div>`,
    markdown: `# ${title}\n\n${text}\n`,
  });
}

/** The inbox's error handler: the contract decides status and headers, the answer is a page, never JSON. */
export function inboxErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = toApiError(error);
  if (apiError.code === 'internal_error') request.log.error({ err: error }, 'request failed');
  return sendErrorPage(request, reply, apiError.status, apiError.responseHeaders());
}

export function inboxNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendErrorPage(request, reply, 404);
}
