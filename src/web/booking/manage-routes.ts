import type { FastifyInstance, FastifyReply } from 'fastify';
import { callerOf } from '../../http/caller.js';
import { ApiError } from '../../contract/errors.js';
import { PATHS, pathOf } from '../../contract/paths.js';
import type { ConsultationsService } from '../../consultations/consultations.js';
import type { StoredBooking } from '../../consultations/ports.js';
import { toApiError } from '../../http/errors.js';
import { firstValue, mediaTypeOf } from '../../http/headers.js';
import { originAllowed } from '../../lib/origin.js';
import type { Page } from '../page.js';
import { HTML_TYPE, type RenderedPage } from '../rendered-page.js';
import { asPage } from '../response-headers.js';
import type { BookingFormState } from './booking-form.js';
import { managePage, type ManageStep } from './manage-page.js';
import { refusalState } from './refusals.js';
import { BOOKING_WORDS, MANAGE_WORDS } from './words.js';

// The manage link's page, /consultations/manage/:token: no sign-in, the token is the key. It is answered
// in HTML only, never as a Markdown twin: the twin exists for readers and agents to find and cite public
// pages, and this one is one person's, behind a secret, changing with every move. Never stored by a cache,
// never indexed, in no sitemap nor llms.txt. Its POSTs are refused from another origin, as the forms are.

export interface ManageRouteOptions {
  consultations: ConsultationsService;
  render(page: Page): RenderedPage;
  notFound(): RenderedPage;
  allowedOrigins: readonly string[];
  clock: () => number;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A refused move in a person's words: only the time is chosen here, so only the time can be wrong. */
function moveRefusal(error: ApiError, start: string): BookingFormState {
  if (error.code === 'slot_taken') return { values: {}, errors: {}, formError: MANAGE_WORDS.taken };
  if (error.code === 'invalid_field') {
    return { values: {}, errors: { start: start ? error.message : BOOKING_WORDS.prompts.start.missing }, formError: BOOKING_WORDS.problems(1) };
  }
  return refusalState(error, {}, {});
}

export function registerManageRoutes(scope: FastifyInstance, options: ManageRouteOptions): void {
  const { consultations } = options;

  const personal = (reply: FastifyReply, status: number) =>
    asPage(reply).code(status).header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').type(HTML_TYPE);

  const notFound = (reply: FastifyReply) => personal(reply, 404).send(options.notFound().html.body);

  interface Shown { step?: ManageStep; notice?: string; state?: BookingFormState; from?: string; status?: number }

  async function show(reply: FastifyReply, stored: StoredBooking, token: string, shown: Shown = {}): Promise<FastifyReply> {
    const booking = consultations.view(stored);
    const type = consultations.typeList().consultations.find((t) => t.slug === stored.type);
    if (!type) return notFound(reply);
    const live = stored.status === 'booked' && stored.start > options.clock();
    const from = shown.from && /^\d{4}-\d{2}-\d{2}$/.test(shown.from) ? shown.from : undefined;
    const slots = live ? await consultations.slots(type.slug, from ? { from } : {}, booking.id).catch(() => consultations.slots(type.slug, {}, booking.id)) : undefined;
    const page = managePage({
      booking, type, path: pathOf(PATHS.managePage, { token }), live, slots, step: shown.step ?? 'view', notice: shown.notice,
      state: shown.state ?? { values: {}, errors: {} },
    });
    return personal(reply, shown.status ?? 200).send(options.render(page).html.body);
  }

  scope.get(PATHS.managePage, { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const stored = await consultations.byManageToken(token);
    if (!stored) return notFound(reply);
    return show(reply, stored, token, { from: text((request.query as Record<string, unknown>).from) });
  });

  scope.post(PATHS.managePage, { schema: { hide: true } }, async (request, reply) => {
    if (mediaTypeOf(request.headers) !== FORM_TYPE) throw new ApiError('unsupported_media_type');
    const { token } = request.params as { token: string };
    const stored = await consultations.byManageToken(token);
    if (!stored) return notFound(reply);
    if (!originAllowed(firstValue(request.headers.origin), options.allowedOrigins)) {
      return show(reply, stored, token, { notice: MANAGE_WORDS.refused, status: 403 });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const action = text(body.action);
    if (action === 'cancel') return show(reply, stored, token, { step: 'confirm-cancel' });
    try {
      if (action === 'cancel-confirmed') {
        return show(reply, await consultations.cancel(stored.id, 'homeowner'), token, { notice: MANAGE_WORDS.cancelledNow });
      }
      if (action === 'move') {
        return show(reply, await consultations.reschedule(stored.id, text(body.start), callerOf(request)), token, { notice: MANAGE_WORDS.moved });
      }
      return show(reply, stored, token, { status: 400 });
    } catch (thrown) {
      const error = toApiError(thrown as Error);
      if (error.status >= 500) request.log.error({ err: thrown }, 'manage page change failed');
      reply.headers(error.responseHeaders());
      const state = moveRefusal(error, text(body.start));
      return show(reply, (await consultations.byManageToken(token)) ?? stored, token, { state, status: error.status });
    }
  });
}
