import { DateTime } from 'luxon';
import { CONSULTATION_PLACE_WORDS } from '../contract/consultation.js';
import { INBOX_PATHS } from '../contract/paths.js';
import type { StoredBooking } from '../consultations/ports.js';
import type { ConsultationKind } from '../consultations/schedule.js';
import { html, type SafeHtml } from '../web/html.js';
import { mdLink, mdText } from '../web/markdown.js';
import { agendaHref, type AgendaPeriod } from './agenda-period.js';
import { inquiryPath } from './entry-view.js';
import type { InboxPageView } from './layout.js';
import { withQuery } from './list-query.js';
import { noticeHtml } from './notices.js';

// The agenda's page, in HTML and Markdown: the period's days (a week from Monday, or one day) with the
// consultations booked on each, at their times in the studio's zone and named (EST, EDT); each with the
// person, a link to its inquiry and to the person's inquiries, and the operator's reschedule and cancel.

export interface AgendaModel {
  period: AgendaPeriod;
  bookings: readonly StoredBooking[];
  kinds: readonly ConsultationKind[];
  zone: string;
  now: number;
  notice?: string;
}

const at = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone, locale: 'en-US' });
const dayTitle = (day: DateTime) => day.setLocale('en-US').toFormat('cccc d LLLL yyyy');

/** "09:00–09:30 EST": the booking's time on the studio's clock, its zone named by the abbreviation of that instant. */
export function bookingTime(booking: Pick<StoredBooking, 'start' | 'end'>, zone: string): string {
  return `${at(booking.start, zone).toFormat('HH:mm')}–${at(booking.end, zone).toFormat('HH:mm ZZZZ')}`;
}

/** "Friday 12 March 2027, 09:00–09:30 EST". */
export function bookingWhen(booking: Pick<StoredBooking, 'start' | 'end'>, zone: string): string {
  return `${dayTitle(at(booking.start, zone))}, ${bookingTime(booking, zone)}`;
}

/** "Introductory call, by phone" (the slug where the content no longer offers the type). */
export function bookingKind(booking: Pick<StoredBooking, 'type'>, kinds: readonly ConsultationKind[]): string {
  const kind = kinds.find((k) => k.slug === booking.type);
  return kind ? `${kind.title}, ${CONSULTATION_PLACE_WORDS[kind.place]}` : booking.type;
}

const bookingPath = (route: string, booking: StoredBooking) => route.replace(':id', encodeURIComponent(booking.id));
/** The person's inquiries: the list's search by their address, in every folder. */
const contactHref = (booking: StoredBooking) => withQuery(INBOX_PATHS.list, { q: booking.email });

function bookingLinks(booking: StoredBooking, now: number): Array<{ text: string; href: string }> {
  return [
    ...(booking.inquiryId ? [{ text: 'Its inquiry', href: inquiryPath(booking.inquiryId) }] : []),
    { text: 'Inquiries from this person', href: contactHref(booking) },
    ...(booking.start > now ? [
      { text: 'Reschedule', href: bookingPath(INBOX_PATHS.bookingReschedule, booking) },
      { text: 'Cancel…', href: bookingPath(INBOX_PATHS.bookingCancel, booking) },
    ] : []),
  ];
}

function bookingHtml(model: AgendaModel, booking: StoredBooking): SafeHtml {
  const id = `booking-${booking.id}`;
  return html`<li class="agenda-item" aria-labelledby="${id}">
<h3 id="${id}"><time datetime="${at(booking.start, model.zone).toISO({ suppressMilliseconds: true })!}">${bookingTime(booking, model.zone)}</time> · ${booking.name}</h3>
<p class="agenda-kind">${bookingKind(booking, model.kinds)}</p>
<p class="agenda-person"><a href="mailto:${booking.email}">${booking.email}</a>${booking.phone ? html` · <a href="tel:${booking.phone.replace(/[^\d+]/g, '')}">${booking.phone}</a>` : ''}</p>
${booking.message ? html`<div class="agenda-message">${booking.message}</div>` : ''}
<ul class="agenda-links">${bookingLinks(booking, model.now).map((link) => html`<li><a href="${link.href}">${link.text}</a></li>`)}</ul>
</li>`;
}

/** The bookings of one day of the period, in time order. */
function bookingsOn(model: AgendaModel, day: DateTime): StoredBooking[] {
  const iso = day.toISODate();
  return model.bookings.filter((booking) => at(booking.start, model.zone).toISODate() === iso);
}

function dayHtml(model: AgendaModel, day: DateTime): SafeHtml {
  const bookings = bookingsOn(model, day);
  const id = `day-${day.toISODate()!}`;
  const title = model.period.view === 'week' ? html`<a href="${agendaHref('day', day.toISODate()!)}">${dayTitle(day)}</a>` : dayTitle(day);
  return html`<section class="agenda-day" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>
${bookings.length === 0 ? html`<p class="agenda-empty">No consultations.</p>` : html`<ol class="agenda-list">${bookings.map((booking) => bookingHtml(model, booking))}</ol>`}</section>`;
}

export function agendaTitle(period: AgendaPeriod): string {
  const first = period.days[0]!;
  return period.view === 'week' ? `Agenda: week of ${first.setLocale('en-US').toFormat('d LLLL yyyy')}` : `Agenda: ${dayTitle(first)}`;
}

function periodNav(period: AgendaPeriod): SafeHtml {
  const unit = period.view === 'week' ? 'week' : 'day';
  return html`<nav class="agenda-nav" aria-label="Other ${unit}s"><ul>
<li><a href="${period.previous}" rel="prev">← Previous ${unit}</a></li>
<li><a href="${period.current}">${period.view === 'week' ? 'This week' : 'Today'}</a></li>
<li><a href="${period.next}" rel="next">Next ${unit} →</a></li>
<li><a href="${period.other}">${period.view === 'week' ? 'By day' : 'Whole week'}</a></li>
</ul></nav>`;
}

const intro = (zone: string) => `Consultations booked with the studio, at the studio’s times (${zone}).`;

function agendaHtml(model: AgendaModel): SafeHtml {
  return html`${model.notice ? noticeHtml(model.notice) : ''}
<h1>${agendaTitle(model.period)}</h1>
<p class="agenda-intro">${intro(model.zone)}</p>
${periodNav(model.period)}
${model.period.days.map((day) => dayHtml(model, day))}`;
}

function bookingMarkdown(model: AgendaModel, booking: StoredBooking): string {
  const links = bookingLinks(booking, model.now).filter((link) => !link.text.startsWith('Cancel')).map((link) => mdLink(link.text, link.href));
  return [
    `- **${bookingTime(booking, model.zone)}** · ${mdText(booking.name)} · ${mdText(bookingKind(booking, model.kinds))} · ${mdText(booking.email)}${booking.phone ? ` · ${mdText(booking.phone)}` : ''}`,
    ...(booking.message ? [`  ${mdText(booking.message.replace(/\s*\r?\n\s*/g, ' '))}`] : []),
    `  ${links.join(' · ')}`,
  ].join('\n');
}

function agendaMarkdown(model: AgendaModel): string {
  const days = model.period.days.map((day) => {
    const bookings = bookingsOn(model, day);
    return `## ${dayTitle(day)}\n\n${bookings.length === 0 ? 'No consultations.' : bookings.map((b) => bookingMarkdown(model, b)).join('\n')}\n`;
  });
  const nav = [mdLink('Previous', model.period.previous), mdLink('Next', model.period.next), mdLink(model.period.view === 'week' ? 'By day' : 'Whole week', model.period.other)].join(' · ');
  return `# ${agendaTitle(model.period)}\n\n${model.notice ? `${model.notice}\n\n` : ''}${mdText(intro(model.zone))}\n\n${nav}\n\n${days.join('\n')}`;
}

export function agendaView(model: AgendaModel): InboxPageView {
  return { title: agendaTitle(model.period), kind: 'agenda', html: agendaHtml(model), markdown: agendaMarkdown(model) };
}

const STATUS_WORDS: Readonly<Record<StoredBooking['status'], string>> = { held: 'Held', booked: 'Booked', cancelled: 'Cancelled' };

/** What an inquiry's page shows of its consultations: each when, what and where it stands, linked to its agenda day. */
export interface InquiryBookings {
  bookings: readonly StoredBooking[];
  kinds: readonly ConsultationKind[];
  zone: string;
}

function inquiryBookingParts(part: InquiryBookings, booking: StoredBooking) {
  return {
    when: bookingWhen(booking, part.zone), href: agendaHref('day', at(booking.start, part.zone).toISODate()!),
    kind: bookingKind(booking, part.kinds), status: STATUS_WORDS[booking.status],
  };
}

export function inquiryBookingsHtml(part: InquiryBookings | undefined): SafeHtml | '' {
  if (!part || part.bookings.length === 0) return '';
  return html`<section aria-labelledby="h-consultations"><h2 id="h-consultations">Consultations</h2>
<ul class="contact-inquiries">${part.bookings.map((booking) => {
    const cells = inquiryBookingParts(part, booking);
    return html`<li><a href="${cells.href}">${cells.when}</a> · ${cells.kind} · <strong>${cells.status}</strong></li>`;
  })}</ul></section>`;
}

export function inquiryBookingsMarkdown(part: InquiryBookings | undefined): string[] {
  if (!part || part.bookings.length === 0) return [];
  return ['## Consultations', '', ...part.bookings.map((booking) => {
    const cells = inquiryBookingParts(part, booking);
    return `- ${mdLink(cells.when, cells.href)} · ${mdText(cells.kind)} · ${cells.status}`;
  }), ''];
}
