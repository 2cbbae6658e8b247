import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OAUTH_PATHS } from '../../contract/oauth.js';
import { IntrospectionResponse, TokenParameter } from '../../contract/oauth-schemas.js';
import type { Grants } from '../grants.js';
import { sendNoStoreJson } from './answers.js';
import { authenticatedClient, type ClientFormRoute } from './client-auth.js';
import { CLIENT_AUTH_DESCRIPTION, CLIENT_AUTH_SECURITY, CLIENT_FORM_STATUSES, COUNTED_ANSWER_DOCS, oauthErrorResponses } from './route-docs.js';

/** POST /oauth/introspect (RFC 7662), for the token's own client. */
export function registerIntrospectionRoute(scope: FastifyInstance, grants: Grants, clientForm: ClientFormRoute): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(OAUTH_PATHS.introspect, {
    schema: {
      operationId: 'introspectToken',
      summary: 'Tell whether an access token is active, with its claims (RFC 7662)',
      description: 'active: true and the token\'s claims when it is an active access token issued to the calling client; active: false '
        + `for any other token (expired, revoked, malformed, or another client's), so nobody learns whose tokens exist. ${CLIENT_AUTH_DESCRIPTION}`,
      tags: ['oauth'],
      security: CLIENT_AUTH_SECURITY,
      consumes: ['application/x-www-form-urlencoded'],
      body: TokenParameter,
      response: {
        200: { ...IntrospectionResponse, description: 'active: false for any token that is not an active token of the caller.', headers: COUNTED_ANSWER_DOCS },
        ...oauthErrorResponses(CLIENT_FORM_STATUSES),
      },
    },
    config: { rateLimit: 'introspect' },
    ...clientForm,
  }, async (request, reply) => {
    const claims = await grants.introspect(authenticatedClient(request), request.body.token);
    return sendNoStoreJson(reply, claims ? { active: true, token_type: 'Bearer', ...claims } : { active: false });
  });
}
