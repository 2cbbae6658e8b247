import type { TSchema } from 'typebox';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { OPERATION_TEXTS, TOOL_ARGUMENTS, toolSchema, type JsonSchema, type ToolName } from '../agent-tools/arguments.js';
import { Project, Service } from '../contract/catalog.js';
import { Inquiry } from '../contract/inquiry.js';
import { PATHS } from '../contract/paths.js';
import { ErrorBody, Ok } from '../contract/responses.js';

// The three tools as agents see them, on the MCP endpoint and on the website's pages (WebMCP): names,
// descriptions, annotations, the argument schemas of the shared operations (src/agent-tools) and output
// schemas derived from the contract schemas (never restated). Built once; tools/list, the server card and
// the pages' WebMCP script read them.

/** The REST Error shape, plus what a tool result can add: the wait of a rate limit and the field at fault. */
export const ToolErrorSchema: JsonSchema = (() => {
  const error = toolSchema(ErrorBody);
  return {
    ...error,
    description: 'The result of a failed call (isError: true): the same code, error and hint as the REST API.',
    properties: {
      ...(error.properties as JsonSchema),
      retry_after_seconds: { type: 'integer', minimum: 1, description: 'Seconds to wait before calling again (rate_limited, inbox_unavailable).' },
      field: { type: 'string', description: 'The argument the error is about (missing_field, invalid_field).' },
    },
  };
})();

/** outputSchema: the success shape, or the error shape of an isError result. */
function outputOf(success: JsonSchema): Tool['outputSchema'] {
  return { type: 'object', oneOf: [success, ToolErrorSchema] };
}

function listOf(key: string, item: TSchema): JsonSchema {
  return { type: 'object', properties: { [key]: { type: 'array', items: toolSchema(item) } }, required: [key] };
}


const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

// The parts of each tool that every surface offering it shares (the MCP endpoint and the website's WebMCP
// script): what the lists hold, their filters, the inquiry's fields and limits. Each surface adds what it
// does differently: how an inquiry is sent, the filters it can apply.

/** The filters of list_projects: the MCP endpoint knows each project's region; the REST list the website reads does not. */
const PROJECT_FILTERS = {
  region: {
    schema: TOOL_ARGUMENTS.list_projects.properties.region!,
    text: OPERATION_TEXTS.regionFilter,
  },
  location: {
    schema: TOOL_ARGUMENTS.list_projects.properties.location!,
    text: OPERATION_TEXTS.locationFilter,
  },
} as const;
type ProjectFilter = keyof typeof PROJECT_FILTERS;

/** What a tool is on every surface. */
interface ToolBase {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: Tool['inputSchema'];
}

const READ_LIMIT = OPERATION_TEXTS.readLimit;

/** list_projects with the filters a surface applies: name, title, description and input schema. */
function listProjectsBase(studioName: string, filters: readonly ProjectFilter[]): ToolBase {
  const texts = filters.map((f) => PROJECT_FILTERS[f].text);
  return {
    name: 'list_projects',
    title: `${studioName} portfolio`,
    description: `List the portfolio projects of ${studioName}: slug, title, location, description, scope and the URL of each project page. `
      + `Call it without arguments to get every project. Optional filter${texts.length > 1 ? 's' : ''}: ${texts.join(' and ')}. ${READ_LIMIT}`,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(filters.map((f) => [f, PROJECT_FILTERS[f].schema])),
      additionalProperties: false,
    },
  };
}

function listServicesBase(studioName: string): ToolBase {
  return {
    name: 'list_services',
    title: `${studioName} services`,
    description: `List the services ${studioName} offers: slug, title, description, capabilities and the URL of each service page. `
      + `Takes no arguments. ${READ_LIMIT}`,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  };
}

const SUBMIT_TITLE = 'Submit a project inquiry';

const { inquiryFields: INQUIRY_FIELDS_TEXT, inquiryLimit: INQUIRY_LIMIT_TEXT } = OPERATION_TEXTS;

export function buildToolDefinitions(studioName: string): Tool[] {
  return [
    {
      ...listProjectsBase(studioName, ['region', 'location']),
      outputSchema: outputOf(listOf('projects', Project)),
      annotations: { title: `${studioName} portfolio`, ...READ_ONLY },
    },
    {
      ...listServicesBase(studioName),
      outputSchema: outputOf(listOf('services', Service)),
      annotations: { title: `${studioName} services`, ...READ_ONLY },
    },
    {
      name: 'submit_inquiry' satisfies ToolName,
      title: SUBMIT_TITLE,
      description: `Deliver a project inquiry to the ${studioName} inbox, with the same fields and rules as the website's contact form. `
        + INQUIRY_FIELDS_TEXT
        + 'A success ({"ok": true}) means the inquiry is stored and the studio will answer by email. '
        + INQUIRY_LIMIT_TEXT
        + 'Not idempotent by itself: pass an idempotency_key and reuse it on retries to make the call safe to repeat. '
        + 'A failure is a result with isError: true carrying code, error and hint (and retry_after_seconds when you must wait).',
      inputSchema: TOOL_ARGUMENTS.submit_inquiry,
      outputSchema: outputOf(toolSchema(Ok)),
      annotations: { title: SUBMIT_TITLE, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
  ];
}

/** A tool as a page registers it with WebMCP (`ModelContextTool` without its `execute`, which the site's script adds). */
export interface WebMcpTool extends ToolBase {
  annotations: { readOnlyHint: boolean };
}

/**
 * The three tools as the website's pages offer them through WebMCP (src/web/assets/webmcp.js): the lists
 * read through the REST API, so list_projects filters by location only; submit_inquiry fills in the
 * visible contact form and the visitor sends it.
 */
export function buildWebMcpToolDefinitions(studioName: string): WebMcpTool[] {
  const contact = PATHS.contactPage;
  return [
    { ...listProjectsBase(studioName, ['location']), annotations: { readOnlyHint: true } },
    { ...listServicesBase(studioName), annotations: { readOnlyHint: true } },
    {
      name: 'submit_inquiry',
      title: SUBMIT_TITLE,
      description: `Fill in the contact form of ${studioName} (the ${contact} page of this site) with a project inquiry, for the visitor to check and send: `
        + 'this tool never sends anything itself; the inquiry goes to the studio only when the visitor presses the form\'s own send button. '
        + INQUIRY_FIELDS_TEXT
        + `On ${contact} it fills in the form, then waits for the visitor: {"ok": true} once they have sent the inquiry; isError with code "not_sent" when they cleared the form instead; `
        + 'isError with code "invalid_field" and a message per field (in "fields") right away when a value does not fit the form. '
        + 'On another page it fills in nothing: isError with code "form_not_on_page" and the address to open in "url". '
        + INQUIRY_LIMIT_TEXT,
      inputSchema: { ...toolSchema(Inquiry), type: 'object' },
      annotations: { readOnlyHint: false },
    },
  ];
}
