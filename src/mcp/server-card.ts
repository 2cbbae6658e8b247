import type { FastifyInstance } from 'fastify';
import type { Tool } from '@modelcontextprotocol/server';
import { OAUTH_METADATA_PATHS, REGISTRATION_SCOPES } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { jsonRepresentation, sendRepresentation, type Representation } from '../http/representation.js';
import { PREFERRED_PROTOCOL_VERSION, PROTOCOL_VERSIONS } from '../contract/mcp-protocol-versions.js';
import type { PageResources } from './page-resources.js';
import { SERVER_CAPABILITIES, type ServerIdentity } from './server-identity.js';

export interface ServerCardOptions {
  baseUrl: string;
  identity: ServerIdentity;
  description: string;
  tools: Tool[];
  resources: PageResources;
}

/** The schema SEP-2127 names for a Server Card (its draft in modelcontextprotocol/modelcontextprotocol, seps/2127). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

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
export function serverCard({ baseUrl, identity, description, tools, resources }: ServerCardOptions): Record<string, unknown> {
  const endpoint = baseUrl + PATHS.mcp;
  const { name, title, version } = identity.info;
  const authentication = { required: false, schemes: ['oauth2'] };
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: reverseDnsName(baseUrl, name),
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
      authentication,
    }],
    capabilities: SERVER_CAPABILITIES,
    authentication: {
      ...authentication,
      description: 'Tokens are optional: every tool and resource works without one. An agent can register itself and get a client_credentials token.',
      authorization_server_metadata: baseUrl + OAUTH_METADATA_PATHS.authorizationServer,
      protected_resource_metadata: baseUrl + OAUTH_METADATA_PATHS.protectedResource,
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
 * GET the card at both addresses (SEP-1649's server-card.json, SEP-2127's server-card): one document, built
 * on first request (the resources are the site's pages, built once the app is ready), cacheable with an
 * ETag, open to every origin by the default CORS policy.
 */
export function registerServerCard(app: FastifyInstance, options: ServerCardOptions): void {
  let card: Representation | undefined;
  for (const path of [PATHS.mcpServerCard, PATHS.mcpServerCardSep2127]) {
    app.get(path, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      card ??= jsonRepresentation(serverCard(options));
      return sendRepresentation(request, reply, card);
    });
  }
}
