import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS } from '../../contract/oauth.js';
import { OAUTH_ROOT } from '../../contract/paths.js';
import { answerNotFoundAsJson, handleError } from '../../http/errors.js';
import { registerMethodNotAllowed } from '../../http/method-not-allowed.js';
import { RouteRegistry } from '../../http/route-registry.js';
import type { OAuthService } from '../service.js';
import { registerAgentAuthRoute } from './agent-auth-route.js';
import { clientFormRoute } from './client-auth.js';
import { basicChallenge, OAuthHttpError, oauthErrorHandler } from './errors.js';
import { registerIntrospectionRoute } from './introspect-route.js';
import { registerJwksRoute } from './jwks-route.js';
import { registerMetadataRoutes } from './metadata-routes.js';
import { registerRegistrationRoute } from './register-route.js';
import { registerRevocationRoute } from './revoke-route.js';
import { registerTokenRoute } from './token-route.js';

export interface OAuthSurfaceOptions {
  oauth: OAuthService;
}

const ENDPOINTS: ReadonlySet<string> = new Set(Object.values(OAUTH_PATHS));

/**
 * The OAuth context: registration, token, introspection, revocation, JWKS and the two discovery
 * documents, with the OAuth error shape; an unknown address below /oauth is the JSON Error. A Fastify plugin, registered
 * encapsulated: `app.register(oauthSurface, { oauth })`. Rate limiting reads each route's
 * config.rateLimit; the counting hook is the caller's to add to this context (or an ancestor).
 */
export async function oauthSurface(scope: FastifyInstance, { oauth }: OAuthSurfaceOptions): Promise<void> {
  const challenge = basicChallenge(oauth.issuer);
  const routes = new RouteRegistry(scope);
  scope.setErrorHandler(oauthErrorHandler({ challenge, requestError: 'invalid_request' }));

  const clientForm = clientFormRoute(oauth.grants);
  registerRegistrationRoute(scope, oauth.grants, challenge);
  registerAgentAuthRoute(scope, oauth.grants, challenge, oauth.issuer);
  registerTokenRoute(scope, oauth.grants, clientForm);
  registerIntrospectionRoute(scope, oauth.grants, clientForm);
  registerRevocationRoute(scope, oauth.grants, clientForm);
  registerJwksRoute(scope, oauth.keys);
  registerMetadataRoutes(scope, oauth.issuer);

  // Other methods on the OAuth endpoints answer 405 in the OAuth error body (RFC 6749 §5.2), so a client
  // reading every answer of these endpoints as OAuth gets invalid_request. The discovery documents keep
  // the REST-shape 405 that every other document of the origin answers, from a child context of their own.
  const byUrl = [...routes.methodsByUrl()];
  registerMethodNotAllowed(scope, new Map(byUrl.filter(([url]) => ENDPOINTS.has(url))), (allow, url) =>
    new OAuthHttpError('invalid_request', `${url} accepts ${allow} only.`, 405, { Allow: allow }));
  await scope.register(async (documents) => {
    documents.setErrorHandler(handleError);
    registerMethodNotAllowed(documents, new Map(byUrl.filter(([url]) => !ENDPOINTS.has(url))));
  });
  await answerNotFoundAsJson(scope, OAUTH_ROOT);
}
