import { MCP_SERVER_CARD_TYPE } from './media-types.js';
import { PATHS } from './paths.js';

// The MCP server's public names, stated once: initialize's serverInfo and the card (src/mcp/server-identity.ts),
// the MCP catalog (src/mcp/catalog.ts) and the AI catalog of the website (src/web/discovery.ts) all read them.

/** serverInfo.name, and the part after the slash of the card's reverse-DNS name. */
export const MCP_SERVER_NAME = 'studio-api';

export const mcpServerTitle = (studioName: string): string => `${studioName} MCP`;

/** One sentence for people choosing a server (serverInfo, the card, the catalogs, server.json). */
export const mcpServerDescription = (studioName: string): string =>
  `Portfolio, services, project inquiries and consultation bookings of ${studioName}, for agents.`;

/** An MCP catalog entry, which is also an AI Catalog entry (src/mcp/catalog.ts names the draft). */
export interface McpCatalogEntry {
  identifier: string;
  displayName: string;
  type: typeof MCP_SERVER_CARD_TYPE;
  url: string;
  description: string;
}

/**
 * This origin's MCP server as a catalog entry: `urn:air:{publisher}:{namespace}:{name}` with the host of
 * BASE_URL, namespace `mcp` and the server's name; the card at the address the discovery draft reserves.
 * displayName and description repeat the card's title and description, from the same functions.
 */
export function mcpCatalogEntry(baseUrl: string, studioName: string): McpCatalogEntry {
  return {
    identifier: `urn:air:${new URL(baseUrl).host}:mcp:${MCP_SERVER_NAME}`,
    displayName: mcpServerTitle(studioName),
    type: MCP_SERVER_CARD_TYPE,
    url: baseUrl + PATHS.mcpEndpointServerCard,
    description: mcpServerDescription(studioName),
  };
}
