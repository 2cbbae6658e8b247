import type { FastifyInstance } from 'fastify';
import type { Tool } from '@modelcontextprotocol/server';
import { OAUTH_METADATA_PATHS, protectedResourceMetadataPath, REGISTRATION_SCOPES } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { MCP_SERVER_CARD_TYPE } from '../contract/media-types.js';
import { asMediaType, jsonRepresentation, sendRepresentation, type Representation } from '../http/representation.js';
import { JSON_TYPE, negotiate } from '../web/accept.js';
import { PREFERRED_PROTOCOL_VERSION, PROTOCOL_VERSIONS } from '../contract/mcp-protocol-versions.js';
import type { PageResources } from './page-resources.js';
import { SERVER_CAPABILITIES, type ServerIdentity } from './server-identity.js';

export interface ServerCardOptions {
  baseUrl: string;
  identity: ServerIdentity;
  tools: Tool[];
  resources: PageResources;
}

/** The schema SEP-2127 names for a Server Card (its draft in modelcontextprotocol/modelcontextprotocol, seps/2127). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The header a remote names for clients: a token is optional (every tool works without one). */
export const AUTHORIZATION_HEADER = {
  name: 'Authorization', description: 'Optional: "Bearer <access token>" from the OAuth token endpoint.', isRequired: false, isSecret: true,
} as const;

/**
 * SEP-2127's `name`: reverse-DNS, exactly one slash (`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`). The namespace
 * is the host of the base URL reversed (www.studio.example -> example.studio.www); characters the pattern
 * refuses (an IPv6 literal's brackets and colons) become hyphens.
 */
export function reverseDnsName(baseUrl: string, serverName: string): string {
  const namespace = new URL(baseUrl).hostname.split('.').reverse().join('.').replace(/[^a-zA-Z0-9.-]/g, '-');
  return `${namespace}/${serverName.replace(/[^a-zA-Z0-9._-]/g, '-')}`;
}

/**
 * The MCP Server Card: what a client needs before it connects. One document in two shapes at once: the
 * fields of SEP-1649 (`serverInfo`, `transport`, `protocolVersion`, `authentication`), and those of its
 * successor SEP-2127 (`$schema`, a reverse-DNS `name`, `remotes`, `capabilities`, the static `tools` and
 * `resources`), so readers of either find the endpoint. Tools, resources and the resource templates are
 * the very objects tools/list, resources/list and resources/templates/list answer with.
 * `protocolVersion` names the contract's revision; initialize still answers any supported one requested.
 */
export function serverCard({ baseUrl, identity, tools, resources }: ServerCardOptions): Record<string, unknown> {
  const endpoint = baseUrl + PATHS.mcp;
  const { name, title, version, description, icons } = identity.info;
  const authentication = { required: false, schemes: ['oauth2'] };
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: reverseDnsName(baseUrl, name),
    title,
    version,
    description,
    protocolVersion: PREFERRED_PROTOCOL_VERSION,
    supportedProtocolVersions: PROTOCOL_VERSIONS,
    serverInfo: identity.info,
    websiteUrl: baseUrl,
    icons,
    documentationUrl: baseUrl + PATHS.developers,
    transport: { type: 'streamable-http', endpoint },
    remotes: [{
      type: 'streamable-http',
      url: endpoint,
      supportedProtocolVersions: PROTOCOL_VERSIONS,
      headers: [AUTHORIZATION_HEADER],
      authentication,
    }],
    capabilities: SERVER_CAPABILITIES,
    authentication: {
      ...authentication,
      description: 'Tokens are optional: every tool and resource works without one. An agent can register itself and get a client_credentials token.',
      authorization_server_metadata: baseUrl + OAUTH_METADATA_PATHS.authorizationServer,
      // The MCP endpoint's own document (RFC 9728 §3.1), whose resource is the endpoint's URL.
      protected_resource_metadata: baseUrl + protectedResourceMetadataPath(PATHS.mcp),
      // What an agent can have; the operators' scopes serve no tool.
      scopes: [...REGISTRATION_SCOPES],
    },
    instructions: identity.instructions,
    tools,
    resources: resources.list().resources,
    resourceTemplates: resources.templates.resourceTemplates,
  };
}

/**
 * The card's addresses, each with the media type it answers when the client names neither: SEP-1649's
 * server-card.json and SEP-2127's well-known server-card say application/json; the address the discovery
 * draft reserves (the MCP endpoint's URL + /server-card) says application/mcp-server-card+json. A client
 * that asks for the other type by Accept gets it at any of them (the draft: "SHOULD respect the media type
 * wherever they choose to host it").
 */
const ADDRESSES = [
  { path: PATHS.mcpServerCard, types: [JSON_TYPE, MCP_SERVER_CARD_TYPE] },
  { path: PATHS.mcpServerCardSep2127, types: [JSON_TYPE, MCP_SERVER_CARD_TYPE] },
  { path: PATHS.mcpEndpointServerCard, types: [MCP_SERVER_CARD_TYPE, JSON_TYPE] },
] as const;

/**
 * GET the card at its three addresses: one document, built on first request (the resources are the site's
 * pages, built once the app is ready), in two media types with an ETag each, open to every origin by the
 * default CORS policy and not counted, like every discovery document. Registered in the MCP plugin, so
 * /mcp/server-card is a route of its own ahead of the JSON 404 below /mcp.
 */
export function registerServerCard(app: FastifyInstance, options: ServerCardOptions): void {
  let cards: Record<string, Representation> | undefined;
  const built = () => {
    if (!cards) {
      const json = jsonRepresentation(serverCard(options));
      cards = { [JSON_TYPE]: json, [MCP_SERVER_CARD_TYPE]: asMediaType(json, MCP_SERVER_CARD_TYPE) };
    }
    return cards;
  };
  for (const { path, types } of ADDRESSES) {
    app.get(path, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      const type = negotiate(request.headers.accept, types) ?? types[0];
      reply.header('Vary', 'Accept');
      return sendRepresentation(request, reply, built()[type]!);
    });
  }
}
