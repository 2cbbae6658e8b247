import { OPERATION_NAMES } from '../agent-tools/operations.js';
import { ERRORS, type ErrorCode } from '../contract/errors.js';
import { HONEYPOT_FIELD, INQUIRY_POLICY } from '../contract/inquiry.js';
import { OAUTH_METADATA_PATHS } from '../contract/oauth.js';
import { PATHS, SKILL_NAME } from '../contract/paths.js';
import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { sha256Hex } from '../lib/hash.js';
import { markdownPath } from './agent-docs.js';
import { schemaReference } from './api-reference.js';
import { mdCell, mdText } from './markdown.js';
import type { SiteContext } from './site-context.js';

// The Agent Skill of this service (https://agentskills.io): SKILL.md, and its discovery index
// (Agent Skills discovery RFC v0.2.0). Generated from the contract, so its fields and limits are the API's.

function skillDescription(ctx: SiteContext): string {
  const { name } = ctx.catalog.site;
  return `Find a project in the portfolio of ${name}, learn its services, and send the studio a project inquiry, over its public API `
    + '(REST, MCP or A2A; no key needed). Use it when someone wants to see the firm\'s work, asks what it offers, or wants to start a project with it.';
}

/** The errors an inquiry can meet, in the order an agent meets them. */
const INQUIRY_ERRORS: ErrorCode[] = ['missing_field', 'invalid_field', 'origin_not_allowed', 'payload_too_large', 'idempotency_key_reused', 'rate_limited', 'inbox_unavailable'];

function surfaces(ctx: SiteContext): string {
  const base = ctx.baseUrl;
  const tools = OPERATION_NAMES.map((name) => `\`${name}\``).join(', ');
  return [
    '| You are | Use | Address |',
    '|---|---|---|',
    `| an HTTP client or a script | the REST API (JSON) | \`${base}${PATHS.apiIndex}\` |`,
    `| an MCP client | the MCP tools ${tools} | \`POST ${base}${PATHS.mcp}\` (Streamable HTTP) |`,
    ...(ctx.serves(PATHS.agentCard) ? [`| an A2A agent | the skills on the agent card | \`${base}${PATHS.agentCard}\` |`] : []),
    `| reading, to answer a question | any page as Markdown (\`Accept: text/markdown\`) | \`${base}${PATHS.llms}\` lists them |`,
    '| in the visitor\'s browser | the WebMCP tools of the site\'s pages, when the browser offers them | the contact page fills its form and the visitor sends it |',
  ].join('\n');
}

function inquirySection(ctx: SiteContext): string {
  const base = ctx.baseUrl;
  const { inquiry } = RATE_LIMIT_POLICIES;
  const windowMinutes = (seconds: number) => `${seconds / 60} minutes`;
  return [
    '## 3. Send a project inquiry',
    'Only when the person asked you to contact the studio, with their own name and address: an inquiry reaches real people, '
      + 'who answer by email. Never invent details; ask the person for what is missing.',
    `\`POST ${base}${PATHS.contact}\` with a JSON body (or the MCP tool \`submit_inquiry\` with the same fields):`,
    schemaReference(ctx.openapi, ['Inquiry']),
    `- \`200\` with \`{"ok": true, "id": "…"}\` means the studio has it, stored before the answer. Tell the person the studio will reply by email.`,
    `- Limit: ${inquiry.limit} inquiries per ${windowMinutes(inquiry.windowSeconds)} ${inquiry.scope}. Send each inquiry once.`,
    `- Safe retries: send an \`Idempotency-Key\` header (printable ASCII, at most ${INQUIRY_POLICY.idempotencyKeyMaxLength} characters); `
      + `the same key and body within ${INQUIRY_POLICY.idempotencyKeyTtlSeconds / 3600} hours answers the first result again. `
      + `Without a key, an identical inquiry within ${windowMinutes(INQUIRY_POLICY.duplicateWindowSeconds)} is stored once.`,
    `- From a browser page of another site the request is refused (\`403\`); a server or an agent sends no \`Origin\` header. `
      + `Do not send a \`${HONEYPOT_FIELD}\` field: the site's form uses it to catch bots.`,
  ].join('\n\n');
}

function errorSection(): string {
  const rows = INQUIRY_ERRORS.map((code) => `| ${ERRORS[code].status} | \`${code}\` | ${mdCell(ERRORS[code].hint)} |`);
  return [
    '## When something goes wrong',
    'Every REST error is `{"ok": false, "error": "…", "code": "…", "hint": "…"}`; MCP tool errors carry the same code and hint. '
      + 'Read `code`, follow `hint`, and tell the person plainly what to change. A `400` names the field in `error`.',
    ['| Status | Code | What to do |', '|---|---|---|', ...rows].join('\n'),
    `A \`429\` or \`503\` carries \`Retry-After\` (seconds): wait that long before one retry. Never retry a \`400\` or \`403\` unchanged.`,
  ].join('\n\n');
}

/** SKILL.md: front matter (name, description), then what an agent needs to act, in the order it acts. */
export function skillMarkdown(ctx: SiteContext): string {
  const base = ctx.baseUrl;
  const { read } = RATE_LIMIT_POLICIES;
  return [
    ['---', `name: ${SKILL_NAME}`, `description: ${JSON.stringify(skillDescription(ctx))}`, '---'].join('\n'),
    `# ${mdText(ctx.catalog.site.name)}: portfolio, services and project inquiries`,
    `${mdText(ctx.catalog.site.description)} Everything here is public at ${base}: no key, no sign-up.`,
    '## Which surface to use', surfaces(ctx),
    '## 1. Find a project',
    `\`GET ${base}${PATHS.projects}\` answers \`{"projects": [...]}\`: slug, title, location, description, scope, the page \`url\`, and images `
      + `(each with \`alt\` text and sizes). The MCP tool \`list_projects\` filters by \`region\` or by \`location\` text. `
      + 'Each project page answers `Accept: text/markdown` with the whole write-up.',
    '## 2. Learn the services',
    `\`GET ${base}${PATHS.services}\` answers \`{"services": [...]}\`: what the studio offers, each with a page. `
      + `The studio's process and about pages are in ${mdText(base + markdownPath('/'))} and ${base}${PATHS.llms}.`,
    `Reads are limited to ${read.limit} requests per ${read.windowSeconds} seconds ${read.scope}; every answer carries \`RateLimit-*\` headers.`,
    inquirySection(ctx),
    errorSection(),
    '## Identity (optional)',
    `Tokens are optional everywhere. To identify your agent, register it and get a client_credentials token: see ${base}${OAUTH_METADATA_PATHS.authGuide}. `
      + 'A bad or expired token is refused with `401` and a `WWW-Authenticate` challenge: get a new token or call without one.',
    '## More',
    `- Every operation and schema: ${base}${PATHS.openapi}`,
    `- The developer guide: ${base}${PATHS.developers}`,
  ].join('\n\n') + '\n';
}

export const SKILLS_INDEX_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** The discovery index: one skill, its URL and the digest of exactly the bytes served there. */
export function skillsIndex(ctx: SiteContext, skillBytes: Buffer): Record<string, unknown> {
  return {
    $schema: SKILLS_INDEX_SCHEMA,
    skills: [{
      name: SKILL_NAME,
      type: 'skill-md',
      description: skillDescription(ctx),
      url: ctx.baseUrl + PATHS.skillFile,
      digest: `sha256:${sha256Hex(skillBytes)}`,
    }],
  };
}
