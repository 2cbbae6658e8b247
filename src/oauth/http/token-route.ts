import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OAUTH_PATHS } from '../../contract/oauth.js';
import { TokenRequest, TokenResponse } from '../../contract/oauth-schemas.js';
import type { Grants } from '../grants.js';
import { sendNoStoreJson } from './answers.js';
import { authenticatedClient, type ClientFormRoute } from './client-auth.js';
import { CLIENT_AUTH_SECURITY, NO_STORE_DOCS, oauthErrorResponses } from './route-docs.js';

/** POST /oauth/token: client_credentials only, answered with an RFC 9068 JWT access token. */
export function registerTokenRoute(scope: FastifyInstance, grants: Grants, clientForm: ClientFormRoute): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(OAUTH_PATHS.token, {
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
    ...clientForm,
  }, async (request, reply) => {
    const client = authenticatedClient(request);
    const issued = await grants.issue(client, { grantType: request.body.grant_type, scope: request.body.scope });
    return sendNoStoreJson(reply, { access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn, scope: issued.scope });
  });
}
