import { PATHS } from '../contract/paths.js';
import { AUTHORIZATION_HEADER, reverseDnsName } from './server-card.js';
import type { ServerIdentity } from './server-identity.js';

// The server.json the official MCP Registry (registry.modelcontextprotocol.io) publishes, written from the
// identity the server card and initialize use: the same reverse-DNS name, title, version, icons and endpoint.

export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** The schema's limits: `description` and `title` are 1 to 100 characters. */
export const SERVER_JSON_TEXT_LIMIT = 100;

/** A text cut to the schema's limit at a word, with an ellipsis, when it is longer. */
export function withinLimit(text: string, limit = SERVER_JSON_TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > limit / 2 ? cut.slice(0, word) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The 2025-12-11 server.json of this deployment: a remote server only (no package to install), its
 * streamable-http endpoint at BASE_URL/mcp. `version` may be given: the registry refuses to publish a
 * version twice, so a new listing of the same API version needs a version of its own (e.g. 1.0.0-2).
 */
export function serverJson(baseUrl: string, identity: ServerIdentity, version = identity.info.version): Record<string, unknown> {
  const { name, title, description, icons } = identity.info;
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: reverseDnsName(baseUrl, name),
    title: withinLimit(title ?? name),
    description: withinLimit(description),
    version,
    websiteUrl: baseUrl,
    icons,
    remotes: [{ type: 'streamable-http', url: baseUrl + PATHS.mcp, headers: [AUTHORIZATION_HEADER] }],
  };
}
