import { PATTERN_RULES, TRIM_KEYWORD } from '../contract/text-rules.js';
import { mdCell, mdText } from './markdown.js';
import { refName, type ApiOperation, type OpenApiDocument } from '../http/openapi.js';

// The API reference in Markdown, read from the generated OpenAPI document, so the developer page,
// llms-full.txt and /openapi.json always describe the same operations.

/** One row per operation: the developer page's endpoint list. */
export function endpointTable(operations: ApiOperation[]): string {
  const rows = operations.map((op) => `| \`${op.method} ${op.path}\` | \`${op.operationId}\` | ${mdCell(op.summary)}${op.deprecated && !/deprecated/i.test(op.summary) ? ' (deprecated)' : ''} | ${op.responses.map((r) => r.status).join(', ')} |`);
  return ['| Endpoint | Operation | What it does | Statuses |', '|---|---|---|---|', ...rows].join('\n');
}

/** Every operation with its request and each documented response. */
export function operationReference(operations: ApiOperation[], baseUrl: string): string {
  return operations.map((op) => [
    `### ${op.method} ${op.path} (\`${op.operationId}\`)`,
    `${mdText(op.summary)}${op.deprecated ? ' **Deprecated:** the response carries Deprecation and Sunset headers; new integrations use the v1 path.' : ''}`,
    `URL: \`${baseUrl}${op.path}\``,
    op.requestTypes.length > 0
      && `Request body: ${op.requestSchema ? `\`${op.requestSchema}\`` : 'see the schema'}, as ${op.requestTypes.map((t) => `\`${t}\``).join(' or ')}.`,
    op.responses.map((r) => `- **${r.status}**: ${mdCell(r.description)}`).join('\n'),
  ].filter(Boolean).join('\n\n')).join('\n\n');
}

interface JsonSchema {
  type?: string;
  $ref?: string;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  [TRIM_KEYWORD]?: boolean;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

function typeOf(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema) ?? 'object';
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  return [schema.type ?? 'any', schema.format && `(${schema.format})`].filter(Boolean).join(' ');
}

function rulesOf(schema: JsonSchema): string {
  return [
    schema.enum && `one of ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}`,
    schema.minLength !== undefined && `at least ${schema.minLength} characters`,
    schema.maxLength !== undefined && `at most ${schema.maxLength} characters`,
    schema[TRIM_KEYWORD] && schema.minLength !== undefined && 'counted after trimming spaces',
    schema.pattern && (PATTERN_RULES.get(schema.pattern)?.problem ?? `matches \`${schema.pattern}\``),
    schema.description && mdCell(schema.description),
  ].filter(Boolean).join('; ');
}

/** Field tables of the named component schemas (Inquiry, Project, ...), straight from the document. */
export function schemaReference(openapi: OpenApiDocument, names: string[]): string {
  const schemas = (openapi.components?.schemas ?? {}) as Record<string, JsonSchema>;
  return names.filter((name) => schemas[name]?.properties).map((name) => {
    const schema = schemas[name]!;
    const rows = Object.entries(schema.properties!).map(([field, s]) =>
      `| \`${field}\` | ${typeOf(s)} | ${schema.required?.includes(field) ? 'yes' : 'no'} | ${rulesOf(s)} |`);
    const table = ['| Field | Type | Required | Rules |', '|---|---|---|---|', ...rows].join('\n');
    return [`### ${name}`, schema.description && mdText(schema.description), table].filter(Boolean).join('\n\n');
  }).join('\n\n');
}
