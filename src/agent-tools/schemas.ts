import type { TSchema } from 'typebox';
import { plainSchema } from '../contract/schema-helpers.js';

// The JSON Schemas of the agent operations, whatever the protocol: MCP tools and A2A skills publish and
// check these very schemas, derived from the contract schemas (never restated).

export type JsonSchema = Record<string, unknown>;

/** The arguments of an operation: always an object (what MCP's inputSchema requires). */
export interface ArgumentsSchema extends JsonSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
}

/**
 * A contract schema as a self-contained JSON Schema: `$id`s removed, so clients can compile many at once,
 * and each reference to one of `inline` (by its `$id`, as RefOf writes it) replaced by that schema.
 */
export function toolSchema(schema: TSchema | JsonSchema, inline: readonly TSchema[] = []): JsonSchema {
  const byId = new Map(inline.map((s) => [(s as { $id?: string }).$id, s]));
  return JSON.parse(JSON.stringify(plainSchema(schema as TSchema)), (key, value: unknown) => {
    if (key === '$id') return undefined;
    const ref = (value as { $ref?: unknown } | null)?.$ref;
    const target = typeof ref === 'string' ? byId.get(ref) : undefined;
    return target ? toolSchema(target) : value;
  }) as JsonSchema;
}

/** A list answer: one member holding the items. */
export function listOf(key: string, item: TSchema): JsonSchema {
  return { type: 'object', properties: { [key]: { type: 'array', items: toolSchema(item) } }, required: [key] };
}

/** The same arguments with only the named ones (a surface that offers fewer); naming one the schema lacks is a mistake. */
export function someArguments(schema: ArgumentsSchema, names: readonly string[]): ArgumentsSchema {
  const missing = names.filter((name) => !Object.hasOwn(schema.properties, name));
  if (missing.length > 0) throw new Error(`No such arguments: ${missing.join(', ')}`);
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => names.includes(name)));
  const required = Array.isArray(schema.required) ? { required: schema.required.filter((name) => names.includes(name as string)) } : {};
  return { ...schema, ...required, properties };
}
