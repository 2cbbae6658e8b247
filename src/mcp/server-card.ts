import type { FastifyInstance } from 'fastify';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { SCOPES } from '../contract/oauth.js';
import { jsonRepresentation, sendRepresentation } from '../http/representation.js';
import { PREFERRED_PROTOCOL_VERSION, PROTOCOL_VERSIONS } from './protocol-versions.js';
import { MCP_PATH } from './route.js';
import type { ServerIdentity } from './server-pool.js';

export const SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';

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
 */
export function serverCard({ baseUrl, identity, description, tools }: ServerCardOptions): Record<string, unknown> {
  const endpoint = baseUrl + MCP_PATH;
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
    documentationUrl: `${baseUrl}/developers`,
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
      authorization_server_metadata: `${baseUrl}/.well-known/oauth-authorization-server`,
      protected_resource_metadata: `${baseUrl}/.well-known/oauth-protected-resource`,
      scopes: Object.keys(SCOPES),
    },
    instructions: identity.instructions,
    tools,
  };
}

/** GET the card: open to every origin, built once, cacheable with an ETag. */
export function registerServerCard(app: FastifyInstance, options: ServerCardOptions): void {
  const card = jsonRepresentation(serverCard(options));
  app.get(SERVER_CARD_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    return sendRepresentation(request, reply, card);
  });
}
