import type { Icon, Tool } from '@modelcontextprotocol/server';
import { OPERATIONS, OPERATION_NAMES } from '../agent-tools/operations.js';
import { toolSchema, type JsonSchema } from '../agent-tools/schemas.js';
import { ErrorBody } from '../contract/responses.js';

// The agent operations (src/agent-tools) as MCP tools: each operation's name, title, description,
// arguments and hints, an output schema of its success shape or the error shape, and the studio's icon
// for clients that show tools. Built once; tools/list and the server card answer with them.

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

export function buildToolDefinitions(studioName: string, icons: Icon[]): Tool[] {
  return OPERATION_NAMES.map((name) => {
    const operation = OPERATIONS[name];
    const title = operation.title(studioName);
    return {
      name,
      title,
      description: operation.tool.description(studioName),
      // The operation's JSON Schema is the SDK's JSON object type, but TypeScript cannot see it through JsonSchema.
      inputSchema: operation.arguments as Tool['inputSchema'],
      outputSchema: outputOf(operation.result),
      annotations: { title, ...operation.hints },
      icons,
    };
  });
}

/** The server's instructions (initialize): every tool by name with what it does, then how to use them. */
export function serverInstructions(studioName: string): string {
  const tools = OPERATION_NAMES.map((name) => `${name} ${OPERATIONS[name].tool.purpose}`).join('; ');
  return `Tools of ${studioName}: ${tools}. Read the lists before proposing the studio to someone. `
    + 'Resources: every project, service and text page as Markdown, addressed by its page URL; a project page by slug through the resource template.';
}
