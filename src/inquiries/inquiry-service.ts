import type { ErrorCode } from '../contract/errors.js';
import type { RateLimitDecision } from '../contract/rate-limits.js';

// The inquiry use case as every surface sees it: REST, the legacy alias, the MCP tool, the A2A skill and the HTML form
// are adapters around `submit`. Errors are thrown as ApiError (contract codes) and never name an HTTP
// header: a refused submission carries its rate-limit decision (ApiError.rateLimit), and each surface
// turns the error into its own shape.

export const SUBMISSION_CHANNELS = ['api', 'legacy', 'mcp', 'a2a', 'form'] as const;
export type SubmissionChannel = (typeof SUBMISSION_CHANNELS)[number];

/** Who is calling: the facts of the request the use case checks and records, never the request itself (src/http/caller.ts). */
export interface Caller {
  /** Client IP as Fastify resolved it (TRUST_PROXY). */
  ip: string;
  userAgent?: string;
  /** The Origin header, when the request carried one. */
  origin?: string;
  /** OAuth client of a valid bearer token, if any. */
  clientId?: string;
}

export interface SubmissionContext extends Caller {
  channel: SubmissionChannel;
  idempotencyKey?: string;
  /**
   * The inquiry-policy decision when the surface already counted this request (the REST routes count
   * in the rate-limit hook, so that every response, a 413 too, carries the headers). Otherwise the use
   * case counts: one bucket either way.
   */
  rateLimit?: RateLimitDecision;
}

export interface SubmissionResult {
  /** Stable id of the stored inquiry (also the notification idempotency id). */
  id: string;
  /** The inquiry-policy decision of this request, for the RateLimit-* headers. */
  rateLimit: RateLimitDecision;
}

export interface InquiryService {
  /** Checks origin, rate limit and fields, then commits the inquiry and its notification jobs. */
  submit(input: unknown, context: SubmissionContext): Promise<SubmissionResult>;
  /**
   * A surface that refuses a submission by its own checks, before `submit` could run (the REST routes'
   * media type, Origin, body schema and inquiry bucket), reports it here: every refusal is observed alike.
   */
  refusedBeforeSubmit?(channel: SubmissionChannel, code: ErrorCode): void;
}
