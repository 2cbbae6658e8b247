// Contract, "OAuth endpoints" and "Authentication": paths, lifetimes and scopes, stated once.
export const OAUTH_PATHS = {
  register: '/oauth/register',
  token: '/oauth/token',
  introspect: '/oauth/introspect',
  revoke: '/oauth/revoke',
  jwks: '/oauth/jwks.json',
} as const;

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

/** Scopes a client_credentials token can carry. Tokens are optional: no operation requires a scope. */
export const SCOPES = {
  api: 'Call the REST API (/api/v1) as an identified client.',
  'inquiries:write': 'Submit project inquiries.',
  mcp: 'Use the MCP endpoint (/mcp).',
} as const;
export type Scope = keyof typeof SCOPES;
export const DEFAULT_SCOPES: Scope[] = ['api', 'inquiries:write', 'mcp'];

/** RFC 9068 `typ` of our access tokens. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** Discovery documents (RFC 8414, RFC 9728) and the human/agent guide to authentication. */
export const OAUTH_METADATA_PATHS = {
  authorizationServer: '/.well-known/oauth-authorization-server',
  protectedResource: '/.well-known/oauth-protected-resource',
  authGuide: '/auth.md',
} as const;

/** Grant types and client authentication methods the token, introspection and revocation endpoints accept. */
export const GRANT_TYPES = ['client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;

/** Leeway for exp/nbf/iat between instances whose clocks drift a little. */
export const CLOCK_TOLERANCE_SECONDS = 30;
