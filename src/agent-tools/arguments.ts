import type { TSchema } from 'typebox';
import { ProjectFilters } from '../contract/catalog.js';
import { BUDGETS, Inquiry, INQUIRY_POLICY, LOCATIONS, PHASES } from '../contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { plainSchema } from '../contract/schema-helpers.js';

// The arguments of the three operations agents call, whatever the protocol: MCP tools and A2A skills
// publish and check these very schemas, derived from the contract schemas (never restated).

export const TOOL_NAMES = ['list_projects', 'list_services', 'submit_inquiry'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** Whether a name from a request is one of the operations (an array lookup: no prototype member answers). */
export const isToolName = (name: unknown): name is ToolName => (TOOL_NAMES as readonly unknown[]).includes(name);

export type JsonSchema = Record<string, unknown>;

/** The arguments of an operation: always an object (what MCP's inputSchema requires). */
export interface ArgumentsSchema extends JsonSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
}

/** A contract schema as a self-contained JSON Schema: `$id`s removed, so clients can compile many at once. */
export function toolSchema(schema: TSchema | JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(plainSchema(schema as TSchema)), (key, value: unknown) => (key === '$id' ? undefined : value)) as JsonSchema;
}

/** submit_inquiry's own argument, beside the Inquiry fields. */
const IDEMPOTENCY_KEY: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: INQUIRY_POLICY.idempotencyKeyMaxLength,
  description: 'Optional. A unique string chosen for this inquiry, in printable ASCII without spaces (e.g. a UUID). '
    + `Send the same key with the same fields when retrying, within ${INQUIRY_POLICY.idempotencyKeyTtlSeconds / 3600} hours: `
    + 'the first answer is returned and the inquiry is stored once. The same key with other fields is refused '
    + '(idempotency_key_reused). Without a key, a retry stores a second inquiry.',
};

/** What submit_inquiry checks itself: the Inquiry fields are the use case's to validate. */
export const IDEMPOTENCY_KEY_ARGUMENTS: ArgumentsSchema = { type: 'object', properties: { idempotency_key: IDEMPOTENCY_KEY } };

function submitInquiryArguments(): ArgumentsSchema {
  const inquiry = toolSchema(Inquiry);
  return { ...inquiry, type: 'object', properties: { ...(inquiry.properties as Record<string, JsonSchema>), idempotency_key: IDEMPOTENCY_KEY } };
}

/** Each operation's arguments, as published (MCP inputSchema, A2A skill description) and as checked. */
export const TOOL_ARGUMENTS: Readonly<Record<ToolName, ArgumentsSchema>> = {
  // Trimmed by the contract's validator: a location of only spaces is refused like an empty one.
  list_projects: { ...toolSchema(ProjectFilters), type: 'object' } as ArgumentsSchema,
  list_services: { type: 'object', properties: {}, additionalProperties: false },
  submit_inquiry: submitInquiryArguments(),
};

const { read, inquiry } = RATE_LIMIT_POLICIES;

/**
 * The operations' rules in words, as every surface that offers them says them (MCP tool descriptions, A2A
 * skill descriptions, WebMCP): written once, from the contract's values.
 */
export const OPERATION_TEXTS = {
  readLimit: `Counts against the read limit (${read.limit} per ${read.windowSeconds} s per client).`,
  regionFilter: `"region" (the same values as the location of an inquiry: ${LOCATIONS.join(', ')})`,
  locationFilter: '"location" (text the project\'s location must contain, case-insensitive, e.g. "Florida")',
  inquiryFields: `Required: name, email, message (the project: site, scope, timing), location (${LOCATIONS.join(', ')}), `
    + `budget (${BUDGETS.join(', ')}) and phase (${PHASES.join(', ')}); phone is optional. `
    + 'Use the real details the person gave you, with their consent; never invent them. ',
  inquiryLimit: `At most ${inquiry.limit} inquiries per ${inquiry.windowSeconds / 60} minutes per client, shared by every way of sending one `
    + '(the website, the REST API, MCP and A2A). ',
} as const;
