import { OPERATION_NAMES } from '../agent-tools/operations.js';
import { BOOKING_POLICY } from '../contract/consultation.js';
import { ERRORS, type ErrorCode } from '../contract/errors.js';
import { HONEYPOT_FIELD, INQUIRY_POLICY } from '../contract/inquiry.js';
import { OAUTH_METADATA_PATHS } from '../contract/oauth.js';
import { PATHS, pathTemplate, SKILL_NAME } from '../contract/paths.js';
import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { sha256Hex } from '../lib/hash.js';
import { markdownPath } from './agent-docs.js';
import { schemaReference } from './api-reference.js';
import { mdCell, mdText } from './markdown.js';
import type { SiteContext } from './site-context.js';

// The Agent Skill of this service (https://agentskills.io): SKILL.md, and its discovery index
// (Agent Skills discovery RFC v0.2.0). Generated from the contract, so its fields and limits are the API's.

/** Whether the studio offers consultations to book (the content's `consultations`). */
const booksConsultations = (ctx: SiteContext) => (ctx.catalog.consultations?.kinds.length ?? 0) > 0;

function skillDescription(ctx: SiteContext): string {
  const { name } = ctx.catalog.site;
  const booking = booksConsultations(ctx);
  return `Find a project in the portfolio of ${name}, learn its services, and send the studio a project inquiry`
    + `${booking ? ' or book a consultation with it' : ''}, over its public API `
    + '(REST, MCP or A2A; no key needed). Use it when someone wants to see the firm\'s work, asks what it offers, or wants to start a project with it'
    + `${booking ? ' or talk to the studio' : ''}.`;
}

/** The errors an inquiry can meet, in the order an agent meets them. */
const INQUIRY_ERRORS: ErrorCode[] = ['missing_field', 'invalid_field', 'origin_not_allowed', 'payload_too_large', 'idempotency_key_reused', 'rate_limited', 'inbox_unavailable'];

/** What a booking can meet besides: the slot, the hold and the booking limits. */
const BOOKING_ERRORS: ErrorCode[] = ['slot_taken', 'hold_expired', 'too_many_bookings'];

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

function consultationSection(ctx: SiteContext): string {
  const base = ctx.baseUrl;
  const { booking } = RATE_LIMIT_POLICIES;
  const { holdMinutes, maxUpcomingPerAddress, maxHoldsPerCaller } = BOOKING_POLICY;
  return [
    '## 4. Book a consultation',
    'A first conversation with the studio, at a time the person chose: only with their consent, their own name and address.',
    `1. \`GET ${base}${PATHS.consultations}\` lists the consultation types (slug, title, \`duration_minutes\`, \`place\`) and the studio's \`time_zone\`. `
      + `\`GET ${base}${pathTemplate(PATHS.consultationSlots)}?from=YYYY-MM-DD&to=YYYY-MM-DD\` lists a type's free slots: \`start\` and \`end\` `
      + 'in RFC 3339 with the studio\'s offset. Tell the person the times in their own zone when it differs. (MCP and A2A: `list_consultation_slots`.)',
    `2. \`POST ${base}${pathTemplate(PATHS.consultationBookings)}\` with \`start\` (exactly as listed), \`name\`, \`email\`, optional \`phone\`, `
      + '`message` and `inquiry_id` (an inquiry sent from the same address) answers `201` with the booking and its private `manage_url` '
      + '(to reschedule or cancel: give it to the person only). Both sides get a calendar invitation by email. (MCP and A2A: `book_consultation`.)',
    `3. Not sure yet? Add \`"hold": true\`: the slot is kept ${holdMinutes} minutes. Ask the person, then send \`{"hold_id": "<the hold's id>"}\` `
      + 'alone to the same address to book it. An unconfirmed hold lapses by itself.',
    `- Limits: ${booking.limit} booking requests per ${booking.windowSeconds / 60} minutes ${booking.scope}; at most ${maxUpcomingPerAddress} upcoming `
      + `consultations per address and ${maxHoldsPerCaller} live holds per client. A \`409 slot_taken\` names the nearest free starts in its hint.`,
  ].join('\n\n');
}

function errorSection(ctx: SiteContext): string {
  const codes = [...INQUIRY_ERRORS, ...(booksConsultations(ctx) ? BOOKING_ERRORS : [])];
  const rows = codes.map((code) => `| ${ERRORS[code].status} | \`${code}\` | ${mdCell(ERRORS[code].hint)} |`);
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
    `# ${mdText(ctx.catalog.site.name)}: portfolio, services, project inquiries${booksConsultations(ctx) ? ' and consultations' : ''}`,
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
    ...(booksConsultations(ctx) ? [consultationSection(ctx)] : []),
    errorSection(ctx),
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
