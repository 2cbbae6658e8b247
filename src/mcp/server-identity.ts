import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/server';

// What the MCP server says of itself, in initialize's answer and in the server card alike.

export interface ServerIdentity {
  info: Implementation;
  instructions: string;
}

/** Fixed tools, and fixed resources without subscriptions. */
export const SERVER_CAPABILITIES: ServerCapabilities = { tools: { listChanged: false }, resources: { listChanged: false } };
