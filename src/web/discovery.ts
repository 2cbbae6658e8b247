import { latestDate } from '../catalog/catalog.js';
import { OAUTH_METADATA_PATHS } from '../contract/oauth.js';
import { INBOX_ROOT, PATHS } from '../contract/paths.js';
import { mcpCatalogEntry } from '../contract/mcp-server.js';
import { escapeHtml } from './html.js';
import { SITE_PATHS } from './site-paths.js';
import type { SiteContext } from './site-context.js';

// The origin's discovery documents: the RFC 9727 API catalog, robots.txt and the sitemap.

export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/**
 * RFC 9727 §4 with the RFC 9264 JSON linkset: one entry per API of the origin. The REST API is described
 * by the OpenAPI document; the agent protocols by their cards; each is documented for people and agents.
 */
export function apiCatalog(ctx: SiteContext): string {
  const base = ctx.baseUrl;
  const link = (path: string, type: string) => ({ href: base + path, type });
  const docs = [link(PATHS.developers, 'text/html'), link(PATHS.skill, 'text/markdown'), link(OAUTH_METADATA_PATHS.authGuide, 'text/markdown')];
  const status = [link(PATHS.health, 'application/json')];
  const protocol = (anchor: string, card: string) =>
    (ctx.serves(card) ? [{ anchor: base + anchor, 'service-desc': [link(card, 'application/json')], 'service-doc': docs, status }] : []);
  return JSON.stringify({
    linkset: [
      { anchor: base + PATHS.apiIndex, 'service-desc': [link(PATHS.openapi, 'application/openapi+json')], 'service-doc': docs, status },
      ...protocol(PATHS.mcp, PATHS.mcpServerCard),
      ...protocol(PATHS.a2a, PATHS.agentCard),
    ],
  });
}

/**
 * The AI Catalog (`/.well-known/ai-catalog.json`, AI Catalog spec 1.0, as Agentic Resource Discovery reads
 * it): one typed entry per agent-facing artifact of the origin, each identified by a URN under our host.
 * The MCP server's entry is the MCP catalog's own (src/contract/mcp-server.ts), as the MCP discovery draft reads
 * both documents: its card at the MCP endpoint's /server-card.
 */
export function aiCatalog(ctx: SiteContext): Record<string, unknown> {
  const base = ctx.baseUrl;
  const { host } = new URL(base);
  const { name, description } = ctx.catalog.site;
  const entry = (kind: string, path: string, type: string, displayName: string, about: string) =>
    (ctx.serves(path) ? [{ identifier: `urn:air:${host}:${kind}`, displayName, type, url: base + path, description: about }] : []);
  const mcp = ctx.serves(PATHS.mcpEndpointServerCard) ? [mcpCatalogEntry(base, name)] : [];
  return {
    specVersion: '1.0',
    host: { displayName: name, identifier: host, documentationUrl: base + PATHS.developers },
    entries: [
      ...mcp,
      ...entry('a2a:studio', PATHS.agentCard, 'application/a2a-agent-card+json', `${name} A2A agent`,
        'The portfolio, the services, project inquiries and consultation bookings as A2A skills.'),
      ...entry('api:v1', PATHS.apiCatalog, 'application/linkset+json', `${name} API catalog`, `The REST API (RFC 9727). ${description}`),
      ...entry('skills:index', PATHS.skillsIndex, 'application/json', `${name} Agent Skills`,
        'The Agent Skill for finding a project, learning the services, sending an inquiry and booking a consultation.'),
      ...entry('docs:llms', PATHS.llms, 'text/plain', `${name} llms.txt`, 'Every page as Markdown, for language models.'),
    ],
  };
}

/** Crawlers that fetch for AI products, named so their operators see they are welcome. */
const AI_CRAWLERS = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'Claude-SearchBot', 'PerplexityBot',
  'Perplexity-User', 'Google-Extended', 'Applebot-Extended', 'CCBot'];

/** The studio's content signals (https://contentsignals.org): search and AI answers yes, model training no. */
export const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no';

/**
 * robots.txt in the records every validator knows. The content signals are stated in a comment: RFC 9309
 * lets crawlers read other records, but Lighthouse (and the search consoles that lint the same way)
 * counts a `Content-Signal:` record as an error, and the site's SEO score would fall below 95 for it.
 */
export function robotsTxt(ctx: SiteContext): string {
  // The operators' inbox is private: its pages say noindex too, but crawlers have no reason to ask.
  const rules = ['Allow: /', 'Disallow: /oauth/', `Disallow: ${INBOX_ROOT}`];
  return [
    `# ${ctx.catalog.site.name}: people, search engines and AI agents are welcome on the public pages.`,
    `# Every page also answers Accept: text/markdown; see ${PATHS.llms} for the Markdown index and ${PATHS.developers} for the API.`,
    `# Content-Signal: ${CONTENT_SIGNAL}`,
    '',
    ...AI_CRAWLERS.map((agent) => `User-agent: ${agent}`),
    ...rules,
    '',
    'User-agent: *',
    ...rules,
    '',
    `Sitemap: ${ctx.baseUrl}${SITE_PATHS.sitemap}`,
    '',
  ].join('\n');
}

/** When a page that lists entries last changed: the latest of them, or `none` when it lists nothing. */
export function latestOf(entries: ReadonlyArray<{ modified: Date }>, none: Date): Date {
  return latestDate(entries.map((e) => e.modified), none);
}

export interface SitemapEntry {
  url: string;
  modified?: Date;
  /** Absolute URLs of the images the page shows. */
  images: readonly string[];
  /** The page in every language it exists in, itself included (Google's xhtml:link alternates); none when only one. */
  alternates: ReadonlyArray<{ hreflang: string; url: string }>;
}

/** A W3C datetime to the second (the sitemap protocol's lastmod), in UTC. */
const w3cDate = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function sitemapUrl(entry: SitemapEntry): string {
  return [
    `  <url>`,
    `    <loc>${escapeHtml(entry.url)}</loc>`,
    ...(entry.modified ? [`    <lastmod>${w3cDate(entry.modified)}</lastmod>`] : []),
    ...(entry.alternates.length > 1 ? entry.alternates : []).map((alt) => `    <xhtml:link rel="alternate" hreflang="${escapeHtml(alt.hreflang)}" href="${escapeHtml(alt.url)}"/>`),
    ...entry.images.map((url) => `    <image:image><image:loc>${escapeHtml(url)}</image:loc></image:image>`),
    `  </url>`,
  ].join('\n');
}

/** The sitemap protocol with Google's image and language extensions: each page, when it changed, its versions in other languages, and the images it shows. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(sitemapUrl),
    '</urlset>',
    '',
  ].join('\n');
}

