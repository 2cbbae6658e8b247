import { projectPath, servicePath } from '../catalog/catalog.js';
import { OAUTH_METADATA_PATHS } from '../contract/oauth.js';
import { PATHS } from '../contract/paths.js';
import { apiOperations } from '../http/openapi.js';
import { operationReference, schemaReference } from './api-reference.js';
import { DISCOVERY_DOCUMENTS } from './discovery-documents.js';
import { mdLink, mdText } from './markdown.js';
import type { RenderedPage } from './rendered-page.js';
import type { SiteContext } from './site-context.js';
import { localePath } from '../words/locale.js';
import { SITE_PATHS } from './site-paths.js';
import { markdownTwin } from './twin.js';

// llms.txt (https://llmstxt.org) and llms-full.txt, generated from the built pages and the OpenAPI document.

/** The address that always answers with a page's Markdown: /index.md for the home page, <path>.md otherwise. */
export function markdownPath(path: string): string {
  // A folder's home ('/', '/es/') is its index.
  return path.endsWith('/') ? `${path}index.md` : `${path}.md`;
}

function pageLinks(ctx: SiteContext, pages: RenderedPage[]): string {
  return pages.map(({ page }) => `- ${mdLink(page.title, ctx.baseUrl + markdownPath(page.path))}: ${mdText(page.description)}`).join('\n');
}

export function llmsTxt(ctx: SiteContext, pages: RenderedPage[]): string {
  const { site } = ctx.catalog;
  const byPrefix = (prefix: string) => pages.filter(({ page }) => page.path.startsWith(prefix));
  const [projects, services] = [projectPath(''), servicePath('')];
  const general = pages.filter(({ page }) => !page.path.startsWith(projects) && !page.path.startsWith(services));
  // The API section names these already; llms.txt does not list itself.
  const named: string[] = [PATHS.openapi, OAUTH_METADATA_PATHS.authGuide, PATHS.apiIndex, PATHS.llms];
  const optional = DISCOVERY_DOCUMENTS.filter((d) => ctx.serves(d.path) && !named.includes(d.path));
  return [
    `# ${mdText(site.name)}`,
    `> ${mdText(site.description)}`,
    'Every page of this site answers `Accept: text/markdown` with Markdown; the links below go straight to the Markdown. '
      + `The portfolio, the services, the inquiry form and consultation booking are a public API under \`${ctx.baseUrl}${PATHS.apiIndex}\` and an MCP endpoint; no key is needed. `
      + `The pages for homeowners are also in Spanish under ${mdLink(`${ctx.baseUrl}${localePath(SITE_PATHS.home, 'es')}`, ctx.baseUrl + localePath(SITE_PATHS.home, 'es'))} (each page's \`hreflang\` alternates name its other version).`,
    '## Pages', pageLinks(ctx, general),
    '## Projects', pageLinks(ctx, byPrefix(projects)),
    '## Services', pageLinks(ctx, byPrefix(services)),
    '## API',
    [
      `- ${mdLink('Developer guide', ctx.baseUrl + markdownPath(PATHS.developers))}: quick start, endpoints, MCP, rate limits, errors, versioning`,
      `- ${mdLink('OpenAPI 3.1 description', ctx.baseUrl + PATHS.openapi)}: every operation and schema`,
      `- ${mdLink('API index', ctx.baseUrl + PATHS.apiIndex)}: version, deprecation policy and endpoints as JSON`,
      `- ${mdLink('Authentication for agents', ctx.baseUrl + OAUTH_METADATA_PATHS.authGuide)}: optional tokens, registration, the scopes and who grants them, the 401 and 403 challenges`,
    ].join('\n'),
    '## Optional',
    optional.map((d) => `- ${mdLink(d.title, ctx.baseUrl + d.path)}: \`${d.type}\``).join('\n'),
  ].join('\n\n') + '\n';
}

export function llmsFullTxt(ctx: SiteContext, pages: RenderedPage[]): string {
  const { site } = ctx.catalog;
  const operations = apiOperations(ctx.openapi);
  const sections = pages.map(({ page, url }) => markdownTwin(page, url).trim());
  return [
    `# ${mdText(site.name)}`,
    `> ${mdText(site.description)}`,
    `Every page of ${ctx.baseUrl} and the API reference, in one document. Each page starts with its front matter.`,
    ...sections,
    `# API reference`,
    `Generated from ${ctx.baseUrl}${PATHS.openapi} (${ctx.openapi.info.title}, version ${ctx.openapi.info.version}).`,
    '## Operations', operationReference(operations, ctx.baseUrl),
    '## Schemas', schemaReference(ctx.openapi, Object.keys(ctx.openapi.components?.schemas ?? {})),
  ].join('\n\n') + '\n';
}
