import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Catalog } from '../../catalog/catalog.js';
import { callerOf } from '../../http/caller.js';
import { ApiError } from '../../contract/errors.js';
import { PATHS, pathOf } from '../../contract/paths.js';
import type { ConsultationsService } from '../../consultations/consultations.js';
import type { StoredBooking } from '../../consultations/ports.js';
import { toApiError } from '../../http/errors.js';
import { firstValue, mediaTypeOf } from '../../http/headers.js';
import { originAllowed } from '../../lib/origin.js';
import type { Page } from '../page.js';
import { HTML_TYPE, pageLanguage, sayLanguage, type RenderedPage } from '../rendered-page.js';
import { asPage } from '../response-headers.js';
import type { BookingFormState } from './booking-form.js';
import { managePage as manageView, type ManageStep } from './manage-page.js';
import { refusalState } from './refusals.js';
import { LOCALES, type Locale } from '../../words/locale.js';
import { bookingLanguage, typesIn, type BookingLanguage } from './language.js';

// The manage link's page, /consultations/manage/:token: no sign-in, the token is the key. It is answered
// in HTML only, never as a Markdown twin: the twin exists for readers and agents to find and cite public
// pages, and this one is one person's, behind a secret, changing with every move. Never stored by a cache,
// never indexed, in no sitemap nor llms.txt. Its POSTs are refused from another origin, as the forms are.
// The booking records no language: the page is in the language its address names (/es/consultations/manage/…),
// and the Spanish booking page links its Spanish address.

export interface ManageRouteOptions {
  consultations: ConsultationsService;
  /** The content, for the types' words in each language. */
  catalog: Catalog;
  render(page: Page): RenderedPage;
  notFound(locale: Locale): RenderedPage;
  allowedOrigins: readonly string[];
  clock: () => number;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A refused move in a person's words: only the time is chosen here, so only the time can be wrong. */
function moveRefusal(lang: BookingLanguage, error: ApiError, start: string): BookingFormState {
  const { page, manage } = lang.words;
  if (error.code === 'slot_taken') return { values: {}, errors: {}, formError: manage.taken };
  if (error.code === 'invalid_field') {
    return { values: {}, errors: { start: start ? error.message : page.prompts.start.missing }, formError: page.problems(1) };
  }
  return refusalState(lang, error, {}, {});
}

export function registerManageRoutes(scope: FastifyInstance, options: ManageRouteOptions): void {
  for (const locale of LOCALES) registerManageRoutesIn(scope, options, bookingLanguage(locale));
}

function registerManageRoutesIn(scope: FastifyInstance, options: ManageRouteOptions, lang: BookingLanguage): void {
  const { consultations } = options;
  const managePage = lang.href(PATHS.managePage);
  const language = { language: pageLanguage(managePage) };

  const personal = (reply: FastifyReply, status: number) =>
    asPage(sayLanguage(reply, language)).code(status).header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').type(HTML_TYPE);

  const notFound = (reply: FastifyReply) => personal(reply, 404).send(options.notFound(lang.locale).html.body);

  interface Shown { step?: ManageStep; notice?: string; state?: BookingFormState; from?: string; status?: number }

  async function show(reply: FastifyReply, stored: StoredBooking, token: string, shown: Shown = {}): Promise<FastifyReply> {
    const booking = consultations.view(stored);
    const type = typesIn(consultations.typeList(), options.catalog, lang.locale).consultations.find((t) => t.slug === stored.type);
    if (!type) return notFound(reply);
    const live = stored.status === 'booked' && stored.start > options.clock();
    const from = shown.from && /^\d{4}-\d{2}-\d{2}$/.test(shown.from) ? shown.from : undefined;
    const slots = live ? await consultations.slots(type.slug, from ? { from } : {}, booking.id).catch(() => consultations.slots(type.slug, {}, booking.id)) : undefined;
    const page = manageView({
      lang, booking, type, path: pathOf(managePage, { token }), live, slots, step: shown.step ?? 'view', notice: shown.notice,
      state: shown.state ?? { values: {}, errors: {} },
    });
    return personal(reply, shown.status ?? 200).send(options.render(page).html.body);
  }

  scope.get(managePage, { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const stored = await consultations.byManageToken(token);
    if (!stored) return notFound(reply);
    return show(reply, stored, token, { from: text((request.query as Record<string, unknown>).from) });
  });

  scope.post(managePage, { schema: { hide: true } }, async (request, reply) => {
    if (mediaTypeOf(request.headers) !== FORM_TYPE) throw new ApiError('unsupported_media_type');
    const { token } = request.params as { token: string };
    const stored = await consultations.byManageToken(token);
    if (!stored) return notFound(reply);
    if (!originAllowed(firstValue(request.headers.origin), options.allowedOrigins)) {
      return show(reply, stored, token, { notice: lang.words.manage.refused, status: 403 });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const action = text(body.action);
    if (action === 'cancel') return show(reply, stored, token, { step: 'confirm-cancel' });
    try {
      if (action === 'cancel-confirmed') {
        return show(reply, await consultations.cancel(stored.id, 'homeowner'), token, { notice: lang.words.manage.cancelledNow });
      }
      if (action === 'move') {
        return show(reply, await consultations.reschedule(stored.id, text(body.start), callerOf(request)), token, { notice: lang.words.manage.moved });
      }
      return show(reply, stored, token, { status: 400 });
    } catch (thrown) {
      const error = toApiError(thrown as Error);
      if (error.status >= 500) request.log.error({ err: thrown }, 'manage page change failed');
      reply.headers(error.responseHeaders());
      const state = moveRefusal(lang, error, text(body.start));
      return show(reply, (await consultations.byManageToken(token)) ?? stored, token, { state, status: error.status });
    }
  });
}
