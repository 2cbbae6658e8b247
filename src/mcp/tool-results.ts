import type { CallToolResult } from '@modelcontextprotocol/server';
import { refusalOf } from '../agent-tools/agent-tools.js';
import type { ApiError } from '../contract/errors.js';

// Tool results: the structured value for programs, and the same JSON as a text block for models and for
// clients of revisions before structuredContent.

export function successResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** A contract error as a tool result: the REST Error shape plus retry_after_seconds and field when known. */
export function errorResult(error: ApiError): CallToolResult {
  return { ...successResult(refusalOf(error)), isError: true };
}
