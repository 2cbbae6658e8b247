import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/errors.js';
import { OAUTH_METADATA_PATHS } from '../contract/oauth.js';
import { sendApiError } from '../http/errors.js';
import { errorClass, STORE_RETRY_AFTER_SECONDS, StoreUnavailable } from './oauth-error.js';
import type { OAuthService } from './service.js';
import { TokenRejected } from './tokens.js';

/** The API surfaces that accept an optional bearer token: REST under /api/ and the MCP endpoint. */
function isProtectedResource(path: string): boolean {
  return path.startsWith('/api/') || path === '/mcp' || path.startsWith('/mcp/');
}

const BEARER = /^Bearer(?: +(.*))?$/i;

/**
 * Optional bearer tokens (RFC 6750) on every API route. No Authorization header, or a scheme other than
 * Bearer, continues anonymously: the API is public. A Bearer token must be valid, or the request is
 * answered 401 here, before any route code runs, whatever error handler the route has.
 */
export function registerBearerAuth(app: FastifyInstance, oauth: OAuthService): void {
  const resourceMetadata = oauth.issuer + OAUTH_METADATA_PATHS.protectedResource;
  const refuse = (reply: FastifyReply, description: string) => sendApiError(reply, new ApiError('invalid_token', {
    message: description,
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}", resource_metadata="${resourceMetadata}"` },
  }));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (!header || !isProtectedResource(request.url.split('?', 1)[0]!)) return;
    const match = BEARER.exec(header);
    if (!match) return;
    const token = match[1]?.trim();
    if (!token) return refuse(reply, 'The Authorization header carries no token.');
    try {
      const claims = await oauth.tokens.verify(token);
      request.clientId = claims.client_id;
      request.tokenScopes = claims.scope.split(' ');
    } catch (error) {
      if (error instanceof TokenRejected) return refuse(reply, error.message);
      if (error instanceof StoreUnavailable) {
        request.log.warn({ err: errorClass(error) }, 'bearer token cannot be checked: OAuth store unavailable');
        return sendApiError(reply, new ApiError('auth_unavailable', { retryAfter: STORE_RETRY_AFTER_SECONDS }));
      }
      throw error;
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The scopes of a valid bearer token, when one was sent. No operation requires a scope today. */
    tokenScopes?: string[];
  }
}
