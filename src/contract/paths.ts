import { API_PREFIX } from './api.js';

/** The name of the service's Agent Skill (lower-case words and hyphens): its directory below /.well-known/agent-skills. */
export const SKILL_NAME = 'portfolio-and-inquiries';

// Every public address of the service that more than one surface names (links, documents, metadata).
// Route registrations, Link headers, llms.txt, the developer page and the server card all read these.
export const PATHS = {
  apiIndex: API_PREFIX,
  projects: `${API_PREFIX}/projects`,
  services: `${API_PREFIX}/services`,
  contact: `${API_PREFIX}/contact`,
  legacyContact: '/api/contact',
  /** The read API of the received inquiries, for the studio's own tools (a token with inquiries:read). */
  inquiries: `${API_PREFIX}/inquiries`,
  inquiry: `${API_PREFIX}/inquiries/:id`,
  mcp: '/mcp',
  /** The server card where the MCP discovery draft reserves it: the MCP endpoint's URL + /server-card. */
  mcpEndpointServerCard: '/mcp/server-card',
  openapi: '/openapi.json',
  apiCatalog: '/.well-known/api-catalog',
  mcpServerCard: '/.well-known/mcp/server-card.json',
  /** The same card at the address of its successor draft (SEP-2127), which drops the extension. */
  mcpServerCardSep2127: '/.well-known/mcp/server-card',
  /** The MCP Catalog: the origin's MCP servers, each by its server card (src/mcp/catalog.ts names the draft). */
  mcpCatalog: '/.well-known/mcp/catalog.json',
  /** The A2A protocol: the agent card (its well-known address) and the JSON-RPC endpoint it names. */
  agentCard: '/.well-known/agent-card.json',
  a2a: '/a2a',
  /** Agent Skills: the skill for this service, and the discovery index (Agent Skills discovery RFC v0.2.0). */
  skill: '/skill.md',
  /** The same bytes where the discovery RFC derives them from the skill's name. */
  skillFile: `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`,
  skillsIndex: '/.well-known/agent-skills/index.json',
  /** One index of every agent-facing document (the MCP card, the A2A card, the api-catalog, llms.txt, the skills). */
  aiCatalog: '/.well-known/ai-catalog.json',
  developers: '/developers',
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  health: '/healthz',
  ready: '/readyz',
  metrics: '/metrics',
  contactPage: '/contact',
  /** Consultations: the types, a type's free slots, and booking it (src/rest/consultation-routes.ts). */
  consultations: `${API_PREFIX}/consultations`,
  consultationSlots: `${API_PREFIX}/consultations/:type/slots`,
  consultationBookings: `${API_PREFIX}/consultations/:type/bookings`,
  /** The website's booking page, and the person's own page of a booking (the manage_url: its token is the key). */
  bookPage: '/consultations',
  managePage: '/consultations/manage/:token',
  /** The studio's calendar of every booking, at a secret address (`studio calendar url`). */
  studioCalendar: '/calendar/:token/consultations.ics',
} as const;

/** An address of PATHS as the OpenAPI document and the docs write it: each :parameter as {parameter}. */
export function pathTemplate(path: string): string {
  return path.replace(/:([a-zA-Z]+)/g, '{$1}');
}

/** An address of PATHS with its :parameters filled in (encoded). */
export function pathOf(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The root of the REST API's addresses (its context answers an unknown address below it with the JSON Error). */
export const API_ROOT = '/api';

/** The roots of the other machine surfaces: an unknown address below them is a JSON Error, never the HTML page. */
export const OAUTH_ROOT = '/oauth';
export const WELL_KNOWN_ROOT = '/.well-known';

/** Where the deprecation of the legacy alias is explained (its rel="deprecation" link). */
export const VERSIONING_DOC_PATH = `${PATHS.developers}#versioning`;

/** The operators' web inbox: its own context (src/inbox/plugin.ts), never in the sitemap or llms.txt, disallowed in robots.txt. */
export const INBOX_ROOT = '/inbox';

export const INBOX_PATHS = {
  list: INBOX_ROOT,
  inquiry: `${INBOX_ROOT}/inquiries/:id`,
  state: `${INBOX_ROOT}/inquiries/:id/state`,
  retry: `${INBOX_ROOT}/inquiries/:id/retry`,
  delete: `${INBOX_ROOT}/inquiries/:id/delete`,
  /** The pipeline's forms on an inquiry's page (src/inbox/pipeline-actions.ts). */
  stage: `${INBOX_ROOT}/inquiries/:id/stage`,
  assignee: `${INBOX_ROOT}/inquiries/:id/assignee`,
  unread: `${INBOX_ROOT}/inquiries/:id/unread`,
  notes: `${INBOX_ROOT}/inquiries/:id/notes`,
  note: `${INBOX_ROOT}/inquiries/:id/notes/:noteId`,
  noteDelete: `${INBOX_ROOT}/inquiries/:id/notes/:noteId/delete`,
  exportCsv: `${INBOX_ROOT}/export.csv`,
  exportJson: `${INBOX_ROOT}/export.json`,
  erase: `${INBOX_ROOT}/erase`,
  reports: `${INBOX_ROOT}/reports`,
  reportsCsv: `${INBOX_ROOT}/reports.csv`,
  /** The consultations by day and week, and an operator's reschedule and cancellation (src/inbox/agenda-*.ts). */
  agenda: `${INBOX_ROOT}/agenda`,
  bookingReschedule: `${INBOX_ROOT}/agenda/:id/reschedule`,
  bookingCancel: `${INBOX_ROOT}/agenda/:id/cancel`,
  login: `${INBOX_ROOT}/login`,
  logout: `${INBOX_ROOT}/logout`,
  /** The one-time sign-in link's page: `${BASE_URL}/inbox/set-password?token=<token>`. */
  setPassword: `${INBOX_ROOT}/set-password`,
} as const;

/** The inbox's conversation pages and actions (src/inbox/conversation-*.ts, unmatched-page.ts, attachment-route.ts). */
export const CONVERSATION_PATHS = {
  reply: `${INBOX_ROOT}/inquiries/:id/reply`,
  unmatched: `${INBOX_ROOT}/unmatched`,
  fileUnmatched: `${INBOX_ROOT}/unmatched/:id/file`,
  attachment: `${INBOX_ROOT}/attachments/:id`,
} as const;

/** Mail into the service (src/inbound/): the homeowners' answers, signed by the mail provider's hook. */
export const INBOUND_EMAIL_PATH = '/inbound/email';
