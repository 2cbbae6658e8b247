import { mcpCatalogEntry } from '../contract/mcp-server.js';

// The MCP Catalog at /.well-known/mcp/catalog.json, as the discovery draft of the MCP server-card extension
// (modelcontextprotocol/experimental-ext-server-card, docs/discovery.md) defined it on 2026-07-13: a
// `specVersion` ("draft") and `entries`, each an `identifier` (`urn:air:{publisher}:{namespace}:{name}`), the
// `type` of a Server Card and the card's `url`. A week later the draft moved domain discovery to the AI
// Catalog (/.well-known/ai-catalog.json), whose MCP entries have the same shape: the entry is written once
// (src/contract/mcp-server.ts) and is both documents' MCP entry. displayName and description are the AI
// Catalog's optional members. Served by the plugin (plugin.ts), like the card.

/** The version of the MCP Catalog format the draft gives. */
export const MCP_CATALOG_SPEC_VERSION = 'draft';

export function mcpCatalog(baseUrl: string, studioName: string): Record<string, unknown> {
  return { specVersion: MCP_CATALOG_SPEC_VERSION, entries: [mcpCatalogEntry(baseUrl, studioName)] };
}
