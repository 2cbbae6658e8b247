import type { FastifyInstance } from 'fastify';
import type { FastifyCorsOptions } from '@fastify/cors';
import { PATHS } from '../contract/paths.js';
import { answerNotFoundAsJson } from '../http/errors.js';
import { catalogItems } from '../agent-tools/agent-tools.js';
import type { Catalog } from '../catalog/catalog.js';
import type { ConsultationsService } from '../consultations/consultations.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import type { PageTwins } from '../web/twin.js';
import { PageResources, resourcePaths } from './page-resources.js';
import { PreparedCalls } from './prepared-calls.js';
import { registerMcpRoute } from './route.js';
import { jsonRepresentation, sendRepresentation } from '../http/representation.js';
import { mcpCatalog } from './catalog.js';
import { registerServerCard } from './server-card.js';
import { serverIdentity } from './server-identity.js';
import type { McpServerPool } from './server-pool.js';
import { buildToolDefinitions } from './tool-definitions.js';
import { Tools } from './tools.js';

export interface McpOptions {
  baseUrl: string;
  /** The CORS policy of routes that act for the studio (src/http/cors.ts sitePolicy). */
  corsPolicy: FastifyCorsOptions;
  allowedOrigins: readonly string[];
  catalog: Catalog;
  inquiries: InquiryService;
  consultations: ConsultationsService;
  /** The Markdown twins of the site's pages, as the website built them: the resources serve these bytes. */
  twins: PageTwins;
}

/**
 * The MCP surface as a Fastify plugin: POST /mcp (and its 405s), the server card and the MCP catalog. Tool definitions,
 * list results, the page resources and the Server pool are built here, once. Register it inside the API
 * context, whose hooks count the read policy (`config.rateLimit`), verify bearer tokens (`request.clientId`,
 * `request.tokenScopes`) and apply CORS (`config.cors`, the site policy given here).
 */
export async function mcpPlugin(app: FastifyInstance, { baseUrl, allowedOrigins, corsPolicy, catalog, inquiries, consultations, twins }: McpOptions): Promise<void> {
  const studio = catalog.site.name;
  const identity = serverIdentity(baseUrl, studio);
  const definitions = buildToolDefinitions(studio, identity.info.icons);
  const tools = new Tools({ ...catalogItems(catalog, baseUrl), inquiries, consultations, log: app.log });
  const resources = new PageResources({ baseUrl, studioName: studio, paths: resourcePaths(catalog), twins });
  // The SDK's Server (and zod under it, ~170 modules) is loaded on the first request it answers, not at start.
  let pool: Promise<McpServerPool> | undefined;
  const sdkPool = () => pool ??= import('./server-pool.js')
    .then(({ McpServerPool }) => new McpServerPool(identity, { tools, toolList: { tools: definitions }, resources }, app.log));
  registerMcpRoute(app, { baseUrl, allowedOrigins, corsPolicy, pool: sdkPool, prepared: new PreparedCalls(tools.preparedResults()) });
  registerServerCard(app, { baseUrl, identity, tools: definitions, resources });
  // The MCP catalog: built once, open to any origin, not counted, with an ETag, as the card.
  const catalogDocument = jsonRepresentation(mcpCatalog(baseUrl, studio));
  app.get(PATHS.mcpCatalog, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => sendRepresentation(request, reply, catalogDocument));
  // An unknown address below /mcp is a machine address: the JSON Error, counted like a read.
  await answerNotFoundAsJson(app, PATHS.mcp);
}
