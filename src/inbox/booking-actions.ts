import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DateTime } from 'luxon';
import { Type } from 'typebox';
import type { SlotList } from '../contract/consultation.js';
import { ApiError } from '../contract/errors.js';
import { INBOX_PATHS } from '../contract/paths.js';
import type { StoredBooking } from '../consultations/ports.js';
import type { OperatorSession } from '../operators/operators.js';
import { html, type SafeHtml } from '../web/html.js';
import { mdLink, mdText } from '../web/markdown.js';
import { agendaHref } from './agenda-period.js';
import { bookingKind, bookingWhen } from './agenda-view.js';
import { csrfInput } from './csrf.js';
import type { PageDeps } from './deps.js';
import { sendErrorPage } from './guards.js';
import { sendInboxPage, type InboxPageView } from './layout.js';

// An operator's changes to a consultation, through the consultations use case (which queues the
// invitations: a REQUEST with the next SEQUENCE for a move, a CANCEL for a cancellation): a move to another
// free start of its type, chosen from the free slots, and a cancellation after a confirmation page. Each
// a POST form with the session's CSRF token, answered 303 to the agenda's day with a notice (PRG).

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const SlotsFrom = Type.Object({ from: Type.Optional(Type.String({ format: 'date' })) });
const RescheduleForm = Type.Object({ start: Type.String({ minLength: 1, maxLength: 64 }) });

const see = (reply: FastifyReply, to: string) => reply.redirect(to, 303);
const bookingPath = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

interface BookingPage {
  booking: StoredBooking;
  deps: PageDeps;
  operator: OperatorSession;
}

/** The agenda's day of an instant, with an action's notice. */
function dayOf(deps: PageDeps, at: number, done: string): string {
  return `${agendaHref('day', DateTime.fromMillis(at, { zone: deps.consultations.zone }).toISODate()!)}&done=${done}`;
}

function slotOptions(slots: SlotList, zone: string): SafeHtml {
  const days = new Map<string, Array<{ value: string; label: string }>>();
  for (const slot of slots.slots) {
    const start = DateTime.fromISO(slot.start, { zone, locale: 'en-US' });
    const day = start.toFormat('cccc d LLLL yyyy');
    days.set(day, [...(days.get(day) ?? []), { value: slot.start, label: start.toFormat('ccc d LLL, HH:mm ZZZZ') }]);
  }
  return html`${[...days].map(([day, options]) => html`<optgroup label="${day}">${options.map((o) => html`<option value="${o.value}">${o.label}</option>`)}</optgroup>`)}`;
}

function otherDays(page: BookingPage, slots: SlotList): SafeHtml {
  const path = bookingPath(INBOX_PATHS.bookingReschedule, page.booking.id);
  const from = DateTime.fromISO(slots.from);
  const span = DateTime.fromISO(slots.to).diff(from, 'days').days + 1;
  return html`<nav class="agenda-nav" aria-label="Other days"><ul>
<li><a href="${path}?from=${from.minus({ days: span }).toISODate()!}">← Earlier days</a></li>
<li><a href="${path}?from=${from.plus({ days: span }).toISODate()!}">Later days →</a></li></ul></nav>`;
}

function rescheduleView(page: BookingPage, slots: SlotList, problem?: { text: string; status: number }): InboxPageView {
  const error = problem?.text;
  const { booking, deps } = page;
  const zone = deps.consultations.zone;
  const when = bookingWhen(booking, zone);
  const title = `Reschedule the consultation of ${booking.name}`;
  const range = `${slots.from} to ${slots.to}`;
  const picker = slots.slots.length === 0
    ? html`<p class="agenda-empty">No free time from ${range}: look at other days.</p>`
    : html`<form class="inbox-form" method="post" action="${bookingPath(INBOX_PATHS.bookingReschedule, booking.id)}">${csrfInput(page.operator)}
<div class="field${error ? ' has-error' : ''}"><label for="start">New time (free times from ${range})</label>
<select id="start" name="start" required${error ? html` aria-invalid="true" aria-describedby="start-error"` : ''}>${slotOptions(slots, zone)}</select>
${error ? html`<p class="field-error" id="start-error">${error}</p>` : ''}</div>
<button type="submit" class="button">Move the consultation</button></form>`;
  return {
    title, kind: 'agenda', status: problem?.status ?? 200,
    html: html`<div class="prose"><p class="inbox-back"><a href="${agendaHref('day', DateTime.fromMillis(booking.start, { zone }).toISODate()!)}">← Agenda</a></p>
<h1>${title}</h1>
<p>Now: <strong>${when}</strong> · ${bookingKind(booking, deps.consultations.kinds())}.</p>
<p>An updated invitation goes to the homeowner and the studio (when mail is configured).</p>
${picker}
${otherDays(page, slots)}</div>`,
    markdown: `# ${mdText(title)}\n\nNow: ${mdText(when)}.\n\n${error ? `${mdText(error)}\n\n` : ''}Free times from ${range}:\n\n${slots.slots.map((slot) => `- ${slot.start}`).join('\n') || 'None.'}\n\nThe move is a form on the HTML page: it carries the session’s CSRF token.\n`,
  };
}

function cancelView(page: BookingPage): InboxPageView {
  const { booking, deps } = page;
  const zone = deps.consultations.zone;
  const what = `the consultation of ${booking.name} <${booking.email}>, ${bookingWhen(booking, zone)} (${bookingKind(booking, deps.consultations.kinds())})`;
  const consequence = 'Its time is free again, and the homeowner and the studio are sent a cancellation of the invitation (when mail is configured).';
  const keep = agendaHref('day', DateTime.fromMillis(booking.start, { zone }).toISODate()!);
  return {
    title: 'Cancel this consultation?', kind: 'confirm',
    html: html`<div class="prose inbox-confirm"><h1>Cancel this consultation?</h1>
<p>This cancels ${what}.</p><p>${consequence}</p>
<form method="post" action="${bookingPath(INBOX_PATHS.bookingCancel, booking.id)}">${csrfInput(page.operator)}
<div class="inbox-confirm-actions"><button type="submit" class="button button-danger">Cancel the consultation</button>
<a href="${keep}">Keep it</a></div></form></div>`,
    markdown: `# Cancel this consultation?\n\nThis cancels ${mdText(what)}.\n\n${consequence}\n\n${mdLink('Keep it', keep)}\n`,
  };
}

/** The booked consultation of the route's id (a cancelled one too when `cancelled`), or a 404 page. */
async function bookingOr404(
  deps: PageDeps, request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, cancelled = false,
): Promise<StoredBooking | undefined> {
  const booking = await deps.consultations.byId(request.params.id);
  if (!booking || !(booking.status === 'booked' || (cancelled && booking.status === 'cancelled'))) {
    sendErrorPage(request, reply, 404);
    return undefined;
  }
  return booking;
}

function registerReschedule(scope: FastifyInstance, deps: PageDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.bookingReschedule, { schema: { hide: true, params: IdParams, querystring: SlotsFrom } }, async (request, reply) => {
    const booking = await bookingOr404(deps, request, reply);
    if (!booking) return reply;
    const slots = await deps.consultations.slots(booking.type, { from: request.query.from }, booking.id);
    return sendInboxPage(request, reply, rescheduleView({ booking, deps, operator: request.operator! }, slots));
  });
  typed.post(INBOX_PATHS.bookingReschedule, { schema: { hide: true, params: IdParams, body: RescheduleForm } }, async (request, reply) => {
    const booking = await bookingOr404(deps, request, reply);
    if (!booking) return reply;
    try {
      const moved = await deps.consultations.reschedule(booking.id, request.body.start);
      return see(reply, dayOf(deps, moved.start, moved.start === booking.start ? 'booking-unchanged' : 'booking-moved'));
    } catch (error) {
      // Taken meanwhile, or no longer a free start: the form again, with the free times as they are now.
      if (!(error instanceof ApiError) || (error.code !== 'slot_taken' && error.code !== 'invalid_field')) throw error;
      const slots = await deps.consultations.slots(booking.type, {}, booking.id);
      const text = error.code === 'slot_taken' ? 'That time was taken meanwhile: choose another.' : 'That is not a free time of this consultation: choose one of the list.';
      return sendInboxPage(request, reply, rescheduleView({ booking, deps, operator: request.operator! }, slots, { text, status: error.status }));
    }
  });
}

function registerCancel(scope: FastifyInstance, deps: PageDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.bookingCancel, { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    const booking = await bookingOr404(deps, request, reply);
    if (!booking) return reply;
    return sendInboxPage(request, reply, cancelView({ booking, deps, operator: request.operator! }));
  });
  typed.post(INBOX_PATHS.bookingCancel, { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    // Cancelled already (the form sent twice): the use case changes nothing, and the day shows the same notice.
    const booking = await bookingOr404(deps, request, reply, true);
    if (!booking) return reply;
    const cancelled = await deps.consultations.cancel(booking.id, request.operator!.email);
    return see(reply, dayOf(deps, cancelled.start, 'booking-cancelled'));
  });
}

export function registerBookingActions(scope: FastifyInstance, deps: PageDeps): void {
  registerReschedule(scope, deps);
  registerCancel(scope, deps);
}
