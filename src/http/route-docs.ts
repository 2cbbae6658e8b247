import type { TSchema } from 'typebox';
import { ERRORS, INBOUND_ERROR_CODES, SCOPE_ERROR_CODES, type ErrorCode } from '../contract/errors.js';
import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { ErrorBody } from '../contract/responses.js';
import { RefOf } from '../contract/schema-helpers.js';

// OpenAPI fragments that route schemas share: response headers and the Error responses, derived from
// the contract so that the document never restates a code or a header by hand.

/** The document's tags, each with what its operations are about; every operation names one of them. */
export const API_TAGS = {
  index: 'The API index: the version, the deprecation policy and every operation.',
  catalog: 'The studio\'s public portfolio and services, read-only.',
  inquiries: 'Project inquiries: submitting one (public), and reading the received ones (the studio\'s own tools).',
  consultations: 'Booking a first conversation with the studio: the consultation types, their free slots, and booking (or holding) one.',
  inbound: 'Mail into the service: the homeowners\' answers to the studio\'s replies, as raw messages signed by the mail provider\'s hook.',
  oauth: 'The OAuth 2.0 authorization server for agents: self-registration, client_credentials tokens, introspection, '
    + 'revocation and the signing keys. Tokens are optional for every other operation.',
} as const;

const policyList = Object.entries(RATE_LIMIT_POLICIES).map(([name, p]) => `${name} ${p.limit};w=${p.windowSeconds}`).join(', ');

export const RATE_LIMIT_HEADER_DOCS = {
  'RateLimit-Limit': { type: 'integer', description: 'Requests allowed in the current window.' },
  'RateLimit-Remaining': { type: 'integer', description: 'Requests left in the current window.' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the window resets.' },
  'RateLimit-Policy': { type: 'string', description: `The policy as "limit;w=window-seconds" (${policyList}).` },
} as const;

export const RETRY_AFTER_DOC = { type: 'integer', description: 'Seconds to wait before trying again.' } as const;

/** The headers of a prepared representation (src/http/representation.ts), on its 200 and its 304. */
export const REPRESENTATION_HEADER_DOCS = {
  ETag: { type: 'string', description: 'Entity tag; send it back in If-None-Match to get 304.' },
  'Cache-Control': { type: 'string', description: 'How long a cache may reuse the answer before it revalidates.' },
} as const;

const STATUS_MEANINGS: Record<number, string> = {
  400: 'A required field is missing or a field is invalid',
  401: 'The bearer token is invalid or expired; a WWW-Authenticate challenge is sent',
  403: 'The request origin is not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  409: 'The slot was taken meanwhile, or the hold lapsed',
  413: 'The request body is too large',
  415: 'Unsupported media type',
  422: 'The Idempotency-Key was used with a different body',
  429: 'Rate limited; Retry-After is sent',
  500: 'Internal error',
  503: 'The studio inbox is not connected, or the service is overloaded; Retry-After is sent',
};

function codesFor(status: number): string[] {
  return Object.entries(ERRORS).filter(([code, d]) => d.status === status && !SCOPE_ERROR_CODES.has(code as ErrorCode) && !INBOUND_ERROR_CODES.has(code as ErrorCode)).map(([code]) => code);
}

/** The documented Error response of a status: meaning, codes and headers. */
export function errorResponse(status: number, extraHeaders: Record<string, object> = {}): TSchema {
  const retry = status === 429 || status === 503 ? { 'Retry-After': RETRY_AFTER_DOC } : {};
  return RefOf(ErrorBody, {
    description: `${STATUS_MEANINGS[status] ?? 'Error'}. Codes: ${codesFor(status).join(', ')}.`,
    headers: { ...RATE_LIMIT_HEADER_DOCS, ...retry, ...extraHeaders },
  });
}

export function errorResponses(statuses: number[], extraHeaders: Record<string, object> = {}): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(status, extraHeaders)]));
}

/** The 304 of a prepared representation, with the headers the route's context adds to every answer. */
export function notModifiedResponse(contextHeaders: Record<string, object> = {}): object {
  return {
    type: 'null',
    description: 'Not modified: the If-None-Match entity tag is current.',
    headers: { ...REPRESENTATION_HEADER_DOCS, ...contextHeaders },
  };
}
