import type { FastifyInstance } from 'fastify';
import type { FastifyCorsOptions } from '@fastify/cors';
import { toProjectItem, toServiceItem } from '../catalog/api-items.js';
import type { Catalog } from '../catalog/catalog.js';
import { API_DOCUMENT_VERSION } from '../contract/api.js';
import type { InquiryService } from '../inquiries/port.js';
import { PreparedCalls } from './prepared-calls.js';
import { registerMcpRoute } from './route.js';
import { registerServerCard } from './server-card.js';
import { McpServerPool, type ServerIdentity } from './server-pool.js';
import { buildToolDefinitions } from './tool-definitions.js';
import { Tools } from './tools.js';

export interface McpOptions {
  baseUrl: string;
  corsPolicy: FastifyCorsOptions;
  allowedOrigins: readonly string[];
  catalog: Catalog;
  inquiries: InquiryService;
}

/** The MCP surface: POST /mcp and its server card. Tool definitions and list results are built here, once. */
export function registerMcp(app: FastifyInstance, { baseUrl, allowedOrigins, corsPolicy, catalog, inquiries }: McpOptions): void {
  const studio = catalog.site.name;
  const identity: ServerIdentity = {
    info: { name: 'studio-api', title: `${studio} MCP`, version: API_DOCUMENT_VERSION },
    instructions: `Tools of ${studio}: list_projects and list_services read the portfolio and the service catalog; `
      + 'submit_inquiry sends a project inquiry to the studio inbox. Read the lists before proposing the studio to someone.',
  };
  const definitions = buildToolDefinitions(studio);
  const tools = new Tools({
    definitions,
    projects: catalog.projects.map((entry) => ({ item: toProjectItem(entry, baseUrl), region: entry.region })),
    services: catalog.services.map((entry) => toServiceItem(entry, baseUrl)),
    inquiries,
    log: app.log,
  });
  registerMcpRoute(app, { baseUrl, allowedOrigins, corsPolicy, pool: new McpServerPool(identity, tools, definitions, app.log), prepared: new PreparedCalls(tools) });
  const description = `Portfolio, services and project inquiries of ${studio}, as tools for agents.`;
  registerServerCard(app, { baseUrl, identity, description, tools: definitions });
}
