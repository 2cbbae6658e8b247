import { INBOX_PATHS } from '../contract/paths.js';
import { PASSWORD_LENGTH } from '../operators/password-rules.js';
import { SIGN_IN_LINK_MS } from '../operators/sessions.js';
import { html, type SafeHtml } from '../web/html.js';
import { csrfInput } from './csrf.js';
import type { InboxPageView } from './layout.js';

// The pages before a session: sign-in, set-password (from a one-time link), and the bad-link page.
// HTML only (the shell answers Markdown to a signed-in session alone); their Markdown is the same text.

const LINK_HOURS = SIGN_IN_LINK_MS / 3_600_000;
const RESET_ADVICE = 'Someone with access to the server runs `studio operators reset <email>`, which prints a new one-time link.';

function status(error: string | undefined): SafeHtml | '' {
  return error ? html`<div class="form-status is-error" id="door-error" role="alert">${error}</div>` : '';
}

function described(error: string | undefined): SafeHtml | '' {
  return error ? html` aria-describedby="door-error"` : '';
}

/** A page of the door: a title, its body in the narrow column, and the same text as Markdown. */
function doorPage(title: string, statusCode: number, body: SafeHtml, markdown: string): InboxPageView {
  return { title, kind: 'door', status: statusCode, html: html`<div class="prose">\n<h1>${title}</h1>\n${body}\n</div>`, markdown: `# ${title}\n\n${markdown}` };
}

export interface LoginForm {
  formToken: string;
  next?: string;
  email?: string;
  error?: string;
}

export function loginView(form: LoginForm, statusCode = 200): InboxPageView {
  return doorPage('Sign in', statusCode, html`<p class="door-note">The studio's inbox, for its operators.</p>
<form class="door-form" method="post" action="${INBOX_PATHS.login}">
${status(form.error)}
<div class="field"><label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${form.email ?? ''}"${described(form.error)}></div>
<div class="field"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="${PASSWORD_LENGTH.max}"${described(form.error)}></div>
${form.next ? html`<input type="hidden" name="next" value="${form.next}">` : ''}${csrfInput(form.formToken)}
<button type="submit" class="button">Sign in</button>
</form>
<p class="door-note">No password yet, or forgotten it? Someone with access to the server runs <code>studio operators reset</code> with your address; it prints a one-time link.</p>`,
  `${form.error ? `${form.error}\n\n` : ''}POST ${INBOX_PATHS.login} with email and password.\n`);
}

export interface SetPasswordForm {
  formToken: string;
  linkToken: string;
  email: string;
  error?: string;
}

const lengths = html` minlength="${PASSWORD_LENGTH.min}" maxlength="${PASSWORD_LENGTH.max}"`;

export function setPasswordView(form: SetPasswordForm, statusCode = 200): InboxPageView {
  return doorPage('Set your password', statusCode, html`<form class="door-form" method="post" action="${INBOX_PATHS.setPassword}">
${status(form.error)}
<p class="door-account">For <strong>${form.email}</strong></p>
<input type="hidden" name="email" autocomplete="username" value="${form.email}">
<div class="field"><label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required${lengths} aria-describedby="password-hint${form.error ? ' door-error' : ''}">
<p class="field-hint" id="password-hint">At least ${PASSWORD_LENGTH.min} characters. A few unrelated words are easy to remember and hard to guess.</p></div>
<div class="field"><label for="confirm">The same password again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required${lengths}></div>
<input type="hidden" name="token" value="${form.linkToken}">${csrfInput(form.formToken)}
<button type="submit" class="button">Save and sign in</button>
</form>
<p class="door-note">This link works once, for ${LINK_HOURS} hours. Setting the password signs you out everywhere else.</p>`,
  `${form.error ? `${form.error}\n\n` : ''}For ${form.email}.\n`);
}

function notice(title: string, statusCode: number, text: string): InboxPageView {
  return doorPage(title, statusCode, html`<p>${text}</p>
<p>Someone with access to the server runs <code>studio operators reset &lt;email&gt;</code>, which prints a new one-time link.</p>
<p><a href="${INBOX_PATHS.login}">Sign in</a></p>`, `${text}\n\n${RESET_ADVICE}\n`);
}

/** A link that was used already, has expired, or never existed: the page cannot tell them apart, and says so. */
export function badLinkView(): InboxPageView {
  return notice('This sign-in link cannot be used', 410,
    `It was used already, it is older than ${LINK_HOURS} hours, or it was copied incompletely from the message.`);
}

export function missingLinkView(): InboxPageView {
  return notice('This page needs a sign-in link', 400, 'Open the one-time link you were given; it carries a token this address lacks.');
}
