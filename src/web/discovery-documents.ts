import { OAUTH_METADATA_PATHS, protectedResourceMetadataPath } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { SITE_PATHS } from './site-paths.js';

/** Every discovery and agent document of the origin, for the developer page, llms.txt and the sitemap. */
export const DISCOVERY_DOCUMENTS = [
  { path: PATHS.openapi, title: 'OpenAPI 3.1 description', type: 'application/openapi+json' },
  { path: PATHS.apiCatalog, title: 'API catalog (RFC 9727)', type: 'application/linkset+json' },
  { path: OAUTH_METADATA_PATHS.authorizationServer, title: 'OAuth authorization server metadata (RFC 8414)', type: 'application/json' },
  { path: OAUTH_METADATA_PATHS.protectedResource, title: 'OAuth protected resource metadata (RFC 9728)', type: 'application/json' },
  { path: protectedResourceMetadataPath(PATHS.mcp), title: 'OAuth protected resource metadata of the MCP endpoint (RFC 9728)', type: 'application/json' },
  { path: PATHS.mcpServerCard, title: 'MCP server card', type: 'application/json' },
  { path: PATHS.mcpCatalog, title: 'MCP catalog: the MCP servers of this origin, each by its server card', type: 'application/json' },
  { path: PATHS.agentCard, title: 'A2A agent card', type: 'application/json' },
  { path: PATHS.skillsIndex, title: 'Agent Skills index', type: 'application/json' },
  { path: PATHS.skill, title: 'SKILL.md: how an agent finds a project, learns the services, sends an inquiry and books a consultation', type: 'text/markdown' },
  { path: PATHS.aiCatalog, title: 'AI catalog: every agent-facing document', type: 'application/json' },
  { path: PATHS.llms, title: 'llms.txt: the index for language models', type: 'text/plain' },
  { path: PATHS.llmsFull, title: 'llms-full.txt: every page and the API reference', type: 'text/plain' },
  { path: OAUTH_METADATA_PATHS.authGuide, title: 'Authentication guide for agents', type: 'text/markdown' },
  { path: PATHS.apiIndex, title: 'API index (version, deprecation policy, endpoints)', type: 'application/json' },
  { path: SITE_PATHS.sitemap, title: 'Sitemap', type: 'application/xml' },
  { path: SITE_PATHS.robots, title: 'robots.txt', type: 'text/plain' },
] as const;
