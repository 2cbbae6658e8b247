import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS } from '../contract/oauth.js';
import { ClientRegistrationRequest, ClientRegistrationResponse } from '../contract/oauth-schemas.js';
import { seconds } from '../lib/clock.js';
import { noStore, OAuthError } from './oauth-error.js';
import { validateRegistration } from './registration.js';
import { DOCS_ONLY, NO_STORE_DOCS, oauthErrorResponses } from './route-docs.js';
import { hashSecret, newClientId, newClientSecret } from './secrets.js';
import type { OAuthService } from './service.js';
import { mediaTypeOf } from '../http/headers.js';

/** POST /oauth/register (RFC 7591): open dynamic registration of client_credentials clients. */
export function registerRegistrationRoute(app: FastifyInstance, oauth: OAuthService): void {
  app.post(OAUTH_PATHS.register, {
    ...DOCS_ONLY,
    schema: {
      operationId: 'registerClient',
      summary: 'Register an agent client (RFC 7591)',
      tags: ['oauth'],
      security: [],
      body: ClientRegistrationRequest,
      response: {
        201: { ...ClientRegistrationResponse, description: 'The client; client_secret is shown only here.', headers: NO_STORE_DOCS },
        ...oauthErrorResponses([400, 429, 503]),
      },
    },
    config: { rateLimit: 'register' },
  }, async (request, reply) => {
    const type = mediaTypeOf(request.headers);
    if (type !== 'application/json') throw new OAuthError('invalid_client_metadata', 'Send the client metadata as application/json.');
    const metadata = validateRegistration(request.body);
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    const createdAt = oauth.clock();
    await oauth.clients.create({ clientId, secretHash: hashSecret(clientSecret), metadata, createdAt, revokedAt: null });
    const body = {
      client_id: clientId,
      client_secret: clientSecret,
      client_id_issued_at: seconds(createdAt),
      client_secret_expires_at: 0,
      ...metadata,
    };
    return noStore(reply).code(201).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
