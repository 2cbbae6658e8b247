import type { TSchema } from 'typebox';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_ARGUMENTS, toolSchema, type JsonSchema, type ToolName } from '../agent-tools/arguments.js';
import { Project, Service } from '../contract/catalog.js';
import { BUDGETS, LOCATIONS, PHASES } from '../contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { ErrorBody, Ok } from '../contract/responses.js';

// The three tools as MCP clients see them: names, descriptions, annotations, the argument schemas of
// the shared operations (src/agent-tools) and output schemas derived from the contract schemas (never
// restated). Built once; tools/list and the server card share them.

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

const inquiryPolicy = RATE_LIMIT_POLICIES.inquiry;
const readPolicy = RATE_LIMIT_POLICIES.read;

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function buildToolDefinitions(studioName: string): Tool[] {
  return [
    {
      name: 'list_projects' satisfies ToolName,
      title: `${studioName} portfolio`,
      description: `List the portfolio projects of ${studioName}: slug, title, location, description, scope and the URL of each project page. `
        + 'Call it without arguments to get every project. Optional filters: "region" (the same values as the location of an inquiry: '
        + `${LOCATIONS.join(', ')}) and "location" (text the project's location must contain, case-insensitive, e.g. "Florida"). Counts against the read limit (${readPolicy.limit} per ${readPolicy.windowSeconds} s per client).`,
      inputSchema: TOOL_ARGUMENTS.list_projects,
      outputSchema: outputOf(listOf('projects', Project)),
      annotations: { title: `${studioName} portfolio`, ...READ_ONLY },
    },
    {
      name: 'list_services' satisfies ToolName,
      title: `${studioName} services`,
      description: `List the services ${studioName} offers: slug, title, description, capabilities and the URL of each service page. `
        + `Takes no arguments. Counts against the read limit (${readPolicy.limit} per ${readPolicy.windowSeconds} s per client).`,
      inputSchema: TOOL_ARGUMENTS.list_services,
      outputSchema: outputOf(listOf('services', Service)),
      annotations: { title: `${studioName} services`, ...READ_ONLY },
    },
    {
      name: 'submit_inquiry' satisfies ToolName,
      title: 'Submit a project inquiry',
      description: `Deliver a project inquiry to the ${studioName} inbox, with the same fields and rules as the website's contact form. `
        + `Required: name, email, message (the project: site, scope, timing), location (${LOCATIONS.join(', ')}), `
        + `budget (${BUDGETS.join(', ')}) and phase (${PHASES.join(', ')}); phone is optional. `
        + 'Use the real details the person gave you, with their consent; never invent them. '
        + 'A success ({"ok": true}) means the inquiry is stored and the studio will answer by email. '
        + `At most ${inquiryPolicy.limit} inquiries per ${inquiryPolicy.windowSeconds / 60} minutes per client, counted together with the website and the REST API. `
        + 'Not idempotent by itself: pass an idempotency_key and reuse it on retries to make the call safe to repeat. '
        + 'A failure is a result with isError: true carrying code, error and hint (and retry_after_seconds when you must wait).',
      inputSchema: TOOL_ARGUMENTS.submit_inquiry,
      outputSchema: outputOf(toolSchema(Ok)),
      annotations: { title: 'Submit a project inquiry', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
  ];
}
