import type { FastifyInstance } from 'fastify';
import { ACCESS_TOKEN_LIFETIME_SECONDS, GRANT_TYPES, OAUTH_PATHS } from '../contract/oauth.js';
import { TokenRequest, TokenResponse } from '../contract/oauth-schemas.js';
import { authenticateClient } from './client-auth.js';
import type { ClientRecord } from './client-store.js';
import { formParams, requireParam } from './form.js';
import { noStore, OAuthError } from './oauth-error.js';
import { CLIENT_AUTH_SECURITY, DOCS_ONLY, NO_STORE_DOCS, oauthErrorResponses } from './route-docs.js';
import { parseScope } from './scopes.js';
import type { OAuthService } from './service.js';

/** The requested scope, within what the client registered; none requested means all it registered. */
function grantedScope(requested: string | undefined, client: ClientRecord): string {
  if (requested === undefined) return client.metadata.scope;
  const scopes = parseScope(requested);
  const allowed = client.metadata.scope.split(' ');
  if (!scopes || scopes.length === 0 || !scopes.every((s) => allowed.includes(s))) {
    throw new OAuthError('invalid_scope', `The scope must be made of values registered for this client: ${client.metadata.scope}.`);
  }
  return scopes.join(' ');
}

/** POST /oauth/token: client_credentials only, answered with an RFC 9068 JWT access token. */
export function registerTokenRoute(app: FastifyInstance, oauth: OAuthService, challenge: string): void {
  app.post(OAUTH_PATHS.token, {
    ...DOCS_ONLY,
    schema: {
      operationId: 'requestToken',
      summary: 'Obtain an access token (client_credentials)',
      tags: ['oauth'],
      security: CLIENT_AUTH_SECURITY,
      consumes: ['application/x-www-form-urlencoded'],
      body: TokenRequest,
      response: {
        200: { ...TokenResponse, description: 'The access token.', headers: NO_STORE_DOCS },
        ...oauthErrorResponses([400, 401, 429, 503]),
      },
    },
    config: { rateLimit: 'token' },
  }, async (request, reply) => {
    const params = formParams(request);
    const client = await authenticateClient(request, params, oauth.clients, challenge);
    const grantType = requireParam(params, 'grant_type');
    if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
      throw new OAuthError('unsupported_grant_type', `Only ${GRANT_TYPES.join(', ')} is supported.`);
    }
    if (!client.metadata.grant_types.includes(grantType)) {
      throw new OAuthError('unauthorized_client', `This client is not registered for ${grantType}.`);
    }
    const scope = grantedScope(params.scope, client);
    const { token } = await oauth.tokens.issue(client.clientId, scope);
    const body = { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_LIFETIME_SECONDS, scope };
    return noStore(reply).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
