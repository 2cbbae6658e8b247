import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS } from '../../contract/oauth.js';
import { Jwks } from '../../contract/oauth-schemas.js';
import { ETAG_DOC } from '../../http/route-docs.js';
import { jsonRepresentation, sendRepresentation, type Representation } from '../../http/representation.js';
import type { KeyRing } from '../key-ring.js';
import { oauthErrorResponses } from './route-docs.js';

/** GET /oauth/jwks.json: the public halves of every published key, rebuilt only when the set changes. */
export function registerJwksRoute(scope: FastifyInstance, keyRing: KeyRing): void {
  let cached: { kids: string; rep: Representation } | undefined;
  scope.get(OAUTH_PATHS.jwks, {
    schema: {
      operationId: 'getJwks',
      summary: 'The public Ed25519 keys that verify access tokens (JWKS)',
      tags: ['oauth'],
      security: [],
      response: { 200: { ...Jwks, description: 'The JSON Web Key Set.', headers: { ETag: ETAG_DOC } }, ...oauthErrorResponses([503]) },
    },
    config: { rateLimit: false },
  }, async (request, reply) => {
    const keys = await keyRing.current();
    const kids = keys.map((k) => k.kid).join(' ');
    if (cached?.kids !== kids) cached = { kids, rep: jsonRepresentation({ keys: keys.map((k) => k.publicJwk) }) };
    return sendRepresentation(request, reply, { ...cached.rep, contentType: 'application/jwk-set+json; charset=utf-8' });
  });
}
