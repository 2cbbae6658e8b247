import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/errors.js';
import { validationError } from '../contract/validator.js';

const FASTIFY_CODES: Record<string, () => ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiError('payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new ApiError('unsupported_media_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ApiError('invalid_body', { message: 'The Content-Length does not match the body.' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ApiError('invalid_body', { message: 'The JSON body is empty.' }),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ApiError('invalid_body', { message: 'The body is not valid JSON.' }),
  // The router's refusals of a path parameter (frameworkErrors), before any route is found.
  FST_ERR_BAD_URL: () => new ApiError('invalid_request', { message: 'A part of the address is not valid percent-encoding.' }),
  FST_ERR_MAX_PARAM_LENGTH: () => new ApiError('not_found'),
};

/** Maps anything thrown while handling a request to a contract error. Unknown errors become 500. */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return validationError(fastifyError.validation, fastifyError.validationContext);
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return mapped();
  if (fastifyError.statusCode === 400 || error instanceof SyntaxError) return new ApiError('invalid_body');
  if (fastifyError.statusCode === 413) return new ApiError('payload_too_large');
  if (fastifyError.statusCode === 415) return new ApiError('unsupported_media_type');
  return new ApiError('internal_error', { cause: error });
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.code(error.status).headers(error.responseHeaders());
  return reply.type('application/json; charset=utf-8').send(error.toBody());
}

/** The root error handler: every error is the contract's Error shape, and no internals reach the client. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = toApiError(error);
  // A contract 5xx (inbox down) was logged where it happened, by class; an unexpected error is logged
  // whole, stack included, for the operator: it carries no request data.
  if (apiError.code === 'internal_error') request.log.error({ err: error }, 'request failed');
  return sendApiError(reply, apiError);
}

/**
 * Unknown addresses below `prefix` answer the contract's 404 as JSON, never the website's page. A child
 * context with that prefix holds the handler (Fastify scopes not-found handlers by prefix), so it runs
 * with the hooks of the context that registers it (the API counts it as a read).
 */
export async function answerNotFoundAsJson(scope: FastifyInstance, prefix: string): Promise<void> {
  await scope.register(async (below) => {
    below.setNotFoundHandler((_request, reply) => sendApiError(reply, new ApiError('not_found')));
  }, { prefix });
}
