import type { FastifyInstance } from 'fastify';
import { MCP_SERVER_CARD_TYPE } from '../contract/media-types.js';
import { PATHS } from '../contract/paths.js';
import { jsonRepresentation, sendRepresentation } from '../http/representation.js';
import type { ServerIdentity } from './server-identity.js';

// The MCP Catalog at /.well-known/mcp/catalog.json, as the discovery draft of the MCP server-card extension
// (modelcontextprotocol/experimental-ext-server-card, docs/discovery.md) defined it on 2026-07-13: a
// `specVersion` ("draft") and `entries`, each an `identifier` (`urn:air:{publisher}:{namespace}:{name}`), the
// `type` of a Server Card and the card's `url`. A week later the draft moved domain discovery to the AI
// Catalog (/.well-known/ai-catalog.json), whose MCP entries have the same shape: this entry is written once
// and is both documents' MCP entry (src/web/discovery.ts). displayName and description are the AI Catalog's
// optional members; they repeat the card's title and description from the same identity, so they cannot drift.

/** The version of the MCP Catalog format the draft gives. */
export const MCP_CATALOG_SPEC_VERSION = 'draft';

export interface McpCatalogEntry {
  identifier: string;
  displayName: string;
  type: typeof MCP_SERVER_CARD_TYPE;
  url: string;
  description: string;
}

/**
 * This origin's MCP server as a catalog entry: publisher the host of BASE_URL, namespace `mcp`, name the
 * part after the slash of the card's reverse-DNS name; the card at the address the draft reserves for it.
 */
export function mcpCatalogEntry(baseUrl: string, identity: ServerIdentity): McpCatalogEntry {
  const { name, title, description } = identity.info;
  return {
    identifier: `urn:air:${new URL(baseUrl).host}:mcp:${name}`,
    displayName: title ?? name,
    type: MCP_SERVER_CARD_TYPE,
    url: baseUrl + PATHS.mcpEndpointServerCard,
    description,
  };
}

export function mcpCatalog(baseUrl: string, identity: ServerIdentity): Record<string, unknown> {
  return { specVersion: MCP_CATALOG_SPEC_VERSION, entries: [mcpCatalogEntry(baseUrl, identity)] };
}

/** GET the catalog: built once, open to any origin (the default CORS policy), not counted, with an ETag. */
export function registerMcpCatalog(app: FastifyInstance, baseUrl: string, identity: ServerIdentity): void {
  const catalog = jsonRepresentation(mcpCatalog(baseUrl, identity));
  app.get(PATHS.mcpCatalog, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => sendRepresentation(request, reply, catalog));
}
