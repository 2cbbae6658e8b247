import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { OAUTH_PATHS } from '../contract/oauth.js';
import { TokenParameter } from '../contract/oauth-schemas.js';
import { authenticateClient } from './client-auth.js';
import { CLOCK_TOLERANCE_SECONDS } from '../contract/oauth.js';
import { formParams, requireParam } from './form.js';
import { ownActiveToken } from './introspect-route.js';
import { noStore } from './oauth-error.js';
import { CLIENT_AUTH_SECURITY, DOCS_ONLY, oauthErrorResponses } from './route-docs.js';
import type { OAuthService } from './service.js';

/** POST /oauth/revoke (RFC 7009): 200 whatever the token, so that nobody learns whose tokens exist. */
export function registerRevocationRoute(app: FastifyInstance, oauth: OAuthService, challenge: string): void {
  app.post(OAUTH_PATHS.revoke, {
    ...DOCS_ONLY,
    schema: {
      operationId: 'revokeToken',
      summary: 'Revoke an access token (RFC 7009)',
      tags: ['oauth'],
      security: CLIENT_AUTH_SECURITY,
      consumes: ['application/x-www-form-urlencoded'],
      body: TokenParameter,
      response: {
        200: Type.Null({ description: 'The token is revoked (or was not an active token of the caller).' }),
        ...oauthErrorResponses([400, 401, 429, 503]),
      },
    },
    config: { rateLimit: 'introspect' },
  }, async (request, reply) => {
    const params = formParams(request);
    const client = await authenticateClient(request, params, oauth.clients, challenge);
    const claims = await ownActiveToken(oauth, requireParam(params, 'token'), client.clientId);
    if (claims) {
      await oauth.revocations.revokeToken(claims.jti, (claims.exp + CLOCK_TOLERANCE_SECONDS) * 1000);
      await oauth.revocations.purge(oauth.clock());
    }
    return noStore(reply).code(200).send();
  });
}
