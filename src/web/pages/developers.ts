import { OPERATIONS, OPERATION_NAMES } from '../../agent-tools/operations.js';
import { inWords } from '../../lib/in-words.js';
import { projectPath } from '../../catalog/catalog.js';
import { API_DOCUMENT_VERSION, API_PREFIX, API_VERSION, DEPRECATION_POLICY } from '../../contract/api.js';
import { ERRORS } from '../../contract/errors.js';
import { EXAMPLE_INQUIRY } from '../../contract/inquiry.js';
import { MODERN_PROTOCOL_VERSIONS, PREFERRED_PROTOCOL_VERSION, PROTOCOL_VERSIONS } from '../../contract/mcp-protocol-versions.js';
import { PATHS, pathOf } from '../../contract/paths.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS, OAUTH_METADATA_PATHS, OAUTH_PATHS, OPERATOR_SCOPES } from '../../contract/oauth.js';
import { RATE_LIMIT_POLICIES } from '../../contract/rate-limits.js';
import { RATE_LIMIT_HEADER_DOCS } from '../../http/route-docs.js';
import { apiOperations, type ApiOperation } from '../../http/openapi.js';
import { endpointTable, schemaReference } from '../api-reference.js';
import { DISCOVERY_DOCUMENTS } from '../discovery-documents.js';
import { mdCell, mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';
import { webMcpToolNames } from '../webmcp-tools.js';

/** A path as a link when this instance serves it, as code otherwise (documents of surfaces not deployed). */
export function docLink(ctx: SiteContext, path: string, title: string): string {
  return ctx.serves(path) ? mdLink(title, path) : `${mdText(title)} (\`${path}\`)`;
}

function quickStart(ctx: SiteContext, operations: ApiOperation[]): string {
  const base = ctx.baseUrl;
  const firstProject = ctx.catalog.projects[0]?.slug;
  const contact = operations.find((op) => op.method === 'POST' && op.path === PATHS.contact);
  const firstKind = ctx.catalog.consultations?.kinds[0]?.slug;
  return [
    '```sh',
    '# The portfolio and the services, as JSON',
    `curl -s ${base}${PATHS.projects}`,
    `curl -s ${base}${PATHS.services}`,
    '# Any page, as Markdown',
    `curl -s -H 'Accept: text/markdown' ${base}${firstProject ? projectPath(firstProject) : SITE_PATHS.home}`,
    ...(contact ? ['# Send a project inquiry (no key needed)',
      `curl -s -X POST ${base}${contact.path} -H 'Content-Type: application/json' \\`,
      `  -d '${JSON.stringify(EXAMPLE_INQUIRY)}'`] : []),
    ...(firstKind ? ['# The consultations, and the free slots of one (book one with a POST to its bookings_url)',
      `curl -s ${base}${PATHS.consultations}`,
      `curl -s ${base}${pathOf(PATHS.consultationSlots, { type: firstKind })}`] : []),
    '```',
  ].join('\n');
}

/** The MCP endpoint and its tools: the agent operations, as tools/list describes them. */
function mcpSection(ctx: SiteContext): string {
  const studio = ctx.catalog.site.name;
  const tools = OPERATION_NAMES.map((name) => `| \`${name}\` | ${mdCell(OPERATIONS[name].tool.description(studio))} |`);
  return [
    '## MCP endpoint',
    `\`POST ${ctx.baseUrl}${PATHS.mcp}\`: Model Context Protocol ${PREFERRED_PROTOCOL_VERSION} over Streamable HTTP (JSON-RPC 2.0), stateless, `
      + `and every revision from ${PROTOCOL_VERSIONS.at(-1)} to ${MODERN_PROTOCOL_VERSIONS.at(-1)} at the same address (from ${MODERN_PROTOCOL_VERSIONS[0]} on: `
      + `\`server/discover\` instead of \`initialize\`, and a \`_meta\` envelope on every request). Its server card: ${docLink(ctx, PATHS.mcpServerCard, 'MCP server card')}.`,
    ['| Tool | What it does |', '|---|---|', ...tools].join('\n'),
    'Every project, service and text page is also an MCP resource (`resources/list`, `resources/read`, and a template for projects by '
      + 'slug): the same Markdown as the page\'s twin.',
  ].join('\n\n');
}

/** The other doors agents use: the skill, the in-browser tools, the A2A agent when this instance serves it. */
function agentsSection(ctx: SiteContext): string {
  return [
    '## For agents',
    `- **Agent Skill**: ${docLink(ctx, PATHS.skill, 'SKILL.md')} says when to use which surface, the inquiry's fields and limits and what to do `
      + `on each error; it is listed with its digest in the ${docLink(ctx, PATHS.skillsIndex, 'Agent Skills index')}.`,
    `- **In the browser (WebMCP)**: every page offers ${inWords(webMcpToolNames().map((name) => `\`${name}\``))} to an agent the browser runs. `
      + '`submit_inquiry` only fills in the contact form: the visitor sends it. `book_consultation` is not offered in the browser: an agent there books through the booking page with the visitor.',
    ...(ctx.serves(PATHS.agentCard) ? [`- **A2A**: the ${docLink(ctx, PATHS.agentCard, 'agent card')} names the JSON-RPC endpoint `
      + `\`${ctx.baseUrl}${PATHS.a2a}\` and its skills (the same operations as the MCP tools).`] : []),
    `- **One index**: the ${docLink(ctx, PATHS.aiCatalog, 'AI catalog')} lists every agent-facing document.`,
  ].join('\n');
}

function authSection(ctx: SiteContext): string {
  return [
    '## Authentication',
    'No key is needed: every public operation works without credentials. Only the read API of the received inquiries '
      + `(\`${PATHS.inquiries}\`), for the studio's own tools, requires a token with ${OPERATOR_SCOPES.map((s) => `\`${s}\``).join(', ')}, `
      + 'which only the studio\'s operators grant (without one: 401, without the scope: 403). Agents that want an identity can register themselves '
      + `at \`POST ${OAUTH_PATHS.register}\` (RFC 7591) and get a client_credentials token at \`POST ${OAUTH_PATHS.token}\` (HTTP Basic), `
      + `or register the auth.md way at \`POST ${OAUTH_PATHS.agentAuth}\` with \`{"type": "anonymous"}\` and get the first token in the answer; `
      + `send it as \`Authorization: Bearer <token>\`. Tokens live ${ACCESS_TOKEN_LIFETIME_SECONDS / 60} minutes. `
      + `An invalid or expired token gets 401 with a WWW-Authenticate challenge. The full guide: ${docLink(ctx, OAUTH_METADATA_PATHS.authGuide, 'auth.md')}.`,
  ].join('\n\n');
}

function rateLimitSection(): string {
  const rows = Object.entries(RATE_LIMIT_POLICIES).map(([name, p]) => `| \`${name}\` | ${p.limit} per ${p.windowSeconds} s | ${mdCell(p.scope)} |`);
  return [
    '## Rate limits',
    ['| Policy | Limit | Who shares it |', '|---|---|---|', ...rows].join('\n'),
    `Every API response carries ${Object.keys(RATE_LIMIT_HEADER_DOCS).map((h) => `\`${h}\``).join(', ')}. `
      + 'Over the limit, the answer is 429 with `Retry-After` (seconds). Pages and discovery documents are not rate-limited.',
  ].join('\n\n');
}

function errorSection(): string {
  const rows = Object.entries(ERRORS).map(([code, d]) => `| ${d.status} | \`${code}\` | ${mdCell(d.error)} | ${mdCell(d.hint)} |`);
  return [
    '## Errors',
    'Every REST error body is `{"ok": false, "error": "…", "code": "…", "hint": "…"}`: a message, a stable machine code and how to fix it.',
    ['| Status | Code | Meaning | Hint |', '|---|---|---|---|', ...rows].join('\n'),
  ].join('\n\n');
}

function versioningSection(operations: ApiOperation[]): string {
  const deprecated = operations.filter((op) => op.deprecated).map((op) => `- \`${op.method} ${op.path}\` (\`${op.operationId}\`)`);
  return [
    '## Versioning',
    `The current version is \`${API_VERSION}\` (\`${API_PREFIX}/\`); the API description document is version ${API_DOCUMENT_VERSION}. `
      + mdText(DEPRECATION_POLICY.summary),
    deprecated.length > 0 && `Deprecated operations:\n\n${deprecated.join('\n')}`,
  ].filter(Boolean).join('\n\n');
}

export function developersPage(ctx: SiteContext): Page {
  const operations = apiOperations(ctx.openapi);
  const documents = DISCOVERY_DOCUMENTS.map((d) => `- ${docLink(ctx, d.path, d.title)}: \`${d.type}\``);
  return {
    kind: 'reference',
    title: 'Developers',
    description: `The ${ctx.catalog.site.name} API: portfolio, services, project inquiries and consultation bookings over HTTP and MCP, open to people and agents.`,
    path: PATHS.developers,
    modified: ctx.catalog.modified,
    markdown: [
      '# Developers',
      `The portfolio, the service catalog, the inquiry form and consultation booking of ${mdText(ctx.catalog.site.name)} are a public API at \`${ctx.baseUrl}${PATHS.apiIndex}\`. `
        + 'No key is needed. Every page of this site is also Markdown: send `Accept: text/markdown`.',
      '## Quick start', quickStart(ctx, operations),
      '## Endpoints',
      `Generated from the ${docLink(ctx, PATHS.openapi, 'OpenAPI document')}; the ${docLink(ctx, PATHS.apiIndex, 'API index')} lists the same operations as JSON.`,
      endpointTable(operations),
      schemaReference(ctx.openapi, ['Inquiry', 'Project', 'Service', 'Ok', 'BookingRequest', 'Booking', 'Error']),
      mcpSection(ctx),
      agentsSection(ctx),
      authSection(ctx),
      rateLimitSection(),
      errorSection(),
      versioningSection(operations),
      '## Discovery documents', documents.join('\n'),
    ].filter(Boolean).join('\n\n'),
  };
}
