import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/errors.js';
import { Inquiry } from '../contract/inquiry.js';
import { callerOf } from '../http/caller.js';
import { sendApiError, toApiError } from '../http/errors.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import { rateLimitHeaders } from '../contract/rate-limits.js';
import type { OfferValues } from './booking/offer.js';
import type { FormState } from './contact-form.js';
import { formProblems, problemsSummary } from './form-messages.js';
import { wantsJson } from './accept.js';
import { HTML_TYPE } from './rendered-page.js';
import { asPage } from './response-headers.js';
import { firstValue, mediaTypeOf } from '../http/headers.js';

export interface FormPages {
  /** The contact page with the form in the given state. */
  form(state: FormState): string;
  /** The thank-you page; with the inquiry's details, it offers to book a consultation carrying them over. */
  thanks(offer?: OfferValues): string;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The submitted values of the contract's fields, to put back into the form. */
function submittedValues(body: unknown): Record<string, string> {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const field of Object.keys(Inquiry.properties)) {
    const value = input[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** The sent inquiry's name, email and phone, for the offer to book a consultation. */
function offerOf(body: unknown): OfferValues {
  const { name, email, phone } = submittedValues(body);
  return { name, email, phone };
}

/** "45 seconds" or "12 minutes": how long to wait, for a person (the inbox's sign-in page says it too). */
export function waitText(seconds = 1): string {
  return seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * The form after the use case refused it. A refusal of the fields is shown field by field, every field at
 * once and in a person's words (src/web/form-messages.ts); anything else is one message above the form.
 */
function formStateOf(error: ApiError, body: unknown): FormState {
  const values = submittedValues(body);
  if (error.code === 'rate_limited') {
    return { values, formError: `Too many inquiries from this connection. Please wait ${waitText(error.retryAfterSeconds)} and send it again.` };
  }
  const errors = fieldProblemsOf(error, body);
  if (errors) return { values, errors, formError: problemsSummary(errors) };
  return { values, formError: `${error.message} ${error.hint}` };
}

/** Each field's problem in plain words when the refusal was about the fields, else undefined. */
function fieldProblemsOf(error: ApiError, body: unknown): Record<string, string> | undefined {
  if (error.status !== 400 || !error.field) return undefined;
  const problems = formProblems(body);
  return Object.keys(problems).length > 0 ? problems : undefined;
}

/**
 * The form's script gets the API's Error, plus `fields`: the same plain words per field that the page
 * without script shows, so that the script states no rule and no message of its own.
 */
function sendScriptError(reply: FastifyReply, error: ApiError, body: unknown): FastifyReply {
  const fields = fieldProblemsOf(error, body);
  if (!fields) return sendApiError(reply, error);
  reply.code(error.status).headers(error.responseHeaders());
  return reply.type('application/json; charset=utf-8').send({ ...error.toBody(), fields });
}

/**
 * POST /contact: the website's HTML form, with or without its script, through the same use case (and so
 * the same rate-limit bucket) as the API, as channel "form": the only channel whose honeypot field counts.
 * Without the script it is answered with a page; the script asks for JSON and shows the answer inline.
 */
export function registerContactSubmission(app: FastifyInstance, service: InquiryService, path: string, pages: FormPages): void {
  app.post(path, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    const mediaType = mediaTypeOf(request.headers);
    if (mediaType !== FORM_TYPE) throw new ApiError('unsupported_media_type');
    const json = wantsJson(firstValue(request.headers.accept));
    try {
      const result = await service.submit(request.body, {
        channel: 'form',
        ...callerOf(request),
      });
      reply.headers(rateLimitHeaders(result.rateLimit));
      // The inquiry's id goes to the visitor who sent it, for the offer to book (the booking checks its address).
      if (json) return reply.send({ ok: true, id: result.id });
      return asPage(reply).type(HTML_TYPE).send(pages.thanks({ ...offerOf(request.body), inquiry_id: result.id }));
    } catch (thrown) {
      const error = toApiError(thrown as Error);
      if (error.status >= 500) request.log.error({ err: thrown }, 'form submission failed');
      if (json) return sendScriptError(reply, error, request.body);
      reply.code(error.status).headers(error.responseHeaders());
      return asPage(reply).type(HTML_TYPE).send(pages.form(formStateOf(error, request.body)));
    }
  });
}
