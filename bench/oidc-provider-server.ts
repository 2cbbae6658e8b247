import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

// The peer of the token benchmark: node-oidc-provider issuing client_credentials tokens for one client
// (BENCH_CLIENT_ID / BENCH_CLIENT_SECRET, client_secret_basic) as RFC 9068 JWTs signed with an Ed25519 key,
// the same grant, token format and key type as our POST /oauth/token.
const RESOURCE = 'https://studio.bench/api';
const SCOPE = 'api inquiries:write mcp';

const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
const provider = new Provider(process.env.BASE_URL!, {
  clients: [{
    client_id: process.env.BENCH_CLIENT_ID!,
    client_secret: process.env.BENCH_CLIENT_SECRET!,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    scope: SCOPE,
  }],
  // Its default (RS256) needs an RSA key, and this provider holds only the Ed25519 one.
  clientDefaults: { id_token_signed_response_alg: 'EdDSA' },
  scopes: SCOPE.split(' '),
  ttl: { ClientCredentials: 3600 },
  jwks: { keys: [{ ...await exportJWK(privateKey), kid: 'bench', alg: 'EdDSA', use: 'sig' }] },
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    // A resource server is what makes the access token a JWT; without one the token is opaque and stored.
    resourceIndicators: {
      enabled: true,
      defaultResource: () => RESOURCE,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: SCOPE, audience: RESOURCE, accessTokenTTL: 3600, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'EdDSA' } },
      }),
    },
  },
});
provider.on('server_error', (_ctx: unknown, error: Error) => console.error('oidc-provider:', error));
createServer(provider.callback()).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
