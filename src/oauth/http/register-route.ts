import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OAUTH_PATHS } from '../../contract/oauth.js';
import { ClientRegistrationRequest, ClientRegistrationResponse } from '../../contract/oauth-schemas.js';
import { mediaTypeOf } from '../../http/headers.js';
import { seconds } from '../../lib/clock.js';
import { isObject } from '../../lib/is-object.js';
import { OAuthError } from '../errors.js';
import type { Grants } from '../grants.js';
import { refuseUnusableMetadata } from '../registration.js';
import { sendNoStoreJson } from './answers.js';
import { oauthErrorHandler } from './errors.js';
import { COUNTED_ANSWER_DOCS, oauthErrorResponses } from './route-docs.js';

/**
 * Before the schema: registration is JSON, and metadata we cannot honour is refused with its own code
 * (invalid_redirect_uri, unapproved_software_statement) even when other fields are malformed too.
 */
const refuseBeforeSchema: preValidationAsyncHookHandler = async (request) => {
  if (mediaTypeOf(request.headers) !== 'application/json') throw new OAuthError('invalid_client_metadata', 'Send the client metadata as application/json.');
  if (isObject(request.body)) refuseUnusableMetadata(request.body);
};

/** POST /oauth/register (RFC 7591): open dynamic registration of client_credentials clients. */
export function registerRegistrationRoute(scope: FastifyInstance, grants: Grants, challenge: string): void {
  scope.withTypeProvider<TypeBoxTypeProvider>().post(OAUTH_PATHS.register, {
    schema: {
      operationId: 'registerClient',
      summary: 'Register an agent client (RFC 7591)',
      description: 'Open dynamic registration, without approval: send at least client_name as JSON. The answer carries client_id and '
        + 'client_secret (shown only here: keep it) for the client_credentials grant at the token endpoint. Metadata a client_credentials '
        + 'client cannot use (redirect_uris, response_types, jwks, jwks_uri, software_statement) is refused with its own error code.',
      tags: ['oauth'],
      security: [],
      body: ClientRegistrationRequest,
      response: {
        201: { ...ClientRegistrationResponse, description: 'The client; client_secret is shown only here.', headers: COUNTED_ANSWER_DOCS },
        ...oauthErrorResponses([400, 413, 415, 429, 500, 503]),
      },
    },
    config: { rateLimit: 'register' },
    preValidation: refuseBeforeSchema,
    // RFC 7591 §3.2.2: a body that cannot be read or breaks the schema is invalid_client_metadata here.
    errorHandler: oauthErrorHandler({ challenge, requestError: 'invalid_client_metadata' }),
  }, async (request, reply) => {
    const { client, secret } = await grants.register(request.body);
    return sendNoStoreJson(reply, {
      client_id: client.clientId,
      client_secret: secret,
      client_id_issued_at: seconds(client.createdAt),
      client_secret_expires_at: 0,
      ...client.metadata,
    }, 201);
  });
}
