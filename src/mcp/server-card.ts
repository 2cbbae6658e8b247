import type { FastifyInstance } from 'fastify';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { OAUTH_METADATA_PATHS, REGISTRATION_SCOPES } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { jsonRepresentation, sendRepresentation } from '../http/representation.js';
import { PREFERRED_PROTOCOL_VERSION, PROTOCOL_VERSIONS } from './protocol-versions.js';
import type { ServerIdentity } from './server-pool.js';

export interface ServerCardOptions {
  baseUrl: string;
  identity: ServerIdentity;
  description: string;
  tools: Tool[];
}

/**
 * The MCP Server Card (SEP-1649, `/.well-known/mcp/server-card.json`): what a client needs before it
 * connects. The identity and `remotes` fields also follow its successor draft (SEP-2127), so readers
 * of either revision find the endpoint. The tools are the very objects tools/list answers with.
 * `protocolVersion` names the contract's revision; initialize still answers any supported one requested.
 */
export function serverCard({ baseUrl, identity, description, tools }: ServerCardOptions): Record<string, unknown> {
  const endpoint = baseUrl + PATHS.mcp;
  const { name, title, version } = identity.info;
  return {
    name,
    title,
    version,
    description,
    protocolVersion: PREFERRED_PROTOCOL_VERSION,
    supportedProtocolVersions: PROTOCOL_VERSIONS,
    serverInfo: { name, title, version },
    websiteUrl: baseUrl,
    documentationUrl: baseUrl + PATHS.developers,
    transport: { type: 'streamable-http', endpoint },
    remotes: [{
      type: 'streamable-http',
      url: endpoint,
      supportedProtocolVersions: PROTOCOL_VERSIONS,
      headers: [{ name: 'Authorization', description: 'Optional: "Bearer <access token>" from the OAuth token endpoint.', isRequired: false, isSecret: true }],
    }],
    capabilities: { tools: { listChanged: false } },
    authentication: {
      required: false,
      schemes: ['oauth2'],
      description: 'Tokens are optional: every tool works without one. An agent can register itself and get a client_credentials token.',
      authorization_server_metadata: baseUrl + OAUTH_METADATA_PATHS.authorizationServer,
      protected_resource_metadata: baseUrl + OAUTH_METADATA_PATHS.protectedResource,
      // What an agent can have; the operators' scopes serve no tool.
      scopes: [...REGISTRATION_SCOPES],
    },
    instructions: identity.instructions,
    tools,
  };
}

/** GET the card: built once, cacheable with an ETag; open to every origin by the default CORS policy. */
export function registerServerCard(app: FastifyInstance, options: ServerCardOptions): void {
  const card = jsonRepresentation(serverCard(options));
  app.get(PATHS.mcpServerCard, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => sendRepresentation(request, reply, card));
}
