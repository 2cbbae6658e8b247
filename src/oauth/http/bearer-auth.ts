import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { ApiError } from '../../contract/errors.js';
import { PROTECTED_RESOURCE_PATHS, protectedResourceMetadataPath, type AccessTokenClaims } from '../../contract/oauth.js';
import { sendApiError } from '../../http/errors.js';
import { errorClass } from '../../lib/error-class.js';
import { StoreUnavailable } from '../errors.js';
import type { OAuthService } from '../service.js';
import { TokenRejected } from '../token-rejection.js';
import { STORE_RETRY_AFTER_SECONDS } from './errors.js';

// What the hook tells the routes of its context about the caller; elsewhere (no hook) both stay undefined.
declare module 'fastify' {
  interface FastifyRequest {
    /** The OAuth client of a valid bearer token, when one was sent. */
    clientId?: string;
    /** The scopes of a valid bearer token, when one was sent (the read API of the inquiries requires one). */
    tokenScopes?: string[];
  }
}

const BEARER = /^Bearer(?: +(.*))?$/i;

/**
 * Optional bearer tokens (RFC 6750), as an onRequest hook for the API context (REST and MCP). No
 * Authorization header, or a scheme other than Bearer, continues anonymously and at once: the API is
 * public. A Bearer token must be valid, or the request is answered 401 here, before any route code runs,
 * in the API's Error shape with the RFC 6750 challenge.
 */
export function bearerAuth(oauth: OAuthService): onRequestHookHandler {
  // A resource with a document of its own (the MCP endpoint) names that one: the client then checks that its
  // `resource` is the URL it called (RFC 9728 §3.3). Every other route names the API's.
  const ownDocuments = new Map<string, string>(PROTECTED_RESOURCE_PATHS.map((path) => [path, oauth.issuer + protectedResourceMetadataPath(path)]));
  const apiDocument = oauth.issuer + protectedResourceMetadataPath();
  const resourceMetadataOf = (request: FastifyRequest) => ownDocuments.get(request.routeOptions.url ?? '') ?? apiDocument;
  const refuse = (request: FastifyRequest, reply: FastifyReply, rejection: TokenRejected) => sendApiError(reply, new ApiError('invalid_token', {
    message: rejection.message,
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${rejection.message}", resource_metadata="${resourceMetadataOf(request)}"` },
  }));

  const accept = (request: FastifyRequest, claims: AccessTokenClaims) => {
    oauth.events.bearerChecked('valid');
    request.clientId = claims.client_id;
    request.tokenScopes = claims.scope.split(' ');
  };
  /** Answers a token that failed; anything that is not a verdict on the token goes on to the error handler. */
  const answerFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown, done: HookHandlerDoneFunction) => {
    if (error instanceof TokenRejected) {
      oauth.events.bearerChecked(error.code);
      refuse(request, reply, error);
    } else if (error instanceof StoreUnavailable) {
      oauth.events.bearerChecked('unavailable');
      request.log.warn({ err: errorClass(error) }, 'bearer token cannot be checked: OAuth store unavailable');
      sendApiError(reply, new ApiError('auth_unavailable', { retryAfter: STORE_RETRY_AFTER_SECONDS }));
    } else {
      done(error as Error);
    }
  };

  // Callback style: a request without a bearer token, or with one verified before whose revocations are
  // known in memory (the common case), continues synchronously, with no promise.
  return (request, reply, done: HookHandlerDoneFunction) => {
    const header = request.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    if (!match) return done();
    const token = match[1]?.trim();
    let claims: AccessTokenClaims | undefined;
    try {
      if (!token) throw new TokenRejected('token_missing', 'The Authorization header carries no token.');
      claims = oauth.tokens.verifyRemembered(token);
    } catch (error) {
      return answerFailure(request, reply, error, done);
    }
    if (claims) {
      accept(request, claims);
      return done();
    }
    oauth.tokens.verify(token).then(
      (verified) => { accept(request, verified); done(); },
      (error: unknown) => answerFailure(request, reply, error, done),
    );
  };
}
