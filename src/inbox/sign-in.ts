import { DEFAULT_LOCALE } from '../words/locale.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { INBOX_PATHS } from '../contract/paths.js';
import type { IssuedSession, Operators } from '../operators/operators.js';
import { waitText } from '../web/form-messages.js';
import { formTokenValid, issueFormToken } from './csrf.js';
import { badLinkView, loginView, missingLinkView, setPasswordView } from './door-pages.js';
import { sendFormExpired } from './guards.js';
import { sendInboxPage } from './layout.js';
import { safeNext } from './paths.js';
import { clearCookie, readCookie, setCookie, type InboxCookies } from './session-cookie.js';

// The door of the inbox: sign-in, sign-out, and setting a password from a one-time link. Sign-in and
// set-password run before any session exists (their forms carry the pre-session token, see csrf.ts);
// sign-out runs in the signed-in context, whose hooks check the session and its CSRF token.

export interface DoorDeps {
  operators: Operators;
  cookies: InboxCookies;
}

/** The one message of a refused sign-in: it never says whether the address or the password was wrong. */
export const SIGN_IN_REFUSED = 'That email and password do not match an operator.';

const NextQuery = Type.Object({ next: Type.Optional(Type.String()) });
const SignInForm = Type.Object({
  email: Type.String(),
  password: Type.String(),
  next: Type.Optional(Type.String()),
});
const LinkQuery = Type.Object({ token: Type.Optional(Type.String()) });
const SetPasswordForm = Type.Object({ token: Type.String(), password: Type.String(), confirm: Type.String() });

/** The session begins: its cookie is set and the pre-session form token is no longer needed. */
function startSession(reply: FastifyReply, cookies: InboxCookies, session: IssuedSession, to: string): FastifyReply {
  setCookie(reply, cookies, cookies.session, session.token, session.maxAgeSeconds);
  clearCookie(reply, cookies, cookies.form);
  return reply.redirect(to, 303);
}

function registerLogin(scope: FastifyInstance, { operators, cookies }: DoorDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.login, { schema: { hide: true, querystring: NextQuery } }, async (request, reply) => {
    const next = safeNext(request.query.next);
    if (request.operator) return reply.redirect(next ?? INBOX_PATHS.list, 303);
    return sendInboxPage(request, reply, loginView({ formToken: issueFormToken(request, reply, cookies), next }));
  });

  typed.post(INBOX_PATHS.login, { schema: { hide: true, body: SignInForm } }, async (request, reply) => {
    const next = safeNext(request.body.next);
    if (!formTokenValid(request, cookies)) {
      return sendFormExpired(request, reply, next ? `${INBOX_PATHS.login}?next=${encodeURIComponent(next)}` : INBOX_PATHS.login);
    }
    const { email, password } = request.body;
    const outcome = await operators.signIn(email, password, request.ip);
    if (outcome.kind === 'signed_in') return startSession(reply, cookies, outcome.session, next ?? INBOX_PATHS.list);
    const formToken = issueFormToken(request, reply, cookies);
    if (outcome.kind === 'refused') return sendInboxPage(request, reply, loginView({ formToken, next, email, error: SIGN_IN_REFUSED }, 400));
    reply.header('Retry-After', String(outcome.retryAfterSeconds));
    const error = `Too many sign-in attempts. Wait ${waitText(outcome.retryAfterSeconds, DEFAULT_LOCALE)} and try again.`;
    return sendInboxPage(request, reply, loginView({ formToken, next, email, error }, 429));
  });
}

/** GET only shows the form (mail scanners fetch links); the POST uses the link up. */
function registerSetPassword(scope: FastifyInstance, { operators, cookies }: DoorDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.setPassword, { schema: { hide: true, querystring: LinkQuery } }, async (request, reply) => {
    // The address carries the link's token: not even our own pages get it as a referrer.
    reply.header('Referrer-Policy', 'no-referrer');
    const linkToken = request.query.token;
    if (!linkToken) return sendInboxPage(request, reply, missingLinkView());
    const email = await operators.linkEmail(linkToken);
    if (!email) return sendInboxPage(request, reply, badLinkView());
    return sendInboxPage(request, reply, setPasswordView({ formToken: issueFormToken(request, reply, cookies), linkToken, email }));
  });

  typed.post(INBOX_PATHS.setPassword, { schema: { hide: true, body: SetPasswordForm } }, async (request, reply) => {
    const { token: linkToken, password, confirm } = request.body;
    if (!formTokenValid(request, cookies)) return sendFormExpired(request, reply, `${INBOX_PATHS.setPassword}?token=${encodeURIComponent(linkToken)}`);
    const refuse = async (error: string) => {
      const email = await operators.linkEmail(linkToken);
      if (!email) return sendInboxPage(request, reply, badLinkView());
      return sendInboxPage(request, reply, setPasswordView({ formToken: issueFormToken(request, reply, cookies), linkToken, email, error }, 400));
    };
    if (password !== confirm) return refuse('The two passwords are not the same.');
    const outcome = await operators.redeemLink(linkToken, password);
    if (outcome.kind === 'invalid_link') return sendInboxPage(request, reply, badLinkView());
    if (outcome.kind === 'weak_password') return refuse(outcome.message);
    return startSession(reply, cookies, outcome.session, INBOX_PATHS.list);
  });
}

export function registerSignIn(scope: FastifyInstance, deps: DoorDeps): void {
  registerLogin(scope, deps);
  registerSetPassword(scope, deps);
}

/** In the signed-in context: the server forgets the session (on every instance), the browser its cookie. */
export function registerSignOut(scope: FastifyInstance, { operators, cookies }: DoorDeps): void {
  scope.post(INBOX_PATHS.logout, { schema: { hide: true } }, async (request, reply) => {
    const token = readCookie(request, cookies.session);
    if (token) await operators.signOut(token);
    clearCookie(reply, cookies, cookies.session);
    return reply.redirect(INBOX_PATHS.login, 303);
  });
}
