import type { Booking, ConsultationType, SlotList } from '../../contract/consultation.js';
import { PATHS } from '../../contract/paths.js';
import { html, type SafeHtml } from '../html.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import { slotPicker, type BookingFormState } from './booking-form.js';
import { nextDay, whenText, zoneName } from './times.js';
import { BOOKING_WORDS, MANAGE_WORDS } from './words.js';

// The person's own page of a booking (their manage link): what is booked, and two ways to change it:
// another free time of its type, or a cancellation behind a confirmation step. Personal: never indexed.

export type ManageStep = 'view' | 'confirm-cancel';

export interface ManageView {
  booking: Booking;
  type: ConsultationType;
  /** Where the page is (its path holds the token). */
  path: string;
  /** Upcoming and booked: it can still be moved or cancelled. */
  live: boolean;
  /** The free times to move it to; none once it can no longer change. */
  slots?: SlotList;
  step: ManageStep;
  /** A line above everything: moved, cancelled, or why a change was refused. */
  notice?: string;
  state: BookingFormState;
}

function moveSection(view: ManageView, slots: SlotList): SafeHtml {
  return html`<section id="times" class="times" aria-labelledby="move-heading" data-zone="${slots.time_zone}" data-your-time="${BOOKING_WORDS.yourTime}" data-your-time-line="${BOOKING_WORDS.yourTimeLine}">
<h2 id="move-heading">${MANAGE_WORDS.moveHeading}</h2>
<p class="zone-line">${BOOKING_WORDS.zoneLine(zoneName(slots.time_zone, Date.parse(view.booking.start)))}</p>
<form class="booking-form" method="post" action="${view.path}">
<div class="form-status${view.state.formError ? ' is-error' : ''}" role="status" tabindex="-1">${view.state.formError ?? ''}</div>
<input type="hidden" name="action" value="move">
<fieldset class="slots"><legend>${BOOKING_WORDS.pickLegend}</legend>${slotPicker(slots, view.state)}</fieldset>
<button type="submit" class="button">${MANAGE_WORDS.moveSubmit}</button>
</form>
${slots.slots.length > 0 ? html`<nav class="weeks" aria-label="Weeks"><a href="${view.path}?from=${nextDay(slots.to, slots.time_zone)}#times" rel="next">${BOOKING_WORDS.later}</a></nav>` : ''}
</section>`;
}

function cancelSection(view: ManageView): SafeHtml {
  if (view.step === 'confirm-cancel') {
    return html`<section class="cancel" aria-labelledby="cancel-heading"><h2 id="cancel-heading">${MANAGE_WORDS.cancelHeading}</h2>
<p>${MANAGE_WORDS.cancelConfirm}</p>
<form method="post" action="${view.path}"><input type="hidden" name="action" value="cancel-confirmed">
<button type="submit" class="button">${MANAGE_WORDS.cancelYes}</button> <a class="keep" href="${view.path}">${MANAGE_WORDS.cancelNo}</a></form></section>`;
  }
  return html`<section class="cancel" aria-labelledby="cancel-heading"><h2 id="cancel-heading">${MANAGE_WORDS.cancelHeading}</h2>
<form method="post" action="${view.path}"><input type="hidden" name="action" value="cancel">
<button type="submit" class="button button-quiet">${MANAGE_WORDS.cancelAsk}</button></form></section>`;
}

function statusLine(view: ManageView): string {
  if (view.booking.status === 'cancelled') return MANAGE_WORDS.cancelled;
  if (!view.live) return MANAGE_WORDS.past;
  return '';
}

export function managePage(view: ManageView): Page {
  const { booking, type } = view;
  const when = whenText(booking, booking.time_zone);
  return {
    kind: 'booking',
    personal: true,
    bookingScript: true,
    title: MANAGE_WORDS.title,
    description: MANAGE_WORDS.description,
    path: view.path,
    markdown: [
      `# ${MANAGE_WORDS.title}`,
      view.notice ? `**${mdText(view.notice)}**` : '',
      mdText(MANAGE_WORDS.booked(type.title, when)),
      statusLine(view),
      view.live ? '' : mdLink(MANAGE_WORDS.bookAgain, PATHS.bookPage),
    ].filter(Boolean).join('\n\n'),
    ...(view.live && {
      appendix: {
        label: MANAGE_WORDS.title,
        markdown: '',
        // Cancelling first: the free times are a long list on a phone.
        html: html`${cancelSection(view)}${view.step === 'view' && view.slots ? moveSection(view, view.slots) : ''}`,
      },
    }),
  };
}
