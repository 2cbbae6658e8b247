import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiError } from '../contract/errors.js';

// Tool results: the structured value for programs, and the same JSON as a text block for models and for
// clients of revisions before structuredContent.

export function successResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** A contract error as a tool result: the REST Error shape plus retry_after_seconds and field when known. */
export function errorResult(error: ApiError): CallToolResult {
  const value: Record<string, unknown> = {
    ...error.toBody(),
    ...(error.retryAfterSeconds !== undefined && { retry_after_seconds: error.retryAfterSeconds }),
    ...(error.field !== undefined && { field: error.field }),
  };
  return { ...successResult(value), isError: true };
}
