import type { Icon, Implementation, ServerCapabilities } from '@modelcontextprotocol/server';
import { API_DOCUMENT_VERSION } from '../contract/api.js';
import { MCP_SERVER_NAME, mcpServerDescription, mcpServerTitle } from '../contract/mcp-server.js';
import { iconAsset } from '../web/assets.js';
import { serverInstructions } from './tool-definitions.js';

// What the MCP server says of itself, in initialize's answer, the server card, the MCP catalog, the AI
// catalog and the registry's server.json alike: built here once, so no two of them can disagree.

export interface ServerIdentity {
  /** serverInfo; its description is one sentence for people choosing a server (the card's, the catalogs', server.json's). */
  info: Implementation & { description: string; icons: Icon[] };
  instructions: string;
}

/** Fixed tools, and fixed resources without subscriptions. */
export const SERVER_CAPABILITIES: ServerCapabilities = { tools: { listChanged: false }, resources: { listChanged: false } };

/**
 * The studio's icon as MCP's Icon (2025-11-25): an absolute URL, as a client fetches it from elsewhere. The
 * URL carries the file's version, so a changed icon is a new URL; an SVG draws at any size.
 */
export function studioIcons(baseUrl: string): Icon[] {
  const { path, type } = iconAsset();
  return [{ src: baseUrl + path, mimeType: type, sizes: ['any'] }];
}

export function serverIdentity(baseUrl: string, studioName: string): ServerIdentity {
  return {
    info: {
      name: MCP_SERVER_NAME,
      title: mcpServerTitle(studioName),
      version: API_DOCUMENT_VERSION,
      description: mcpServerDescription(studioName),
      websiteUrl: baseUrl,
      icons: studioIcons(baseUrl),
    },
    instructions: serverInstructions(studioName),
  };
}
