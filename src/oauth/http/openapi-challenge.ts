import { ERRORS } from '../../contract/errors.js';

type Headers = Record<string, unknown>;
type Response = { description: string; headers?: Headers; content?: object };
type Operation = { security?: unknown; responses?: Record<string, Response> };
type Document = { paths?: Record<string, Record<string, Operation>> };

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/**
 * Every operation that takes the optional bearer token (those without their own `security`) documents
 * the 401 challenge of an invalid token and the 503 of a token that cannot be checked. The bearer hook
 * answers after the context's counting hook, like the operation's 429, so both answers carry what its 429
 * carries (RateLimit-*, and what the context adds to every answer, such as the legacy alias's
 * Deprecation, Sunset and Link): the 503 with its Retry-After, the 401 with the challenge instead.
 */
export function documentBearerResponses<T extends object>(document: T): T {
  for (const operations of Object.values((document as Document).paths ?? {})) {
    for (const operation of Object.values(operations ?? {})) {
      if (typeof operation !== 'object' || operation.security !== undefined || !operation.responses) continue;
      const { 'Retry-After': retryAfter, ...contextHeaders } = operation.responses['429']?.headers ?? {};
      operation.responses['401'] ??= {
        description: `${ERRORS.invalid_token.error} Code: invalid_token.`,
        headers: {
          ...contextHeaders,
          'WWW-Authenticate': { description: 'Bearer error="invalid_token", error_description, resource_metadata.', schema: { type: 'string' } },
        },
        content: ERROR_CONTENT,
      };
      operation.responses['503'] ??= {
        description: `${ERRORS.auth_unavailable.error} Only with a bearer token (code auth_unavailable). Or: ${ERRORS.overloaded.error} (code overloaded).`,
        headers: { ...contextHeaders, 'Retry-After': retryAfter ?? { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
        content: ERROR_CONTENT,
      };
    }
  }
  return document;
}
