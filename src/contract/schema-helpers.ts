import { Type, type Static, type TSchema, type TSchemaOptions, type TUnsafe } from 'typebox';

/** A string enum as plain JSON Schema `enum` (what OpenAPI readers and MCP clients expect). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A `$ref` to a contract schema by its `$id`, typed as that schema: TypeBox 1 types a bare `Type.Ref(id)`
 * as unknown, which would leave route bodies and replies untyped.
 */
export function RefOf<T extends TSchema>(schema: T, options: TSchemaOptions = {}): TUnsafe<Static<T>> {
  const { $id } = schema as { $id?: unknown };
  if (typeof $id !== 'string') throw new Error('RefOf: the schema has no $id to refer to');
  return Type.Unsafe<Static<T>>(Type.Ref($id, options));
}

/** A plain JSON copy of a schema (TypeBox's hidden markers dropped), for documents and validators that must not share objects with routes. */
export function plainSchema(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}
