import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/errors.js';
import { Inquiry } from '../contract/inquiry.js';
import { callerOf } from '../http/caller.js';
import { toApiError } from '../http/errors.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import { rateLimitHeaders } from '../contract/rate-limits.js';
import type { OfferValues } from './booking/offer.js';
import type { FormState } from './contact-form.js';
import { formProblems, waitText } from './form-messages.js';
import { wantsJson } from './accept.js';
import { HTML_TYPE } from './rendered-page.js';
import { asPage } from './response-headers.js';
import { firstValue, mediaTypeOf } from '../http/headers.js';
import { localePath, type Locale } from '../words/locale.js';
import { wordsOf } from '../words/words.js';
import { PATHS } from '../contract/paths.js';

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


/** The message above the form for a refusal that is not about the fields, in the page's language. */
function formMessage(error: ApiError, locale: Locale): string {
  const words = wordsOf(locale).form;
  if (error.code === 'rate_limited') return words.rateLimited(waitText(error.retryAfterSeconds ?? 1, locale));
  if (error.status >= 500) return words.unavailable;
  return words.failed;
}

/**
 * The form after the use case refused it. A refusal of the fields is shown field by field, every field at
 * once and in a person's words (src/web/form-messages.ts), with their summary; anything else is one
 * message above the form.
 */
function formStateOf(error: ApiError, body: unknown, locale: Locale): FormState {
  const values = submittedValues(body);
  const errors = fieldProblemsOf(error, body, locale);
  return errors ? { values, errors } : { values, formError: formMessage(error, locale) };
}

/** Each field's problem in plain words when the refusal was about the fields, else undefined. */
function fieldProblemsOf(error: ApiError, body: unknown, locale: Locale): Record<string, string> | undefined {
  if (error.status !== 400 || !error.field) return undefined;
  const problems = formProblems(body, locale);
  return Object.keys(problems).length > 0 ? problems : undefined;
}

/**
 * The form's script gets the API's Error, plus the words the page without script would show: `fields`,
 * each field's problem, or `notice`, the message above the form. The script states no rule and no
 * message of its own but the network's.
 */
function sendScriptError(reply: FastifyReply, error: ApiError, body: unknown, locale: Locale): FastifyReply {
  const fields = fieldProblemsOf(error, body, locale);
  reply.code(error.status).headers(error.responseHeaders());
  const words = fields ? { fields } : { notice: formMessage(error, locale) };
  return reply.type('application/json; charset=utf-8').send({ ...error.toBody(), ...words });
}

/**
 * POST /contact: the website's HTML form, with or without its script, through the same use case (and so
 * the same rate-limit bucket) as the API, as channel "form": the only channel whose honeypot field counts.
 * Without the script it is answered with a page; the script asks for JSON and shows the answer inline.
 * Each language has its own address (/contact, /es/contact) and answers in its words.
 */
export function registerContactSubmission(app: FastifyInstance, service: InquiryService, locale: Locale, pages: FormPages): void {
  app.post(localePath(PATHS.contactPage, locale), { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
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
      if (json) return sendScriptError(reply, error, request.body, locale);
      reply.code(error.status).headers(error.responseHeaders());
      return asPage(reply).type(HTML_TYPE).send(pages.form(formStateOf(error, request.body, locale)));
    }
  });
}
