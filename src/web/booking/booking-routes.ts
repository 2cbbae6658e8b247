import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../../catalog/catalog.js';
import { DateTime } from 'luxon';
import { BOOKING_POLICY, type ConsultationType, type SlotList } from '../../contract/consultation.js';
import { ApiError } from '../../contract/errors.js';
import { PATHS } from '../../contract/paths.js';
import { rateLimitHeaders } from '../../contract/rate-limits.js';
import type { ConsultationsService } from '../../consultations/consultations.js';
import { callerOf } from '../../http/caller.js';
import { toApiError } from '../../http/errors.js';
import { firstValue, mediaTypeOf } from '../../http/headers.js';
import { appendLink } from '../../http/link-headers.js';
import { sendRepresentation } from '../../http/representation.js';
import { wantsJson } from '../accept.js';
import { markdownPath } from '../agent-docs.js';
import type { Page } from '../page.js';
import { HTML_TYPE, pageLanguage, sayLanguage, sendNegotiated, type RenderedPage } from '../rendered-page.js';
import { asPage } from '../response-headers.js';
import { CARRIED_FIELDS, type BookingFormState } from './booking-form.js';
import { bookedPage, bookingPage, manageUrlIn } from './booking-page.js';
import { refusalState } from './refusals.js';
import { LOCALES } from '../../words/locale.js';
import { bookingLanguage, typesIn, type BookingLanguage } from './language.js';

// GET and POST /consultations: the booking page (its twin too), and the plain form's booking through the
// one use case, as channel "web": the Origin check and the booking bucket are the use case's. A POST that
// only carries details (from the thank-you page, or a move to other weeks while details are typed) shows
// the page with them filled in; nothing personal ever travels in a URL. A script asking for JSON (webmcp.js,
// when the visitor books what their assistant filled in) gets the API's Booking and Error shapes instead.
// The same routes answer in every language under its folder (/es/consultations), each in its words.

export interface BookingRouteOptions {
  consultations: ConsultationsService;
  /** The content, for the types' words in each language. */
  catalog: Catalog;
  render(page: Page): RenderedPage;
  clock: () => number;
  baseUrl: string;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const EMPTY: BookingFormState = { values: {}, errors: {} };

/** The page's answers, never stored by a cache: its free times change with every booking. */
const uncached = (rendered: RenderedPage): RenderedPage => ({
  ...rendered,
  html: { ...rendered.html, cacheControl: 'no-store' },
  markdown: { ...rendered.markdown, cacheControl: 'no-store' },
  plain: { ...rendered.plain, cacheControl: 'no-store' },
});

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The posted fields as strings (a field sent twice, or not at all, is empty). */
function postedValues(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(['start', ...CARRIED_FIELDS].map((field) => [field, text(body[field])]));
}

/** The use case's request: the optional fields left out when empty, as the API's client would. */
function bookingRequest(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([field, value]) => value !== '' || field === 'start' || field === 'name' || field === 'email'));
}

/** The API's Error, plus `fields`: each field's problem in the words the page without script shows. */
function sendScriptRefusal(lang: BookingLanguage, reply: FastifyReply, error: ApiError, values: Record<string, string>): FastifyReply {
  const { errors } = refusalState(lang, error, values, bookingRequest(values));
  const fields = error.code === 'invalid_field' && Object.keys(errors).length > 0 ? { fields: errors } : {};
  reply.code(error.status).headers(error.responseHeaders()).header('Cache-Control', 'no-store');
  return reply.type('application/json; charset=utf-8').send({ ...error.toBody(), ...fields });
}

export function registerBookingRoutes(scope: FastifyInstance, options: BookingRouteOptions): void {
  for (const locale of LOCALES) registerBookingRoutesIn(scope, options, bookingLanguage(locale));
}

function registerBookingRoutesIn(scope: FastifyInstance, options: BookingRouteOptions, lang: BookingLanguage): void {
  const { consultations, render } = options;
  const bookPage = lang.href(PATHS.bookPage);
  const language = { language: pageLanguage(bookPage) };
  const typeList = () => typesIn(consultations.typeList(), options.catalog, lang.locale);
  const typeOf = (slug: string): ConsultationType | undefined => typeList().consultations.find((t) => t.slug === slug);

  /** The free times from `from` (a bad day falls back to today's weeks: the page never fails on a link). */
  async function slotsFrom(type: string, from: string | undefined): Promise<SlotList> {
    try {
      return await consultations.slots(type, from ? { from } : {});
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_field') return consultations.slots(type, {});
      throw error;
    }
  }

  async function page(slug: string | undefined, from: string | undefined, state: BookingFormState, slots?: SlotList): Promise<Page> {
    const types = typeList();
    const type = (slug && types.consultations.find((t) => t.slug === slug)) || types.consultations[0];
    const list = type && (slots ?? await slotsFrom(type.slug, from));
    const today = DateTime.fromMillis(options.clock(), { zone: types.time_zone }).toISODate()!;
    return bookingPage({
      lang, types, chosen: type && list && { type, slots: list }, later: Boolean(list && list.from > today), state, now: options.clock(), baseUrl: options.baseUrl,
    });
  }

  const sendHtml = (reply: FastifyReply, status: number, built: Page) =>
    asPage(sayLanguage(reply, language)).code(status).header('Cache-Control', 'no-store').type(HTML_TYPE).send(render(built).html.body);

  scope.get(bookPage, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return sendNegotiated(request, reply, uncached(render(await page(text(query.type) || undefined, text(query.from) || undefined, EMPTY))));
  });
  scope.get(markdownPath(bookPage), { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const rendered = uncached(render(await page(text(query.type) || undefined, text(query.from) || undefined, EMPTY)));
    appendLink(reply, rendered.links.canonical);
    sayLanguage(reply, rendered);
    return sendRepresentation(request, reply, rendered.markdown);
  });

  /** The nearest free times to a taken start, for the form to offer instead (the weeks' links lead further). */
  async function nearest(type: string, taken: string): Promise<SlotList> {
    const day = DateTime.fromISO(taken, { setZone: true });
    const around = await slotsFrom(type, day.isValid ? day.setZone(consultations.zone).minus({ days: 3 }).toISODate()! : undefined);
    const at = Date.parse(taken);
    const slots = [...around.slots].sort((a, b) => Math.abs(Date.parse(a.start) - at) - Math.abs(Date.parse(b.start) - at))
      .slice(0, BOOKING_POLICY.alternatives).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    return { ...around, slots };
  }

  async function book(request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>): Promise<FastifyReply> {
    const values = postedValues(body);
    const slug = text(body.type);
    const json = wantsJson(firstValue(request.headers.accept));
    sayLanguage(reply, language);
    try {
      const { booking, rateLimit } = await consultations.book(slug, bookingRequest(values), { ...callerOf(request), channel: 'web' });
      if (rateLimit) reply.headers(rateLimitHeaders(rateLimit));
      // Location: where the booking is seen (the person's own page, in this page's language), for the script to open next.
      if (json) return reply.code(201).header('Cache-Control', 'no-store').header('Location', manageUrlIn(lang, booking.manage_url)).send(booking);
      return sendHtml(reply, 201, bookedPage(lang, booking, typeOf(slug)!, values.email!));
    } catch (thrown) {
      const error = toApiError(thrown as Error);
      if (error.status >= 500) request.log.error({ err: thrown }, 'web booking failed');
      if (json) return sendScriptRefusal(lang, reply, error, values);
      reply.headers(error.responseHeaders());
      if (error.code === 'not_found') return sendHtml(reply, 404, await page(undefined, undefined, { values, errors: {} }));
      if (error.code === 'slot_taken') {
        const offered = await nearest(slug, values.start!);
        const formError = offered.slots.length > 0 ? lang.words.page.taken : lang.words.page.takenNone;
        return sendHtml(reply, 409, await page(slug, undefined, { values: { ...values, start: '' }, errors: {}, formError }, offered));
      }
      return sendHtml(reply, error.status, await page(slug, undefined, refusalState(lang, error, values, bookingRequest(values))));
    }
  }

  scope.post(bookPage, { schema: { hide: true } }, async (request, reply) => {
    if (mediaTypeOf(request.headers) !== FORM_TYPE) throw new ApiError('unsupported_media_type');
    const body = (request.body ?? {}) as Record<string, unknown>;
    // Details carried over (the thank-you page, other weeks, another type): the page again, filled in.
    if (Object.hasOwn(body, 'show')) {
      return sendHtml(reply, 200, await page(text(body.show) || undefined, text(body.from) || undefined, { values: postedValues(body), errors: {} }));
    }
    return book(request, reply, body);
  });
}
