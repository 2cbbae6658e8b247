import { MAX_BODY_BYTES } from './api.js';
import { OAUTH_METADATA_PATHS, OAUTH_PATHS } from './oauth.js';
import { PATHS } from './paths.js';
import { Inquiry, INQUIRY_LIMITS } from './inquiry.js';
import { BOOKING_POLICY } from './consultation.js';
import { rateLimitHeaders, type RateLimitDecision } from './rate-limits.js';
import type { ErrorBody } from './responses.js';

// Every error code the REST surface can answer with, its HTTP status, a default message and a hint.
// MCP tool errors reuse the same codes and hints; OAuth endpoints answer with RFC 6749 errors instead.
interface ErrorDefinition {
  status: number;
  error: string;
  hint: string;
}

export const ERRORS = {
  missing_field: {
    status: 400,
    error: 'A required field is missing.',
    hint: `Send every required field: ${Inquiry.required.join(', ')}.`,
  },
  invalid_field: {
    status: 400,
    error: 'A field is invalid.',
    hint: `Correct the named field to match its rule in ${PATHS.openapi} and send the request again.`,
  },
  invalid_body: {
    status: 400,
    error: 'The request body could not be read.',
    hint: 'Send a JSON object (application/json) or a URL-encoded form (application/x-www-form-urlencoded).',
  },
  invalid_request: {
    status: 400,
    error: 'The request is invalid.',
    hint: `Check the parameters and headers against ${PATHS.openapi}.`,
  },
  invalid_token: {
    status: 401,
    error: 'The bearer token is invalid or expired.',
    hint: `Request a new token at ${OAUTH_PATHS.token}, or call the API without an Authorization header: tokens are optional.`,
  },
  token_required: {
    status: 401,
    error: 'This operation requires a bearer token.',
    hint: `Send Authorization: Bearer <token> with the scope named in the WWW-Authenticate header, from a client the studio's operators created for you; see ${OAUTH_METADATA_PATHS.authGuide}.`,
  },
  insufficient_scope: {
    status: 403,
    error: 'The bearer token does not carry the scope this operation requires.',
    hint: `Use a token with the scope named in the WWW-Authenticate header; only the studio's operators grant it, to clients they create (see ${OAUTH_METADATA_PATHS.authGuide}).`,
  },
  origin_not_allowed: {
    status: 403,
    error: 'The request origin is not allowed.',
    hint: 'Submit from the studio website, or from a server or agent without an Origin header.',
  },
  invalid_signature: {
    status: 401,
    error: 'The message is not signed with the inbound email secret.',
    hint: 'Sign the raw message as a Standard Webhook (webhook-id, webhook-timestamp within 5 minutes, webhook-signature) with INBOUND_EMAIL_SECRET; nothing was stored.',
  },
  invalid_message: {
    status: 400,
    error: 'The message is not an RFC 5322 message that can be filed.',
    hint: 'Send one raw message (Content-Type: message/rfc822) with its headers, a blank line and its body; nothing was stored.',
  },
  not_found: {
    status: 404,
    error: 'There is nothing at this address.',
    hint: `See ${PATHS.apiIndex} for the list of endpoints.`,
  },
  method_not_allowed: {
    status: 405,
    error: 'This method is not allowed here.',
    hint: 'Use one of the methods in the Allow header.',
  },
  not_acceptable: {
    status: 406,
    error: 'No representation matches the Accept header.',
    hint: 'Accept application/json.',
  },
  payload_too_large: {
    status: 413,
    error: 'The request body is too large.',
    hint: `Keep the body under ${MAX_BODY_BYTES / 1024} KiB; the message field holds at most ${INQUIRY_LIMITS.message.maxLength} characters.`,
  },
  message_too_large: {
    status: 413,
    error: 'The message or its attachments are too large.',
    hint: 'A message may carry at most 20 MB of attachments; nothing was stored.',
  },
  unsupported_media_type: {
    status: 415,
    error: 'The request body has an unsupported media type.',
    hint: 'Send Content-Type: application/json or application/x-www-form-urlencoded.',
  },
  idempotency_key_reused: {
    status: 422,
    error: 'This Idempotency-Key was already used with a different body.',
    hint: 'Use a new Idempotency-Key for a new inquiry, or resend the original body unchanged.',
  },
  slot_taken: {
    status: 409,
    error: 'This time was booked by someone else meanwhile.',
    hint: 'Pick another start from the free slots (GET the type\'s slots_url) and book again.',
  },
  hold_expired: {
    status: 409,
    error: 'This hold has lapsed or was never made.',
    hint: `A hold keeps its slot ${BOOKING_POLICY.holdMinutes} minutes; book the slot again (with all fields) if it is still free.`,
  },
  too_many_bookings: {
    status: 429,
    error: 'This address already has the most upcoming consultations one person may book.',
    hint: `One address may have ${BOOKING_POLICY.maxUpcomingPerAddress} upcoming consultations (holds included); cancel or reschedule one with its manage_url, or wait until one has taken place.`,
  },
  rate_limited: {
    status: 429,
    error: 'Too many requests.',
    hint: 'Wait the number of seconds in the Retry-After header, then try again.',
  },
  internal_error: {
    status: 500,
    error: 'Something went wrong on our side.',
    hint: 'Try again later; if it persists, write to the studio by email.',
  },
  auth_unavailable: {
    status: 503,
    error: 'The bearer token cannot be checked right now.',
    hint: 'Wait the number of seconds in the Retry-After header and try again, or call without an Authorization header: tokens are optional.',
  },
  inbox_unavailable: {
    status: 503,
    error: 'The studio inbox is not connected right now.',
    hint: 'Nothing was stored. Wait the number of seconds in the Retry-After header, then send the inquiry again.',
  },
  overloaded: {
    status: 503,
    error: 'The service is overloaded right now.',
    hint: 'Nothing was done. Wait the number of seconds in the Retry-After header, then send the request again.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/** The codes only an operation that requires a scope answers: its route documents them, no other route does. */
export const SCOPE_ERROR_CODES: ReadonlySet<ErrorCode> = new Set(['token_required', 'insufficient_scope']);

/** The codes only POST /inbound/email answers (src/inbound/): its route documents them, no other route does. */
export const INBOUND_ERROR_CODES: ReadonlySet<ErrorCode> = new Set(['invalid_signature', 'invalid_message', 'message_too_large']);

export interface ApiErrorOptions {
  /** Replaces the default message, e.g. to name the field and the rule. */
  message?: string;
  hint?: string;
  /** Seconds, sent as Retry-After (429, 503). */
  retryAfter?: number;
  /** Headers of the refusal itself (Allow of a 405, the challenge of a 401). */
  headers?: Record<string, string>;
  /** Field the error is about, for forms that show errors next to fields. */
  field?: string;
  /** The rate-limit decision of the request that failed: every surface sends its RateLimit-* fields. */
  rateLimit?: RateLimitDecision;
  cause?: unknown;
}

/**
 * The domain error: a contract code, its message and hint, and what a client needs to act on it (the
 * wait, the field, the rate-limit decision). Use cases throw it; each surface turns it into its own shape
 * (REST Error body, MCP tool result or JSON-RPC error, the form page, an OAuth error).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly hint: string;
  readonly retryAfter: number | undefined;
  readonly headers: Record<string, string>;
  readonly field: string | undefined;
  rateLimit: RateLimitDecision | undefined;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? ERRORS[code].error, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.hint = options.hint ?? ERRORS[code].hint;
    this.retryAfter = options.retryAfter;
    this.headers = options.headers ?? {};
    this.field = options.field;
    this.rateLimit = options.rateLimit;
  }

  /** Records the decision of the request this error ends, unless one is recorded already. */
  countedAs(decision: RateLimitDecision): this {
    this.rateLimit ??= decision;
    return this;
  }

  /** Retry-After in whole seconds, at least 1, when the client should wait. */
  get retryAfterSeconds(): number | undefined {
    return this.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(this.retryAfter));
  }

  /** Every header this error's answer carries on any HTTP surface: RateLimit-*, Retry-After, its own. */
  responseHeaders(): Record<string, string> {
    const seconds = this.retryAfterSeconds;
    return {
      ...(this.rateLimit && rateLimitHeaders(this.rateLimit)),
      ...this.headers,
      ...(seconds !== undefined && { 'Retry-After': String(seconds) }),
    };
  }

  toBody(): ErrorBody {
    return { ok: false, error: this.message, code: this.code, hint: this.hint };
  }
}
