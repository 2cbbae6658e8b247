import { API_PREFIX } from './api.js';

// Every public address of the service that more than one surface names (links, documents, metadata).
// Route registrations, Link headers, llms.txt, the developer page and the server card all read these.
export const PATHS = {
  apiIndex: API_PREFIX,
  projects: `${API_PREFIX}/projects`,
  services: `${API_PREFIX}/services`,
  contact: `${API_PREFIX}/contact`,
  legacyContact: '/api/contact',
  mcp: '/mcp',
  openapi: '/openapi.json',
  apiCatalog: '/.well-known/api-catalog',
  mcpServerCard: '/.well-known/mcp/server-card.json',
  developers: '/developers',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  health: '/healthz',
  ready: '/readyz',
  contactPage: '/contact',
} as const;

/** Every address under it is an API operation: rate-limited as a read by default, bearer tokens checked. */
export const API_PATH_PREFIX = '/api/';

/** Where the deprecation of the legacy alias is explained (its rel="deprecation" link). */
export const VERSIONING_DOC_PATH = `${PATHS.developers}#versioning`;
