import { PATHS } from './paths.js';

// Contract, "OAuth endpoints" and "Authentication": paths, lifetimes and scopes, stated once.
export const OAUTH_PATHS = {
  register: '/oauth/register',
  token: '/oauth/token',
  introspect: '/oauth/introspect',
  revoke: '/oauth/revoke',
  jwks: '/oauth/jwks.json',
  /** The auth.md convention's register_uri: anonymous agent registration, answered with a credential. */
  agentAuth: '/oauth/agent-auth',
} as const;

/** auth.md's agent_auth: the identity types an agent may register with, and the credential each gets. */
export const AGENT_IDENTITY_TYPES = ['anonymous'] as const;
export const AGENT_CREDENTIAL_TYPES = ['access_token'] as const;
/** The client_name of an agent registered the auth.md way without naming itself. */
export const ANONYMOUS_AGENT_NAME = 'Anonymous agent';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

/**
 * Scopes a client_credentials token can carry. Every operation works without a token, except the read
 * API of the received inquiries, which requires `inquiries:read`.
 */
export const SCOPES = {
  api: 'Call the REST API (/api/v1) as an identified client.',
  'inquiries:write': 'Submit project inquiries.',
  mcp: 'Use the MCP endpoint (/mcp).',
  'inquiries:read': `Read the received inquiries (GET ${PATHS.inquiries}): for the studio's own tools; granted only by its operators.`,
} as const;
export type Scope = keyof typeof SCOPES;

/**
 * Scopes only the studio's operators grant (`studio clients add --scope`): self-service registration
 * refuses them, so a client that registered itself can never obtain a token carrying one.
 */
export const OPERATOR_SCOPES = ['inquiries:read'] as const satisfies readonly Scope[];
export type OperatorScope = (typeof OPERATOR_SCOPES)[number];

/** Whether a scope is one only the operators grant. */
export const isOperatorScope = (scope: string): scope is OperatorScope => (OPERATOR_SCOPES as readonly string[]).includes(scope);

/** The scopes a client may ask for when it registers itself (RFC 7591): every scope but the operators'. */
export const REGISTRATION_SCOPES: readonly Scope[] = (Object.keys(SCOPES) as Scope[]).filter((scope) => !isOperatorScope(scope));

/** What a registration gets when it names no scope, and what `studio clients add` gives without --scope. */
export const DEFAULT_SCOPES: Scope[] = ['api', 'inquiries:write', 'mcp'];

/** RFC 9068 `typ` of our access tokens. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** RFC 9068 claims of our access tokens. */
export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  client_id: string;
  iat: number;
  exp: number;
  jti: string;
  scope: string;
}

/** Discovery documents (RFC 8414, RFC 9728) and the human/agent guide to authentication. */
export const OAUTH_METADATA_PATHS = {
  authorizationServer: '/.well-known/oauth-authorization-server',
  protectedResource: '/.well-known/oauth-protected-resource',
  authGuide: '/auth.md',
} as const;

/**
 * The resources with metadata of their own (RFC 9728 §3.1): the well-known suffix goes between the host
 * and the resource's path, so the MCP endpoint's document is /.well-known/oauth-protected-resource/mcp,
 * whose `resource` is BASE_URL/mcp. The API as a whole keeps the document without a path.
 */
export const PROTECTED_RESOURCE_PATHS = [PATHS.mcp] as const;

/** Where the protected resource metadata of a resource path is (the path-less document for the API as a whole). */
export function protectedResourceMetadataPath(resourcePath = ''): string {
  return OAUTH_METADATA_PATHS.protectedResource + resourcePath;
}

/** Grant types and client authentication methods the token, introspection and revocation endpoints accept. */
export const GRANT_TYPES = ['client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;

/** Leeway for exp/nbf/iat between instances whose clocks drift a little. */
export const CLOCK_TOLERANCE_SECONDS = 30;
