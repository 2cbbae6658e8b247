import { PATHS } from '../contract/paths.js';

/** Every discovery and agent document of the origin, for the developer page, llms.txt and the sitemap. */
export const DISCOVERY_DOCUMENTS = [
  { path: '/openapi.json', title: 'OpenAPI 3.1 description', type: 'application/openapi+json' },
  { path: '/.well-known/api-catalog', title: 'API catalog (RFC 9727)', type: 'application/linkset+json' },
  { path: '/.well-known/oauth-authorization-server', title: 'OAuth authorization server metadata (RFC 8414)', type: 'application/json' },
  { path: '/.well-known/oauth-protected-resource', title: 'OAuth protected resource metadata (RFC 9728)', type: 'application/json' },
  { path: PATHS.mcpServerCard, title: 'MCP server card', type: 'application/json' },
  { path: '/llms.txt', title: 'llms.txt: the index for language models', type: 'text/plain' },
  { path: '/llms-full.txt', title: 'llms-full.txt: every page and the API reference', type: 'text/plain' },
  { path: '/auth.md', title: 'Authentication guide for agents', type: 'text/markdown' },
  { path: '/api/v1', title: 'API index (version, deprecation policy, endpoints)', type: 'application/json' },
  { path: '/sitemap.xml', title: 'Sitemap', type: 'application/xml' },
  { path: '/robots.txt', title: 'robots.txt', type: 'text/plain' },
] as const;
