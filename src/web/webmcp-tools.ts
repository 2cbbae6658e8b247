import type { FastifyInstance } from 'fastify';
import { PATHS } from '../contract/paths.js';
import { jsonRepresentation } from '../http/representation.js';
import type { ToolName } from '../agent-tools/arguments.js';
import { buildWebMcpToolDefinitions, type WebMcpTool } from '../mcp/tool-definitions.js';
import { IMMUTABLE, registerAsset } from './assets.js';
import { SITE_PATHS } from './site-paths.js';

// What the pages' WebMCP script (assets/webmcp.js) registers and how it runs each tool, as one JSON asset
// made from the MCP tool definitions: the script states no tool name, description, schema or address.

interface ReadTool {
  /** The REST list the tool reads, same-origin. */
  path: string;
  /** The member of its body that holds the items. */
  items: string;
}

export interface WebMcpDocument {
  tools: WebMcpTool[];
  /** The read tools. Each argument filters the items by the field of its name: the field's text contains it, case-insensitive. */
  reads: Partial<Record<ToolName, ReadTool>>;
  /** The tool that fills in the contact form, and the page that has the form. */
  form: { tool: ToolName; page: string };
}

export function webMcpDocument(studioName: string): WebMcpDocument {
  return {
    tools: buildWebMcpToolDefinitions(studioName),
    reads: {
      list_projects: { path: PATHS.projects, items: 'projects' },
      list_services: { path: PATHS.services, items: 'services' },
    },
    form: { tool: 'submit_inquiry', page: PATHS.contactPage },
  };
}

/** Serves the document under a versioned URL (it changes with the studio's name, on a reload) and answers that URL. */
export function registerWebMcpTools(app: FastifyInstance, studioName: string): string {
  return registerAsset(app, SITE_PATHS.webmcpTools, jsonRepresentation(webMcpDocument(studioName), IMMUTABLE));
}
