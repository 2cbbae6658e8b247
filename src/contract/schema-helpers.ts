import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';

/** A string enum as plain JSON Schema `enum` (what OpenAPI readers and MCP clients expect). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** A plain JSON copy of a schema (TypeBox symbols dropped), for documents and validators that must not share objects with routes. */
export function plainSchema(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}
