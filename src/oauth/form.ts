import type { FastifyRequest } from 'fastify';
import { OAuthError } from './oauth-error.js';
import { mediaTypeOf } from '../http/headers.js';

/**
 * The parameters of an OAuth form request (RFC 6749 §3.2): application/x-www-form-urlencoded only,
 * and no parameter more than once.
 */
export function formParams(request: FastifyRequest): Record<string, string> {
  const type = mediaTypeOf(request.headers);
  if (type !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'The request body must be application/x-www-form-urlencoded.');
  }
  const body = (request.body ?? {}) as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw new OAuthError('invalid_request', `The parameter ${name} is included more than once.`);
    if (value !== '') params[name] = value;
  }
  return params;
}

export function requireParam(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new OAuthError('invalid_request', `The parameter ${name} is required.`);
  return value;
}
