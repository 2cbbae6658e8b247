import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OAUTH_PATHS } from '../../contract/oauth.js';
import { TokenParameter } from '../../contract/oauth-schemas.js';
import type { Grants } from '../grants.js';
import { noStore } from './answers.js';
import { authenticatedClient, type ClientFormRoute } from './client-auth.js';
import { CLIENT_AUTH_DESCRIPTION, CLIENT_AUTH_SECURITY, CLIENT_FORM_STATUSES, COUNTED_ANSWER_DOCS, oauthErrorResponses } from './route-docs.js';

/** POST /oauth/revoke (RFC 7009): 200 whatever the token, so that nobody learns whose tokens exist. */
export function registerRevocationRoute(scope: FastifyInstance, grants: Grants, clientForm: ClientFormRoute): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(OAUTH_PATHS.revoke, {
    schema: {
      operationId: 'revokeToken',
      summary: 'Revoke an access token (RFC 7009)',
      description: 'Revokes an access token of the calling client: from then on it is refused everywhere and introspects as inactive. '
        + `The answer is 200 without a body whatever the token was, so nobody learns whose tokens exist. ${CLIENT_AUTH_DESCRIPTION}`,
      tags: ['oauth'],
      security: CLIENT_AUTH_SECURITY,
      consumes: ['application/x-www-form-urlencoded'],
      body: TokenParameter,
      response: {
        200: Type.Null({ description: 'The token is revoked (or was not an active token of the caller).', headers: COUNTED_ANSWER_DOCS }),
        ...oauthErrorResponses(CLIENT_FORM_STATUSES),
      },
    },
    config: { rateLimit: 'introspect' },
    ...clientForm,
  }, async (request, reply) => {
    await grants.revoke(authenticatedClient(request), request.body.token);
    return noStore(reply).code(200).send();
  });
}
