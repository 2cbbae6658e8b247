import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { ApiError } from '../contract/errors.js';
import { HONEYPOT_FIELD, Inquiry, SINGLE_LINE_FIELDS } from '../contract/inquiry.js';
import { plainSchema } from '../contract/schema-helpers.js';
import { validationError } from '../http/errors.js';

/** A submission after normalization and validation: only the contract's fields, plus the honeypot. */
export interface ValidSubmission {
  inquiry: Inquiry;
  /** The honeypot field was filled in. */
  spam: boolean;
}

const FIELDS = Object.keys(Inquiry.properties) as Array<keyof Inquiry>;
// Control characters: C0, DEL and C1 (NEL is U+0085). A single-line field also refuses the Unicode line
// and paragraph separators, which break a line as surely as a line feed in a mail header or a log.
// The message may keep tab, line feed and carriage return.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
type FormatsPlugin = (ajv: Ajv, formats: string[]) => Ajv;
const addFormats = ((addFormatsPlugin as unknown as { default?: FormatsPlugin }).default ?? addFormatsPlugin) as FormatsPlugin;
const ajv = new Ajv({ allErrors: false, strict: false });
addFormats(ajv, ['email']);
// Compiled once, at start-up, from the contract schema.
const validateInquiry = ajv.compile<Inquiry>(plainSchema(Inquiry));

/** Trims every string; an empty optional phone means no phone. Unknown fields are dropped (ignored). */
function normalize(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    out[field] = typeof value === 'string' ? value.trim() : value;
  }
  if (out.phone === '') delete out.phone;
  return out;
}

function controlCharacterError(field: string, allowed: string): ApiError {
  return new ApiError('invalid_field', {
    message: `The field "${field}" must not contain control characters (rule: ${allowed}).`,
    field,
    hint: field === 'message'
      ? 'Remove control characters from "message"; line breaks and tabs are fine.'
      : `Send "${field}" on one line, without control characters.`,
  });
}

function refuseControlCharacters(inquiry: Record<string, unknown>): void {
  for (const field of SINGLE_LINE_FIELDS) {
    const value = inquiry[field];
    if (typeof value === 'string' && CONTROL.test(value)) throw controlCharacterError(field, 'single-line');
  }
  if (typeof inquiry.message === 'string' && CONTROL_EXCEPT_LINES.test(inquiry.message)) {
    throw controlCharacterError('message', 'no-control-characters');
  }
}

/** Normalizes then validates a body against the contract's Inquiry schema; throws a 400 ApiError. */
export function validateSubmission(body: unknown): ValidSubmission {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_body', { message: 'The body must be a JSON object or a URL-encoded form.' });
  }
  const input = body as Record<string, unknown>;
  const candidate = normalize(input);
  if (!validateInquiry(candidate)) throw validationError(validateInquiry.errors ?? []);
  refuseControlCharacters(candidate);
  const honeypot = input[HONEYPOT_FIELD];
  const spam = honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '';
  return { inquiry: candidate, spam };
}
