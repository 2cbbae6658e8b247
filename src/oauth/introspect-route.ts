import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS } from '../contract/oauth.js';
import { IntrospectionResponse, TokenParameter } from '../contract/oauth-schemas.js';
import { authenticateClient } from './client-auth.js';
import { formParams, requireParam } from './form.js';
import { noStore } from './oauth-error.js';
import { CLIENT_AUTH_SECURITY, DOCS_ONLY, NO_STORE_DOCS, oauthErrorResponses } from './route-docs.js';
import type { OAuthService } from './service.js';
import { TokenRejected, type AccessTokenClaims } from './tokens.js';

/** The caller's own active token, or undefined: anything else reads as inactive (RFC 7662 §2.2). */
export async function ownActiveToken(oauth: OAuthService, token: string, clientId: string): Promise<AccessTokenClaims | undefined> {
  try {
    const claims = await oauth.tokens.verify(token);
    return claims.client_id === clientId ? claims : undefined;
  } catch (error) {
    if (error instanceof TokenRejected) return undefined;
    throw error;
  }
}

/** POST /oauth/introspect (RFC 7662), for the token's own client. */
export function registerIntrospectionRoute(app: FastifyInstance, oauth: OAuthService, challenge: string): void {
  app.post(OAUTH_PATHS.introspect, {
    ...DOCS_ONLY,
    schema: {
      operationId: 'introspectToken',
      summary: 'Tell whether an access token is active, with its claims (RFC 7662)',
      tags: ['oauth'],
      security: CLIENT_AUTH_SECURITY,
      consumes: ['application/x-www-form-urlencoded'],
      body: TokenParameter,
      response: {
        200: { ...IntrospectionResponse, description: 'active: false for any token that is not an active token of the caller.', headers: NO_STORE_DOCS },
        ...oauthErrorResponses([400, 401, 429, 503]),
      },
    },
    config: { rateLimit: 'introspect' },
  }, async (request, reply) => {
    const params = formParams(request);
    const client = await authenticateClient(request, params, oauth.clients, challenge);
    const claims = await ownActiveToken(oauth, requireParam(params, 'token'), client.clientId);
    const body = claims ? { active: true, token_type: 'Bearer', ...claims } : { active: false };
    return noStore(reply).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
