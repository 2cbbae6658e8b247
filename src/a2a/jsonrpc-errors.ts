import { A2A_ERROR_CODE, ERROR_INFO_TYPE, type ErrorDetail } from '@a2a-js/sdk/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError, ErrorCode } from '../contract/errors.js';
import { toApiError } from '../http/errors.js';
import { firstValue, mediaTypeOf } from '../http/headers.js';
import { A2A_MEDIA_TYPE, answerMediaType } from './media-types.js';

// The refusals of /a2a that happen before the SDK reads the message (the rate-limit hook's 429, the body
// parser, the media type, an unknown method) as JSON-RPC error responses, with the HTTP status of their
// contract code. As A2A writes its own errors, `data` holds a google.rpc.ErrorInfo: its reason is the
// contract code, its domain this service, its metadata the code, the hint and the wait, so an agent gets
// the same guidance as on the REST API.

export type JsonRpcId = string | number | null;

export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  error: { code: number; message: string; data?: ErrorDetail[] };
}

/** JSON-RPC "server error" code for refusals A2A names no code for (A2A's own are -32001 to -32009). */
const SERVER_ERROR = -32000;

/** The JSON-RPC code closest to a contract code: the body and its media type have A2A codes of their own. */
const CODES: ReadonlyMap<ErrorCode, number> = new Map([
  ['invalid_body', A2A_ERROR_CODE.PARSE_ERROR],
  ['unsupported_media_type', A2A_ERROR_CODE.CONTENT_TYPE_NOT_SUPPORTED],
]);

/** The REST hints speak of forms; a JSON-RPC body is JSON, under either of its media types. */
const HINTS: ReadonlyMap<ErrorCode, string> = new Map([
  ['invalid_body', `Send one JSON-RPC 2.0 request as a JSON object, with Content-Type: application/json (or ${A2A_MEDIA_TYPE}).`],
  ['unsupported_media_type', `Send Content-Type: application/json or ${A2A_MEDIA_TYPE}.`],
]);

/** The Content-Type of every answer of /a2a, its errors too: the request's media type, or the one its Accept prefers. */
export function answerContentType(request: FastifyRequest): string {
  return `${answerMediaType(mediaTypeOf(request.headers), firstValue(request.headers.accept))}; charset=utf-8`;
}

function errorInfo(error: ApiError, hint: string, domain: string): ErrorDetail {
  const wait = error.retryAfterSeconds;
  return {
    '@type': ERROR_INFO_TYPE,
    reason: error.code.toUpperCase(),
    // ErrorInfo's domain names the service whose reason it is (A2A's own errors say a2a-protocol.org).
    domain,
    metadata: { code: error.code, hint, ...(wait !== undefined && { retry_after_seconds: String(wait) }) },
  };
}

export function contractErrorResponse(error: ApiError, domain: string, id: JsonRpcId = null): JsonRpcErrorResponse {
  const code = CODES.get(error.code) ?? (error.status >= 500 ? A2A_ERROR_CODE.INTERNAL_ERROR : SERVER_ERROR);
  const hint = HINTS.get(error.code) ?? error.hint;
  return { jsonrpc: '2.0', id, error: { code, message: error.message, data: [errorInfo(error, hint, domain)] } };
}

/** The error handler of /a2a: anything thrown answers a JSON-RPC error, with the status and headers of its contract code. */
export function a2aErrorHandler(domain: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const apiError = toApiError(error);
    // As on REST: a contract 5xx (overloaded) is expected and was logged where it happened.
    if (apiError.code === 'internal_error') request.log.error({ err: error }, 'a2a request failed');
    return reply.code(apiError.status).headers(apiError.responseHeaders()).type(answerContentType(request))
      .send(contractErrorResponse(apiError, domain));
  };
}
