import type { FastifyInstance } from 'fastify';
import { OAUTH_PATHS } from '../../contract/oauth.js';
import { Jwks } from '../../contract/oauth-schemas.js';
import { notModifiedResponse, REPRESENTATION_HEADER_DOCS } from '../../http/route-docs.js';
import { jsonRepresentation, sendRepresentation, type Representation } from '../../http/representation.js';
import type { KeyRing } from '../key-ring.js';
import { NO_STORE_DOCS, oauthErrorResponses } from './route-docs.js';

/** RFC 7517 §8.5.1. */
const JWK_SET = 'application/jwk-set+json';

/** GET /oauth/jwks.json: the public halves of every published key, rebuilt only when the set changes. */
export function registerJwksRoute(scope: FastifyInstance, keyRing: KeyRing): void {
  let cached: { kids: string; rep: Representation } | undefined;
  scope.get(OAUTH_PATHS.jwks, {
    schema: {
      operationId: 'getJwks',
      summary: 'The public Ed25519 keys that verify access tokens (JWKS)',
      description: 'The JSON Web Key Set (RFC 7517) of every published signing key: take the key whose kid is in the token\'s header, '
        + 'and fetch the set again when a token names a kid it does not hold (keys rotate). Not rate-limited. '
        + 'Send the ETag back in If-None-Match to get 304.',
      tags: ['oauth'],
      security: [],
      response: {
        200: { description: 'The JSON Web Key Set.', headers: REPRESENTATION_HEADER_DOCS, content: { [JWK_SET]: { schema: Jwks } } },
        304: notModifiedResponse(),
        // Not counted: its errors carry no RateLimit-* fields.
        ...oauthErrorResponses([500, 503], NO_STORE_DOCS),
      },
    },
    config: { rateLimit: false },
  }, async (request, reply) => {
    const keys = await keyRing.current();
    const kids = keys.map((k) => k.kid).join(' ');
    if (cached?.kids !== kids) cached = { kids, rep: jsonRepresentation({ keys: keys.map((k) => k.publicJwk) }) };
    return sendRepresentation(request, reply, { ...cached.rep, contentType: `${JWK_SET}; charset=utf-8` });
  });
}
