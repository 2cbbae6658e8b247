import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ACCESS_TOKEN_LIFETIME_SECONDS, OAUTH_PATHS } from '../../contract/oauth.js';
import { TokenRequest, TokenResponse } from '../../contract/oauth-schemas.js';
import type { Grants } from '../grants.js';
import { sendNoStoreJson } from './answers.js';
import { authenticatedClient, type ClientFormRoute } from './client-auth.js';
import { CLIENT_AUTH_DESCRIPTION, CLIENT_AUTH_SECURITY, CLIENT_FORM_STATUSES, COUNTED_ANSWER_DOCS, oauthErrorResponses } from './route-docs.js';

/** POST /oauth/token: client_credentials only, answered with an RFC 9068 JWT access token. */
export function registerTokenRoute(scope: FastifyInstance, grants: Grants, clientForm: ClientFormRoute): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(OAUTH_PATHS.token, {
    schema: {
      operationId: 'requestToken',
      summary: 'Obtain an access token (client_credentials)',
      description: 'The client_credentials grant (RFC 6749 §4.4): an EdDSA-signed JWT access token (RFC 9068) whose issuer is this '
        + `server, valid ${ACCESS_TOKEN_LIFETIME_SECONDS / 3600} hour, with the scopes asked for (default: all the client was given). `
        + `Tokens are optional: every API operation works without one. ${CLIENT_AUTH_DESCRIPTION}`,
      tags: ['oauth'],
      security: CLIENT_AUTH_SECURITY,
      consumes: ['application/x-www-form-urlencoded'],
      body: TokenRequest,
      response: {
        200: { ...TokenResponse, description: 'The access token.', headers: COUNTED_ANSWER_DOCS },
        ...oauthErrorResponses(CLIENT_FORM_STATUSES),
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
