import { ApiError } from '../contract/errors.js';
import { HONEYPOT_FIELD, Inquiry } from '../contract/inquiry.js';
import { validate } from '../contract/validator.js';
import type { SubmissionChannel } from './inquiry-service.js';

/** A submission after validation: only the contract's fields, plus whether the form's honeypot was filled. */
export interface ValidSubmission {
  inquiry: Inquiry;
  /** The HTML form's honeypot field was filled in. */
  spam: boolean;
}

const FIELDS = Object.keys(Inquiry.properties) as Array<keyof Inquiry>;

/** Only the contract's fields (unknown ones are ignored, never stored); an empty phone means no phone. */
function pick(input: Record<string, unknown>): Inquiry {
  const inquiry = Object.fromEntries(FIELDS.filter((f) => Object.hasOwn(input, f)).map((f) => [f, input[f]])) as Inquiry;
  if (inquiry.phone === '') delete inquiry.phone;
  return inquiry;
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

/** Validates a body against the contract's Inquiry schema (which trims); throws a 400 ApiError. */
export function validateSubmission(body: unknown, channel: SubmissionChannel): ValidSubmission {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_body', { message: 'The body must be a JSON object or a URL-encoded form.' });
  }
  const input = body as Record<string, unknown>;
  validate<Inquiry>(Inquiry, input);
  return { inquiry: pick(input), spam: honeypotFilled(input, channel) };
}
