import type { Booking, ConsultationType, SlotList } from '../../contract/consultation.js';
import { PATHS } from '../../contract/paths.js';
import { html, type SafeHtml } from '../html.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import { slotPicker, type BookingFormState } from './booking-form.js';
import { nextDay, whenText, zoneName } from './times.js';
import { timesData } from './booking-page.js';
import type { BookingLanguage } from './language.js';

// The person's own page of a booking (their manage link): what is booked, and two ways to change it:
// another free time of its type, or a cancellation behind a confirmation step. Personal: never indexed.

export type ManageStep = 'view' | 'confirm-cancel';

export interface ManageView {
  lang: BookingLanguage;
  /** The type, worded in the page's language. */
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
  const { lang } = view;
  const { page, manage } = lang.words;
  return html`<section id="times" class="times" aria-labelledby="move-heading" ${timesData(lang, slots.time_zone)}>
<h2 id="move-heading">${manage.moveHeading}</h2>
<p class="zone-line">${page.zoneLine(zoneName(slots.time_zone, Date.parse(view.booking.start), lang.words))}</p>
<form class="booking-form" method="post" action="${view.path}">
<div class="form-status${view.state.formError ? ' is-error' : ''}" role="status" tabindex="-1">${view.state.formError ?? ''}</div>
<input type="hidden" name="action" value="move">
<fieldset class="slots"><legend>${page.pickLegend}</legend>${slotPicker(lang, slots, view.state)}</fieldset>
<button type="submit" class="button">${manage.moveSubmit}</button>
</form>
${slots.slots.length > 0 ? html`<nav class="weeks" aria-label="${page.weeks}"><a href="${view.path}?from=${nextDay(slots.to, slots.time_zone)}#times" rel="next">${page.later}</a></nav>` : ''}
</section>`;
}

function cancelSection(view: ManageView): SafeHtml {
  const words = view.lang.words.manage;
  if (view.step === 'confirm-cancel') {
    return html`<section class="cancel" aria-labelledby="cancel-heading"><h2 id="cancel-heading">${words.cancelHeading}</h2>
<p>${words.cancelConfirm}</p>
<form method="post" action="${view.path}"><input type="hidden" name="action" value="cancel-confirmed">
<button type="submit" class="button">${words.cancelYes}</button> <a class="keep" href="${view.path}">${words.cancelNo}</a></form></section>`;
  }
  return html`<section class="cancel" aria-labelledby="cancel-heading"><h2 id="cancel-heading">${words.cancelHeading}</h2>
<form method="post" action="${view.path}"><input type="hidden" name="action" value="cancel">
<button type="submit" class="button button-quiet">${words.cancelAsk}</button></form></section>`;
}

function statusLine(view: ManageView): string {
  if (view.booking.status === 'cancelled') return view.lang.words.manage.cancelled;
  if (!view.live) return view.lang.words.manage.past;
  return '';
}

export function managePage(view: ManageView): Page {
  const { booking, type, lang } = view;
  const words = lang.words.manage;
  const when = whenText(booking, booking.time_zone, lang.words);
  return {
    kind: 'booking',
    personal: true,
    bookingScript: true,
    title: words.title,
    description: words.description,
    path: view.path,
    markdown: [
      `# ${words.title}`,
      view.notice ? `**${mdText(view.notice)}**` : '',
      mdText(words.booked(type.title, when)),
      statusLine(view),
      view.live ? '' : mdLink(words.bookAgain, lang.href(PATHS.bookPage)),
    ].filter(Boolean).join('\n\n'),
    ...(view.live && {
      appendix: {
        label: words.title,
        markdown: '',
        // Cancelling first: the free times are a long list on a phone.
        html: html`${cancelSection(view)}${view.step === 'view' && view.slots ? moveSection(view, view.slots) : ''}`,
      },
    }),
  };
}
