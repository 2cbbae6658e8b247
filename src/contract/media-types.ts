// Media types of documents more than one surface names (the MCP discovery draft's, the AI Catalog's).

/** An MCP Server Card (the discovery draft of the server-card extension; the AI Catalog's entry type for it). */
export const MCP_SERVER_CARD_TYPE = 'application/mcp-server-card+json';
