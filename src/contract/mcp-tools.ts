// Contract, "MCP endpoint": the path, protocol version, server card and tool names, stated once.
// (Added by the web branch for the developer page and llms-full.txt; the MCP surface should read these too.)
export const MCP_PATH = '/mcp';
export const MCP_PROTOCOL_VERSION = '2025-06-18';
export const MCP_SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';

export const MCP_TOOLS = {
  list_projects: 'List the public portfolio projects (the same items as GET /api/v1/projects).',
  list_services: 'List the service catalog (the same items as GET /api/v1/services).',
  submit_inquiry: 'Submit a project inquiry: the same fields, limits and rate limit as POST /api/v1/contact.',
} as const;
