import { latestDate } from '../catalog/catalog.js';
import { INBOX_ROOT, PATHS } from '../contract/paths.js';
import { escapeHtml } from './html.js';
import { SITE_PATHS } from './site-paths.js';
import type { SiteContext } from './site-context.js';

// The origin's discovery documents: the RFC 9727 API catalog, robots.txt and the sitemap.

export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** RFC 9727 §4 with the RFC 9264 JSON linkset: one entry, anchored at the versioned API. */
export function apiCatalog(ctx: SiteContext): string {
  const base = ctx.baseUrl;
  return JSON.stringify({
    linkset: [{
      anchor: `${base}${PATHS.apiIndex}`,
      'service-desc': [{ href: `${base}${PATHS.openapi}`, type: 'application/openapi+json' }],
      'service-doc': [{ href: `${base}${PATHS.developers}`, type: 'text/html' }],
      status: [{ href: `${base}${PATHS.health}`, type: 'application/json' }],
    }],
  });
}

/** Crawlers that fetch for AI products, named so their operators see they are welcome. */
const AI_CRAWLERS = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'Claude-SearchBot', 'PerplexityBot',
  'Perplexity-User', 'Google-Extended', 'Applebot-Extended', 'CCBot'];

export function robotsTxt(ctx: SiteContext): string {
  // The operators' inbox is private: its pages say noindex too, but crawlers have no reason to ask.
  const rules = ['Content-Signal: search=yes, ai-input=yes, ai-train=no', 'Allow: /', 'Disallow: /oauth/', `Disallow: ${INBOX_ROOT}`];
  return [
    `# ${ctx.catalog.site.name}: people, search engines and AI agents are welcome on the public pages.`,
    `# Every page also answers Accept: text/markdown; see ${PATHS.llms} for the Markdown index and ${PATHS.developers} for the API.`,
    '# Content signals (https://contentsignals.org): search and AI answers yes, model training no.',
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
}

/** A W3C datetime to the second (the sitemap protocol's lastmod), in UTC. */
const w3cDate = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function sitemapUrl(entry: SitemapEntry): string {
  return [
    `  <url>`,
    `    <loc>${escapeHtml(entry.url)}</loc>`,
    ...(entry.modified ? [`    <lastmod>${w3cDate(entry.modified)}</lastmod>`] : []),
    ...entry.images.map((url) => `    <image:image><image:loc>${escapeHtml(url)}</image:loc></image:image>`),
    `  </url>`,
  ].join('\n');
}

/** The sitemap protocol with Google's image extension: each page, when it changed, and the images it shows. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...entries.map(sitemapUrl),
    '</urlset>',
    '',
  ].join('\n');
}

