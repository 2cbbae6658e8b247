import { BOOKING_POLICY, type Booking, type ConsultationType, type ConsultationTypeList, type SlotList } from '../../contract/consultation.js';
import { PATHS } from '../../contract/paths.js';
import { html } from '../html.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import { bookingForm, moveTo, typeChooser, type BookingFormState } from './booking-form.js';
import { byDay, clockText, dayText, daysBefore, nextDay, whenText, zoneName } from './times.js';
import { BOOKED_WORDS, BOOKING_WORDS, PLACE_WORDS } from './words.js';

// The booking page, Markdown first as every page: its twin lists the types and the chosen type's free
// times in the studio's zone (for a reader or an agent), and the HTML adds the form to book one.

export interface BookingView {
  types: ConsultationTypeList;
  /** The type whose times are shown, with its free slots; none when the studio offers nothing. */
  chosen?: { type: ConsultationType; slots: SlotList };
  /** Whether the weeks shown start later than today's (an "earlier" link then). */
  later: boolean;
  state: BookingFormState;
  now: number;
  baseUrl: string;
}

function typesMarkdown(types: ConsultationTypeList): string {
  return types.consultations.map((type) => [
    `### ${mdText(type.title)}`,
    `${BOOKING_WORDS.minutes(type.duration_minutes)} · ${PLACE_WORDS[type.place]}. ${mdText(type.description)}`,
    mdLink(BOOKING_WORDS.chooseType(type.title), `${PATHS.bookPage}?type=${type.slug}`),
  ].join('\n\n')).join('\n\n');
}

function slotsMarkdown(list: SlotList): string {
  if (list.slots.length === 0) return BOOKING_WORDS.noTimes;
  return byDay(list.slots, list.time_zone)
    .map(({ slots }) => `- **${dayText(slots[0]!.start, list.time_zone)}**: ${slots.map((s) => clockText(s.start, list.time_zone)).join(', ')}`)
    .join('\n');
}

/**
 * "Later times" (and "Earlier times" past the first weeks), carrying the person's details when there are some.
 * Weeks without a free time end the way on (past the booking horizon every week is empty; a crawler stops).
 */
function weeksNav(view: BookingView, type: ConsultationType, list: SlotList) {
  const span = BOOKING_POLICY.defaultSlotsSpanDays;
  return html`<nav class="weeks" aria-label="Weeks">
${view.later ? moveTo(BOOKING_WORDS.earlier, { type: type.slug, from: daysBefore(list.from, span, list.time_zone) }, view.state.values, 'prev') : ''}
${list.slots.length > 0 ? moveTo(BOOKING_WORDS.later, { type: type.slug, from: nextDay(list.to, list.time_zone) }, view.state.values, 'next') : ''}
</nav>`;
}

export function bookingPage(view: BookingView): Page {
  const { types, chosen } = view;
  const zone = zoneName(types.time_zone, view.now);
  const times = chosen && [
    `## ${mdText(BOOKING_WORDS.timesHeading(chosen.type.title))}`,
    BOOKING_WORDS.zoneLine(zone),
    slotsMarkdown(chosen.slots),
  ].join('\n\n');
  return {
    kind: 'booking',
    title: BOOKING_WORDS.title,
    description: BOOKING_WORDS.description,
    path: PATHS.bookPage,
    bookingScript: true,
    markdown: [`# ${BOOKING_WORDS.title}`, types.consultations.length > 0 ? BOOKING_WORDS.intro : BOOKING_WORDS.notOffered].join('\n\n'),
    appendix: {
      label: BOOKING_WORDS.title,
      markdown: [
        types.consultations.length > 0 ? `## ${BOOKING_WORDS.typesHeading}\n\n${typesMarkdown(types)}` : '',
        times ?? '',
        BOOKING_WORDS.apiNote(view.baseUrl + PATHS.consultations),
      ].filter(Boolean).join('\n\n'),
      html: html`${typeChooser(types.consultations, chosen?.type.slug, view.state.values)}
${chosen ? html`<section id="times" class="times" aria-labelledby="times-heading" data-zone="${types.time_zone}" data-your-time="${BOOKING_WORDS.yourTime}" data-your-time-line="${BOOKING_WORDS.yourTimeLine}">
<h2 id="times-heading">${BOOKING_WORDS.timesHeading(chosen.type.title)}</h2>
<p class="zone-line">${BOOKING_WORDS.zoneLine(zone)}</p>
${bookingForm(chosen.type, chosen.slots, view.state)}
${weeksNav(view, chosen.type, chosen.slots)}
</section>` : ''}`,
    },
  };
}

/** The answer to a booking: what, when (the studio's zone, named), the invitation, and the person's own link. */
export function bookedPage(booking: Booking, type: ConsultationType, email: string): Page {
  const when = whenText(booking, booking.time_zone);
  return {
    kind: 'text',
    title: BOOKED_WORDS.title,
    description: BOOKED_WORDS.description,
    path: PATHS.bookPage,
    bookingScript: true,
    markdown: [
      `# ${BOOKED_WORDS.title}`,
      mdText(BOOKED_WORDS.lead(type.title, when)),
      mdText(BOOKED_WORDS.invitation(email)),
      mdText(BOOKED_WORDS.manage),
      mdLink(BOOKED_WORDS.manageLink, booking.manage_url),
    ].join('\n\n'),
  };
}
