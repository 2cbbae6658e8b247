import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorClass } from '../../lib/error-class.js';
import { toApiError } from '../../http/errors.js';
import { OAuthError, StoreUnavailable, type OAuthErrorCode } from '../errors.js';
import { sendNoStoreJson } from './answers.js';

// How the OAuth endpoints answer a failure: always an RFC 6749 §5.2 error body, so that an OAuth client
// reading any answer of these endpoints can parse it. Rate limiting (429) and an unreachable store (503)
// read as temporarily_unavailable with Retry-After; a request Fastify refuses before the handler (body
// unreadable, too large, failing its schema) as invalid_request, or invalid_client_metadata on registration.

/** Seconds a client should wait before calling again while the store is unreachable. */
export const STORE_RETRY_AFTER_SECONDS = 5;

const STATUS: Partial<Record<OAuthErrorCode, number>> = { invalid_client: 401, temporarily_unavailable: 503, server_error: 500 };

/** An OAuth error that the HTTP surface itself decides, with its own status and headers (a 405 with Allow). */
export class OAuthHttpError extends OAuthError {
  constructor(code: OAuthErrorCode, description: string, readonly status: number, readonly headers: Record<string, string>) {
    super(code, description);
  }
}

/** The WWW-Authenticate challenge of a failed client authentication (RFC 6749 §5.2: 401 with the scheme used). */
export const basicChallenge = (issuer: string) => `Basic realm="${issuer}", charset="UTF-8"`;

export interface OAuthErrorAnswers {
  /** The WWW-Authenticate value every invalid_client answer carries. */
  challenge: string;
  /** The code of a request refused before the handler: invalid_client_metadata on registration, else invalid_request. */
  requestError: 'invalid_request' | 'invalid_client_metadata';
}

function answerOf(error: FastifyError | Error, { challenge, requestError }: OAuthErrorAnswers): OAuthHttpError {
  if (error instanceof OAuthHttpError) return error;
  if (error instanceof OAuthError) {
    const headers: Record<string, string> = error.code === 'invalid_client' ? { 'WWW-Authenticate': challenge } : {};
    return new OAuthHttpError(error.code, error.message, STATUS[error.code] ?? 400, headers);
  }
  if (error instanceof StoreUnavailable) {
    return new OAuthHttpError('temporarily_unavailable', 'The authorization server cannot reach its store; try again shortly.', 503,
      { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) });
  }
  const apiError = toApiError(error);
  if (apiError.status === 429) {
    return new OAuthHttpError('temporarily_unavailable', 'Too many requests; wait the seconds in Retry-After.', 429, apiError.responseHeaders());
  }
  // Load shedding refuses before any handler runs: the client should come back, not give up.
  if (apiError.code === 'overloaded') {
    return new OAuthHttpError('temporarily_unavailable', `${apiError.message} Wait the seconds in Retry-After.`, 503, apiError.responseHeaders());
  }
  if (apiError.status >= 500) return new OAuthHttpError('server_error', 'Something went wrong on our side.', 500, {});
  return new OAuthHttpError(requestError, apiError.message, apiError.status, {});
}

function sendOAuthError(reply: FastifyReply, error: OAuthHttpError): FastifyReply {
  return sendNoStoreJson(reply.headers(error.headers), { error: error.code, error_description: error.message }, error.status);
}

/** The error handler of the OAuth context (and, with invalid_client_metadata, of the registration route). */
export function oauthErrorHandler(answers: OAuthErrorAnswers) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const answer = answerOf(error, answers);
    if (answer.code === 'server_error') request.log.error({ err: error }, 'OAuth request failed');
    if (error instanceof StoreUnavailable) request.log.warn({ err: errorClass(error) }, 'OAuth store unavailable');
    return sendOAuthError(reply, answer);
  };
}
