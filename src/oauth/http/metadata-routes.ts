import type { FastifyInstance } from 'fastify';
import {
  ACCESS_TOKEN_ALGORITHM, AGENT_CREDENTIAL_TYPES, AGENT_IDENTITY_TYPES, CLIENT_AUTH_METHODS, GRANT_TYPES, OAUTH_METADATA_PATHS, OAUTH_PATHS,
  PROTECTED_RESOURCE_PATHS, protectedResourceMetadataPath, SCOPES,
} from '../../contract/oauth.js';
import { PATHS } from '../../contract/paths.js';
import { jsonRepresentation, sendRepresentation } from '../../http/representation.js';

/** RFC 8414 authorization server metadata, with the agent_auth member of the contract. */
function authorizationServerMetadata(baseUrl: string): Record<string, unknown> {
  return {
    issuer: baseUrl,
    token_endpoint: baseUrl + OAUTH_PATHS.token,
    registration_endpoint: baseUrl + OAUTH_PATHS.register,
    introspection_endpoint: baseUrl + OAUTH_PATHS.introspect,
    revocation_endpoint: baseUrl + OAUTH_PATHS.revoke,
    jwks_uri: baseUrl + OAUTH_PATHS.jwks,
    scopes_supported: Object.keys(SCOPES),
    // No authorization endpoint: client_credentials only, so no response type is supported.
    response_types_supported: [],
    grant_types_supported: [...GRANT_TYPES],
    token_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    introspection_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    access_token_signing_alg_values_supported: [ACCESS_TOKEN_ALGORITHM],
    service_documentation: baseUrl + OAUTH_METADATA_PATHS.authGuide,
    // The auth.md convention: its guide (skill), where an agent registers the convention's way, and
    // what each identity type gets. registration_endpoint keeps naming the RFC 7591 way in.
    agent_auth: {
      skill: baseUrl + OAUTH_METADATA_PATHS.authGuide,
      register_uri: baseUrl + OAUTH_PATHS.agentAuth,
      revocation_uri: baseUrl + OAUTH_PATHS.revoke,
      identity_types_supported: [...AGENT_IDENTITY_TYPES],
      anonymous: { credential_types_supported: [...AGENT_CREDENTIAL_TYPES] },
      registration_endpoint: baseUrl + OAUTH_PATHS.register,
    },
  };
}

/**
 * RFC 9728 protected resource metadata: the API (/api/v1, /mcp) is the resource BASE_URL names, and a
 * resource with a path (the MCP endpoint) has the same document under its own name. §3.3: `resource` is
 * the very URL a client derived the document's address from, so it differs between the two and nothing else does.
 */
function protectedResourceMetadata(baseUrl: string, resourcePath = ''): Record<string, unknown> {
  return {
    resource: baseUrl + resourcePath,
    authorization_servers: [baseUrl],
    bearer_methods_supported: ['header'],
    scopes_supported: Object.keys(SCOPES),
    resource_signing_alg_values_supported: [ACCESS_TOKEN_ALGORITHM],
    resource_documentation: baseUrl + PATHS.developers,
  };
}

/** The discovery documents: built once, open to any origin (the CORS default), cacheable with an ETag. */
export function registerMetadataRoutes(scope: FastifyInstance, baseUrl: string): void {
  const documents = [
    [OAUTH_METADATA_PATHS.authorizationServer, jsonRepresentation(authorizationServerMetadata(baseUrl))],
    [OAUTH_METADATA_PATHS.protectedResource, jsonRepresentation(protectedResourceMetadata(baseUrl))],
    ...PROTECTED_RESOURCE_PATHS.map((path) => [protectedResourceMetadataPath(path), jsonRepresentation(protectedResourceMetadata(baseUrl, path))] as const),
  ] as const;
  for (const [path, rep] of documents) {
    scope.get(path, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => sendRepresentation(request, reply, rep));
  }
}
