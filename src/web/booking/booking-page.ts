import { BOOKING_POLICY, type Booking, type ConsultationType, type ConsultationTypeList, type SlotList } from '../../contract/consultation.js';
import { PATHS } from '../../contract/paths.js';
import { html, type SafeHtml } from '../html.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import { bookingForm, moveTo, typeChooser, type BookingFormState } from './booking-form.js';
import { byDay, clockText, dayText, daysBefore, nextDay, whenText, zoneName } from './times.js';
import type { BookingLanguage } from './language.js';

// The booking page, Markdown first as every page: its twin lists the types and the chosen type's free
// times in the studio's zone (for a reader or an agent), and the HTML adds the form to book one.

export interface BookingView {
  lang: BookingLanguage;
  /** The types in the page's language (language.ts typesIn). */
  types: ConsultationTypeList;
  /** The type whose times are shown, with its free slots; none when the studio offers nothing. */
  chosen?: { type: ConsultationType; slots: SlotList };
  /** Whether the weeks shown start later than today's (an "earlier" link then). */
  later: boolean;
  state: BookingFormState;
  now: number;
  baseUrl: string;
}

function typesMarkdown(lang: BookingLanguage, types: ConsultationTypeList): string {
  const { page, places } = lang.words;
  return types.consultations.map((type) => [
    `### ${mdText(type.title)}`,
    `${page.minutes(type.duration_minutes)} · ${places[type.place]}. ${mdText(type.description)}`,
    mdLink(page.chooseType(type.title), `${lang.href(PATHS.bookPage)}?type=${type.slug}`),
  ].join('\n\n')).join('\n\n');
}

function slotsMarkdown(lang: BookingLanguage, list: SlotList): string {
  if (list.slots.length === 0) return lang.words.page.noTimes;
  const zone = list.time_zone;
  return byDay(list.slots, zone)
    .map(({ slots }) => `- **${dayText(slots[0]!.start, zone, lang.words)}**: ${slots.map((s) => clockText(s.start, zone, lang.words)).join(', ')}`)
    .join('\n');
}

/**
 * "Later times" (and "Earlier times" past the first weeks), carrying the person's details when there are some.
 * Weeks without a free time end the way on (past the booking horizon every week is empty; a crawler stops).
 */
function weeksNav(view: BookingView, type: ConsultationType, list: SlotList) {
  const span = BOOKING_POLICY.defaultSlotsSpanDays;
  const { lang } = view;
  return html`<nav class="weeks" aria-label="${lang.words.page.weeks}">
${view.later ? moveTo(lang, lang.words.page.earlier, { type: type.slug, from: daysBefore(list.from, span, list.time_zone) }, view.state.values, 'prev') : ''}
${list.slots.length > 0 ? moveTo(lang, lang.words.page.later, { type: type.slug, from: nextDay(list.to, list.time_zone) }, view.state.values, 'next') : ''}
</nav>`;
}

export function bookingPage(view: BookingView): Page {
  const { types, chosen, lang } = view;
  const words = lang.words.page;
  const zone = zoneName(types.time_zone, view.now, lang.words);
  const times = chosen && [
    `## ${mdText(words.timesHeading(chosen.type.title))}`,
    words.zoneLine(zone),
    slotsMarkdown(lang, chosen.slots),
  ].join('\n\n');
  return {
    kind: 'booking',
    title: words.title,
    description: words.description,
    path: lang.href(PATHS.bookPage),
    bookingScript: true,
    markdown: [`# ${words.title}`, types.consultations.length > 0 ? words.intro : words.notOffered].join('\n\n'),
    appendix: {
      label: words.title,
      markdown: [
        types.consultations.length > 0 ? `## ${words.typesHeading}\n\n${typesMarkdown(lang, types)}` : '',
        times ?? '',
        words.apiNote(view.baseUrl + PATHS.consultations),
      ].filter(Boolean).join('\n\n'),
      html: html`${typeChooser(lang, types.consultations, chosen?.type.slug, view.state.values)}
${chosen ? html`<section id="times" class="times" aria-labelledby="times-heading" ${timesData(lang, types.time_zone)}>
<h2 id="times-heading">${words.timesHeading(chosen.type.title)}</h2>
<p class="zone-line">${words.zoneLine(zone)}</p>
${bookingForm(lang, chosen.type, chosen.slots, view.state)}
${weeksNav(view, chosen.type, chosen.slots)}
</section>` : ''}`,
    },
  };
}

/** What booking.js reads from a section of times: the studio's zone, and its words and locale for the visitor's own times. */
export function timesData(lang: BookingLanguage, zone: string): SafeHtml {
  const { page, timeLocale } = lang.words;
  return html`data-zone="${zone}" data-time-locale="${timeLocale}" data-your-time="${page.yourTime}" data-your-time-line="${page.yourTimeLine}"`;
}

/** The person's own page of a booking in this language: the use case's manage_url is the default language's. */
export function manageUrlIn(lang: BookingLanguage, manageUrl: string): string {
  const url = new URL(manageUrl);
  url.pathname = lang.href(url.pathname);
  return url.href;
}

/** The answer to a booking: what, when (the studio's zone, named), the invitation, and the person's own link. */
export function bookedPage(lang: BookingLanguage, booking: Booking, type: ConsultationType, email: string): Page {
  const words = lang.words.booked;
  const when = whenText(booking, booking.time_zone, lang.words);
  return {
    kind: 'text',
    title: words.title,
    description: words.description,
    path: lang.href(PATHS.bookPage),
    bookingScript: true,
    markdown: [
      `# ${words.title}`,
      mdText(words.lead(type.title, when)),
      mdText(words.invitation(email)),
      mdText(words.manage),
      mdLink(words.manageLink, manageUrlIn(lang, booking.manage_url)),
    ].join('\n\n'),
  };
}
