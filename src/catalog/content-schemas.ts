import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { LOCATIONS } from '../contract/inquiry.js';

// The shapes of the firm's content files. Unknown keys are refused so that a typo never hides a field.
const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const SiteFile = Type.Object({
  name: text(120),
  tagline: text(200),
  description: text(400),
  email: Type.String({ pattern: '^[^\\s@]+@[^\\s@]+$' }),
  phone: Type.Optional(text(40)),
  offices: Type.Optional(Type.Array(Type.Object({ city: text(120), note: Type.Optional(text(200)) }, { additionalProperties: false }))),
}, { additionalProperties: false });
export type SiteFile = Static<typeof SiteFile>;

export const ProjectFile = Type.Object({
  title: text(120),
  description: Type.Optional(text(400)),
  location: Type.Optional(text(120)),
  /** Which inquiry location the project belongs to: the same values as Inquiry.location. */
  region: Type.Union(LOCATIONS.map((location) => Type.Literal(location))),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
  scope: Type.Optional(Type.Array(text(80), { minItems: 1 })),
  order: Type.Optional(Type.Integer()),
}, { additionalProperties: false });
export type ProjectFile = Static<typeof ProjectFile>;

export const ServiceFile = Type.Object({
  title: text(120),
  description: Type.Optional(text(400)),
  capabilities: Type.Optional(text(1000)),
  order: Type.Optional(Type.Integer()),
}, { additionalProperties: false });
export type ServiceFile = Static<typeof ServiceFile>;

export const PageFile = Type.Object({
  title: text(120),
  description: text(400),
  order: Type.Optional(Type.Integer()),
}, { additionalProperties: false });
export type PageFile = Static<typeof PageFile>;

/** Checks data against a content schema; throws naming the field and the rule. */
export function checkContent<T extends TSchema>(schema: T, data: unknown): Static<T> {
  const first = Value.Errors(schema, data).First();
  if (first) {
    const field = first.path === '' ? '(front matter)' : `field "${first.path.slice(1).replaceAll('/', '.')}"`;
    const got = first.value === undefined ? 'missing' : `got ${JSON.stringify(first.value)}`;
    throw new Error(`${field}: ${first.message.toLowerCase()} (${got})`);
  }
  return data as Static<T>;
}
