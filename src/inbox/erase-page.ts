import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { INQUIRY_LIMITS } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import { TRIM_KEYWORD } from '../contract/text-rules.js';
import { countPerson, erasePerson, type BookingErasure, type ErasureCounts } from '../inquiries/erase.js';
import type { InboxStore } from '../inquiries/ports.js';
import type { OperatorSession } from '../operators/operators.js';
import { html, type SafeHtml } from '../web/html.js';
import { mdLink, mdText } from '../web/markdown.js';
import { csrfInput } from './csrf.js';
import { sendInboxPage, type InboxPageView } from './layout.js';
import { noticeHtml } from './notices.js';

// Erasure, for a person's privacy request: GET /inbox/erase asks for the address; the first POST counts
// that address's inquiries and asks to confirm (nothing is deleted yet); the second POST, with
// confirm=yes, erases them through the erasure use case (src/inquiries/erase.ts), every letter case alike,
// with the consultations booked from that address.

const EraseForm = Type.Object({
  email: Type.String({ format: 'email', maxLength: INQUIRY_LIMITS.email.maxLength, [TRIM_KEYWORD]: true }),
  confirm: Type.Optional(Type.Literal('yes')),
});

const TITLE = 'Erase a person’s inquiries';
const EXPLANATION = 'For a privacy request: every inquiry sent from one email address, in any letter case, is deleted with its notifications, '
  + 'and every consultation booked with that address with its invitations. '
  + 'Backups taken earlier are not reached; they expire with your retention.';
const plural = (n: number) => `${n} ${n === 1 ? 'inquiry' : 'inquiries'}`;
const consultations = (n: number) => `${n} ${n === 1 ? 'consultation' : 'consultations'}`;
/** "1 inquiry", or "1 inquiry and 2 consultations" when the address booked any. */
const whatOf = (counts: ErasureCounts) => (counts.bookings === 0 ? plural(counts.inquiries) : `${plural(counts.inquiries)} and ${consultations(counts.bookings)}`);

function page(body: SafeHtml, markdown: string, status = 200): InboxPageView {
  return { title: TITLE, kind: 'erase', status, html: html`<div class="prose">${body}</div>`, markdown };
}

export function eraseFormView(operator: OperatorSession, form: { email?: string; error?: string } = {}): InboxPageView {
  const error = form.error ? html`<p class="field-error" id="erase-error">${form.error}</p>` : '';
  return page(html`<p class="inbox-back"><a href="${INBOX_PATHS.list}">← Inquiries</a></p>
<h1>${TITLE}</h1><p>${EXPLANATION}</p>
<form class="inbox-form" method="post" action="${INBOX_PATHS.erase}" novalidate>${csrfInput(operator)}
<div class="field${form.error ? ' has-error' : ''}"><label for="erase-email">Email address</label>
<input id="erase-email" name="email" type="email" required autocomplete="off" maxlength="${INQUIRY_LIMITS.email.maxLength}" value="${form.email ?? ''}"${form.error ? html` aria-invalid="true" aria-describedby="erase-error"` : ''}>${error}</div>
<button type="submit" class="button">Count their inquiries</button>
<p class="field-hint">Nothing is deleted before you confirm on the next page.</p>
</form>`, `# ${TITLE}\n\n${EXPLANATION}\n\n${form.error ? `${mdText(form.error)}\n\n` : ''}Nothing is deleted before a confirmation.\n`, form.error ? 400 : 200);
}

function confirmView(operator: OperatorSession, email: string, counts: ErasureCounts): InboxPageView {
  if (counts.inquiries + counts.bookings === 0) {
    return page(html`<h1>${TITLE}</h1>${noticeHtml(`There is no inquiry from ${email}, and no consultation. Nothing to erase.`)}
<p><a href="${INBOX_PATHS.erase}">Erase another address</a></p>`,
    `# ${TITLE}\n\nThere is no inquiry from ${mdText(email)}, and no consultation. Nothing to erase.\n`);
  }
  const what = whatOf(counts);
  const booked = counts.bookings === 0 ? '' : html` and booked <strong>${consultations(counts.bookings)}</strong>`;
  const one = counts.inquiries + counts.bookings === 1;
  return page(html`<h1>${TITLE}</h1>
<p role="status"><strong>${email}</strong> has sent <strong>${plural(counts.inquiries)}</strong>${booked}.</p>
<p>Erasing deletes ${one ? 'it' : 'them'} for good, with ${one ? 'its' : 'their'} notifications. This cannot be undone.</p>
<form method="post" action="${INBOX_PATHS.erase}">${csrfInput(operator)}<input type="hidden" name="email" value="${email}"><input type="hidden" name="confirm" value="yes">
<div class="inbox-confirm-actions"><button type="submit" class="button button-danger">Delete ${what}</button>
<a href="${INBOX_PATHS.list}">Keep them</a></div></form>`,
  `# ${TITLE}\n\n${mdText(email)} has sent ${plural(counts.inquiries)}${counts.bookings === 0 ? '' : ` and booked ${consultations(counts.bookings)}`}. Erasing deletes them for good.\n`);
}

function erasedView(email: string, counts: ErasureCounts): InboxPageView {
  const text = `Deleted ${whatOf(counts)} of ${email}.`;
  return page(html`<h1>${TITLE}</h1>${noticeHtml(text)}
<p><a href="${INBOX_PATHS.list}">Back to the inquiries</a> · <a href="${INBOX_PATHS.erase}">Erase another address</a></p>`,
  `# ${TITLE}\n\n${mdText(text)}\n\n${mdLink('Back to the inquiries', INBOX_PATHS.list)}\n`);
}

/** What the erase page reaches: the inquiries' store, and the consultations use case for the bookings. */
export interface EraseDeps {
  inbox: Pick<InboxStore, 'idsWhereEmail' | 'deleteMany' | 'deleteUnmatchedOf'>;
  bookings: BookingErasure;
}

export function registerErase(scope: FastifyInstance, { inbox, bookings }: EraseDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.erase, { schema: { hide: true } }, async (request, reply) => sendInboxPage(request, reply, eraseFormView(request.operator!)));

  typed.post(INBOX_PATHS.erase, { schema: { hide: true, body: EraseForm }, attachValidation: true }, async (request, reply) => {
    const operator = request.operator!;
    if (request.validationError) {
      const sent = (request.body as { email?: unknown } | undefined)?.email;
      return sendInboxPage(request, reply, eraseFormView(operator, {
        email: typeof sent === 'string' ? sent : undefined, error: 'Enter one email address, such as name@example.com.',
      }));
    }
    const { email, confirm } = request.body;
    if (confirm !== 'yes') return sendInboxPage(request, reply, confirmView(operator, email, await countPerson(inbox, bookings, email)));
    return sendInboxPage(request, reply, erasedView(email, await erasePerson(inbox, bookings, email)));
  });
}
