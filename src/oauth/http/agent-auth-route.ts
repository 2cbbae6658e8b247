import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ANONYMOUS_AGENT_NAME, GRANT_TYPES, OAUTH_PATHS } from '../../contract/oauth.js';
import { AgentRegistrationRequest, AgentRegistrationResponse } from '../../contract/oauth-schemas.js';
import { mediaTypeOf } from '../../http/headers.js';
import { OAuthError } from '../errors.js';
import type { Grants } from '../grants.js';
import { sendNoStoreJson } from './answers.js';
import { oauthErrorHandler } from './errors.js';
import { COUNTED_ANSWER_DOCS, oauthErrorResponses } from './route-docs.js';

const requireJson: preValidationAsyncHookHandler = async (request) => {
  if (mediaTypeOf(request.headers) !== 'application/json') throw new OAuthError('invalid_request', 'Send {"type": "anonymous"} as application/json.');
};

/**
 * POST /oauth/agent-auth, the auth.md convention's register_uri. An adapter, not a second way in: it
 * registers through the same use case and rules as RFC 7591 registration (shares its rate limit too),
 * then issues the first token as the token endpoint would, so the agent leaves with a usable credential
 * and the client credentials to renew it.
 */
export function registerAgentAuthRoute(scope: FastifyInstance, grants: Grants, challenge: string, issuer: string): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(OAUTH_PATHS.agentAuth, {
    schema: {
      operationId: 'registerAgent',
      summary: 'Register an anonymous agent and get a credential (auth.md convention)',
      description: `The auth.md way to register: send {"type": "anonymous"}. The client is registered as by ${OAUTH_PATHS.register} and its first `
        + `access token is issued at once; renew it at ${OAUTH_PATHS.token} with the client_id and client_secret of the answer.`,
      tags: ['oauth'],
      security: [],
      body: AgentRegistrationRequest,
      response: {
        200: { ...AgentRegistrationResponse, description: 'The credential, and the client credentials that renew it (the secret is shown only here).', headers: COUNTED_ANSWER_DOCS },
        ...oauthErrorResponses([400, 413, 415, 429, 500, 503]),
      },
    },
    config: { rateLimit: 'register' },
    preValidation: requireJson,
    errorHandler: oauthErrorHandler({ challenge, requestError: 'invalid_request' }),
  }, async (request, reply) => {
    const { type, client_name: name, scope: requested } = request.body;
    const { client, secret } = await grants.register({ client_name: name ?? ANONYMOUS_AGENT_NAME, grant_types: [...GRANT_TYPES], scope: requested });
    const issued = await grants.issue(client, { grantType: 'client_credentials' });
    return sendNoStoreJson(reply, {
      registration_id: client.clientId,
      registration_type: type,
      credential_type: 'access_token',
      credential: issued.token,
      credential_expires: issued.expiresAt.toISOString(),
      scopes: issued.scope.split(' '),
      client_id: client.clientId,
      client_secret: secret,
      token_endpoint: issuer + OAUTH_PATHS.token,
    });
  });
}
