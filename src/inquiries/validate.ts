import { HONEYPOT_FIELD, Inquiry } from '../contract/inquiry.js';
import { DEFAULT_LOCALE } from '../contract/locales.js';
import { validate } from '../contract/validator.js';
import { isObject } from '../lib/is-object.js';
import type { SubmissionChannel } from './inquiry-service.js';
import type { ReceivedInquiry } from './ports.js';

/** A submission after validation: only the contract's fields, plus whether the form's honeypot was filled. */
export interface ValidSubmission {
  inquiry: ReceivedInquiry;
  /** The HTML form's honeypot field was filled in. */
  spam: boolean;
}

const FIELDS = Object.keys(Inquiry.properties) as Array<keyof Inquiry>;

/**
 * Only the contract's fields (unknown ones are ignored, never stored); an empty phone means no phone, and
 * no language means the default one.
 */
function pick(input: Record<string, unknown>): ReceivedInquiry {
  const inquiry = Object.fromEntries(FIELDS.filter((f) => Object.hasOwn(input, f)).map((f) => [f, input[f]])) as Inquiry;
  if (inquiry.phone === '') delete inquiry.phone;
  return { ...inquiry, language: inquiry.language ?? DEFAULT_LOCALE };
}

/**
 * The honeypot belongs to the website's HTML form only: there a filled-in text means a bot. Any other
 * channel may carry a field of that name for its own reasons, and is never taken for spam because of it.
 */
function honeypotFilled(input: Record<string, unknown>, channel: SubmissionChannel): boolean {
  if (channel !== 'form' || !Object.hasOwn(input, HONEYPOT_FIELD)) return false;
  const value = input[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}

const OPTIONAL_FIELDS: readonly string[] = FIELDS.filter((field) => !(Inquiry.required as readonly string[]).includes(field));

const isBlank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

/**
 * An HTML form sends every field it has, empty when nobody filled it in: from the website's form an empty
 * optional field (a language left unchosen) is one not given. Every other channel can leave a field out,
 * so there an empty value is checked as sent.
 */
function withoutEmptyOptional(body: unknown, channel: SubmissionChannel): unknown {
  if (channel !== 'form' || !isObject(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name, value]) => !(OPTIONAL_FIELDS.includes(name) && isBlank(value))));
}

/**
 * Validates a body against the contract's Inquiry schema (which trims it in place); throws a 400
 * ApiError (invalid_body for a body that is not an object, as the validator set maps a root type error).
 */
export function validateSubmission(body: unknown, channel: SubmissionChannel): ValidSubmission {
  const input = validate<Inquiry & Record<string, unknown>>(Inquiry, withoutEmptyOptional(body, channel));
  return { inquiry: pick(input), spam: honeypotFilled(input, channel) };
}
