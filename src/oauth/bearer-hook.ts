import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { errorClass } from '../lib/error-class.js';
import { ApiError } from '../contract/errors.js';
import { OAUTH_METADATA_PATHS } from '../contract/oauth.js';
import { sendApiError } from '../http/errors.js';
import { STORE_RETRY_AFTER_SECONDS, StoreUnavailable } from './oauth-error.js';
import type { OAuthService } from './service.js';
import { TokenRejected } from './tokens.js';

const BEARER = /^Bearer(?: +(.*))?$/i;

/**
 * Optional bearer tokens (RFC 6750) on every API route. No Authorization header, or a scheme other than
 * Bearer, continues anonymously and at once: the API is public. A Bearer token must be valid, or the
 * request is answered 401 here, before any route code runs, whatever error handler the route has.
 * Attached to the API routes only, so pages and documents pay nothing for it.
 */
export function registerBearerAuth(app: FastifyInstance, oauth: OAuthService): void {
  const resourceMetadata = oauth.issuer + OAUTH_METADATA_PATHS.protectedResource;
  const refuse = (reply: FastifyReply, description: string) => sendApiError(reply, new ApiError('invalid_token', {
    message: description,
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}", resource_metadata="${resourceMetadata}"` },
  }));

  /** Resolves true when it has answered the request itself. */
  async function verify(request: FastifyRequest, reply: FastifyReply, token: string | undefined): Promise<boolean> {
    if (!token) {
      refuse(reply, 'The Authorization header carries no token.');
      return true;
    }
    try {
      const claims = await oauth.tokens.verify(token);
      request.clientId = claims.client_id;
      request.tokenScopes = claims.scope.split(' ');
      return false;
    } catch (error) {
      if (error instanceof TokenRejected) {
        refuse(reply, error.message);
      } else if (error instanceof StoreUnavailable) {
        request.log.warn({ err: errorClass(error) }, 'bearer token cannot be checked: OAuth store unavailable');
        sendApiError(reply, new ApiError('auth_unavailable', { retryAfter: STORE_RETRY_AFTER_SECONDS }));
      } else {
        throw error;
      }
      return true;
    }
  }

  // Callback style, so that a request without a bearer token continues synchronously, with no promise.
  const bearerAuth: onRequestHookHandler = (request, reply, done: HookHandlerDoneFunction) => {
    const header = request.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    if (!match) return done();
    verify(request, reply, match[1]?.trim()).then((answered) => { if (!answered) done(); }, done);
  };

  app.addHook('onRequest', bearerAuth);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The scopes of a valid bearer token, when one was sent. No operation requires a scope today. */
    tokenScopes?: string[];
  }
}
