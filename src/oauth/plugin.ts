import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorClass } from '../lib/error-class.js';
import { handleError, toApiError } from '../http/errors.js';
import { OAUTH_PATHS } from '../contract/oauth.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import { registerIntrospectionRoute } from './introspect-route.js';
import { registerJwksRoute } from './jwks-route.js';
import { registerMetadataRoutes } from './metadata-routes.js';
import { OAuthError, sendOAuthError, STORE_RETRY_AFTER_SECONDS, StoreUnavailable } from './oauth-error.js';
import { registerRegistrationRoute } from './register-route.js';
import { registerRevocationRoute } from './revoke-route.js';
import type { OAuthService } from './service.js';
import { registerTokenRoute } from './token-route.js';

/**
 * Every failure on the OAuth endpoints is an OAuth error body, so OAuth clients always parse it:
 * rate limiting (429) and an unreachable store (503) read as temporarily_unavailable with Retry-After,
 * body problems as invalid_request (invalid_client_metadata on registration).
 */
function toOAuthError(error: FastifyError, request: FastifyRequest): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof StoreUnavailable) {
    return new OAuthError('temporarily_unavailable', 'The authorization server cannot reach its store; try again shortly.',
      { headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) } });
  }
  const apiError = toApiError(error);
  if (apiError.status === 429) {
    return new OAuthError('temporarily_unavailable', 'Too many requests; wait the seconds in Retry-After.',
      { status: 429, headers: { 'Retry-After': String(apiError.retryAfter ?? 1) } });
  }
  if (apiError.status >= 500) return new OAuthError('server_error', 'Something went wrong on our side.');
  const code = request.routeOptions.url === OAUTH_PATHS.register ? 'invalid_client_metadata' : 'invalid_request';
  return new OAuthError(code, apiError.message, { status: apiError.status });
}

function handleOAuthError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const oauthError = toOAuthError(error, request);
  if (oauthError.code === 'server_error') request.log.error({ err: error }, 'OAuth request failed');
  if (error instanceof StoreUnavailable) request.log.warn({ err: errorClass(error) }, 'OAuth store unavailable');
  return sendOAuthError(reply, oauthError);
}

/** The authorization server: registration, token, introspection, revocation, JWKS and discovery documents. */
export async function registerOAuth(app: FastifyInstance, oauth: OAuthService): Promise<void> {
  const challenge = `Basic realm="${oauth.issuer}", charset="UTF-8"`;
  await app.register(async (scope) => {
    const routes = new RouteRegistry(scope);
    scope.setErrorHandler(handleOAuthError);
    registerRegistrationRoute(scope, oauth);
    registerTokenRoute(scope, oauth, challenge);
    registerIntrospectionRoute(scope, oauth, challenge);
    registerRevocationRoute(scope, oauth, challenge);
    registerJwksRoute(scope, oauth);
    registerMetadataRoutes(scope, oauth.issuer);
    // Other methods on the OAuth endpoints answer 405 in the OAuth error body (RFC 6749 §5.2), so a
    // client reading every answer of these endpoints as OAuth gets invalid_request. The metadata
    // documents keep the shared REST-shape 405.
    const isEndpoint = ([url]: [string, Set<string>]) => (Object.values(OAUTH_PATHS) as string[]).includes(url);
    const all = [...routes.methodsByUrl()];
    registerMethodNotAllowed(scope, new Map(all.filter(isEndpoint)), (allow, url) =>
      new OAuthError('invalid_request', `${url} accepts ${allow} only.`, { status: 405, headers: { Allow: allow } }));
    await scope.register(async (documents) => {
      documents.setErrorHandler(handleError);
      registerMethodNotAllowed(documents, new Map(all.filter((entry) => !isEndpoint(entry))));
    });
  });
}
