import { ERRORS } from '../../contract/errors.js';

type Operation = { security?: unknown; responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, Operation>> };

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/**
 * Every operation that takes the optional bearer token (those without their own `security`) documents
 * the 401 challenge of an invalid token and the 503 of a token that cannot be checked.
 */
export function documentBearerResponses<T extends object>(document: T): T {
  for (const operations of Object.values((document as Document).paths ?? {})) {
    for (const operation of Object.values(operations ?? {})) {
      if (typeof operation !== 'object' || operation.security !== undefined || !operation.responses) continue;
      operation.responses['401'] ??= {
        description: `${ERRORS.invalid_token.error} Code: invalid_token.`,
        headers: { 'WWW-Authenticate': { description: 'Bearer error="invalid_token", error_description, resource_metadata.', schema: { type: 'string' } } },
        content: ERROR_CONTENT,
      };
      operation.responses['503'] ??= {
        description: `${ERRORS.auth_unavailable.error} Only with a bearer token. Code: auth_unavailable.`,
        headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
        content: ERROR_CONTENT,
      };
    }
  }
  return document;
}
