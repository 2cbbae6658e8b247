import { Ajv, _, type AnySchema, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { TSchema } from 'typebox';
import { Project, Service } from './catalog.js';
import { Inquiry } from './inquiry.js';
import { ErrorBody, Ok } from './responses.js';
import { ApiError } from './errors.js';
import { PATTERN_RULES, TRIM_KEYWORD } from './text-rules.js';
import { Booking, BookingConfirmation, BookingRequest, ConsultationType, ConsultationTypeList, Slot, SlotList } from './consultation.js';

// The one validator set: a single Ajv instance that knows the contract's schemas and keywords. Every
// request body of every surface is checked by a function compiled here once: Fastify's route schemas
// (REST, the legacy alias, the form page, OAuth registration) and the MCP tool arguments alike.

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
type FormatsPlugin = (ajv: Ajv, formats: string[]) => Ajv;
const addFormats = ((addFormatsPlugin as unknown as { default?: FormatsPlugin }).default ?? addFormatsPlugin) as FormatsPlugin;

/**
 * The contract schemas that route schemas reference by $id (Type.Ref): the validator set resolves them,
 * and the app registers the same list as the OpenAPI document's components.
 */
export const SHARED_SCHEMAS: readonly TSchema[] = [
  Project, Service, Inquiry, Ok, ErrorBody, ConsultationType, ConsultationTypeList, Slot, SlotList, BookingRequest, BookingConfirmation, Booking,
];

function createAjv(): Ajv {
  // No type coercion: a number where a string belongs is a 400, not "42". Unknown fields pass (the
  // contract ignores them); surfaces copy only the fields they know. Our schemas are checked against the
  // JSON Schema meta-schema by the tests (contract-validator, the OpenAPI lint), not at every start, where
  // compiling the meta-schema cost a twentieth of the CPU to the first answer.
  const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: false, removeAdditional: false, validateSchema: false });
  addFormats(ajv, ['email', 'uri', 'date', 'date-time', 'uuid']);
  ajv.addKeyword({
    keyword: TRIM_KEYWORD,
    schemaType: 'boolean',
    // In the untyped group and before `enum`, so that every later rule (enum, lengths, pattern, format)
    // reads the trimmed value; the trimmed value is written back, so handlers receive it too.
    before: 'enum',
    code(cxt) {
      const { gen, data, it } = cxt;
      if (cxt.schema !== true) return;
      gen.if(_`typeof ${data} == "string"`, () => {
        gen.assign(data, _`${data}.trim()`);
        if (it.parentData) gen.assign(_`${it.parentData}[${it.parentDataProperty}]`, data);
      });
    },
  });
  for (const schema of SHARED_SCHEMAS) ajv.addSchema(schema as AnySchema);
  return ajv;
}

/** The Ajv instance of the set; the MCP SDK's Servers share it too, instead of building one each. */
export const contractAjv: Ajv = createAjv();

const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of a schema, compiled on first use and kept: the same schema object is never compiled twice. */
export function validatorOf<T = unknown>(schema: TSchema | Record<string, unknown>): ValidateFunction<T> {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = contractAjv.compile(schema as AnySchema);
    compiled.set(schema, validate);
  }
  return validate as ValidateFunction<T>;
}

/**
 * Fastify's validatorCompiler: route schemas are checked by the same set, each compiled on its route's
 * first request rather than all at start (as the serializers: src/http/compile-on-first-use.ts). Fastify
 * reads a failure's `errors` from the function it was given, so they are handed on.
 */
export const schemaValidatorCompiler = ({ schema }: { schema: unknown }) => {
  let validate: ValidateFunction | undefined;
  const check = (data: unknown): boolean => {
    validate ??= validatorOf(schema as TSchema);
    const valid = validate(data) as boolean;
    check.errors = validate.errors;
    return valid;
  };
  check.errors = undefined as ValidateFunction['errors'];
  return check;
};

export interface ValidationIssue {
  instancePath?: string;
  schemaPath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(issue: ValidationIssue): string {
  if (issue.keyword === 'required') return String(issue.params?.missingProperty ?? '');
  return (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/** How to fix a field that broke one schema rule (Ajv keyword and params). */
function hintFor(field: string, issue: ValidationIssue): string | undefined {
  const p = issue.params ?? {};
  const name = field ? `"${field}"` : 'the value';
  switch (issue.keyword) {
    case 'minLength': return `Send ${name} with at least ${String(p.limit)} characters (after trimming spaces).`;
    case 'maxLength': return `Shorten ${name} to at most ${String(p.limit)} characters.`;
    case 'enum': return `Send ${name} as one of: ${(p.allowedValues as unknown[] | undefined)?.join(', ') ?? 'the listed values'}.`;
    case 'format': return `Send ${name} as a valid ${String(p.format)}, e.g. name@example.com.`;
    case 'type': return `Send ${name} once, as a ${String(p.type)}.`;
    case 'pattern': return PATTERN_RULES.get(String(p.pattern))?.hint(field) ?? `Send ${name} in the documented form.`;
    default: return undefined;
  }
}

const SHARED_BY_ID = new Map(SHARED_SCHEMAS.map((schema) => [(schema as { $id?: string }).$id, schema]));

/**
 * The required fields of the schema a missing field belongs to: Ajv's schemaPath starts with the $id of a
 * shared schema it went through ("BookingRequest/required"), or "#" for the schema validated (`root`).
 */
function requiredHint(issue: ValidationIssue, root: TSchema | undefined): string | undefined {
  const id = issue.schemaPath?.split('/')[0];
  const schema = id === '#' ? root : SHARED_BY_ID.get(id);
  const required = (schema as { required?: string[] } | undefined)?.required;
  return required ? `Send every required field: ${required.join(', ')}.` : undefined;
}

/** A schema validation failure, named by field and rule; the hint says how to fix it. */
export function validationError(issues: ValidationIssue[], where = 'body', root?: TSchema): ApiError {
  const issue = issues[0] ?? {};
  const field = fieldOf(issue);
  if (issue.keyword === 'required') {
    return new ApiError('missing_field', { message: `The field "${field}" is required.`, field, hint: requiredHint(issue, root) });
  }
  if (!field && issue.keyword === 'type') {
    return new ApiError('invalid_body', { message: `The ${where} must be ${where === 'body' ? 'a JSON object or a URL-encoded form' : 'an object'}.` });
  }
  const subject = field ? `The field "${field}"` : `The ${where}`;
  const patternRule = issue.keyword === 'pattern' ? PATTERN_RULES.get(String(issue.params?.pattern)) : undefined;
  return new ApiError('invalid_field', {
    message: patternRule
      ? `${subject} ${patternRule.problem} (rule: ${patternRule.rule}).`
      : `${subject} ${issue.message ?? 'is invalid'} (rule: ${issue.keyword ?? 'schema'}).`,
    field: field || undefined,
    hint: hintFor(field, issue),
  });
}

/** Checks `data` against a contract schema (trimming where the schema says so); throws a 400 ApiError naming the field and rule. */
export function validate<T>(schema: TSchema, data: unknown, where = 'body'): T {
  const check = validatorOf<T>(schema);
  if (!check(data)) throw validationError(check.errors ?? [], where, schema);
  return data;
}
