import type { TObject } from 'typebox';
import { Inquiry } from '../contract/inquiry.js';
import { PATTERN_RULES } from '../contract/text-rules.js';
import { validatorOf, type ValidationIssue } from '../contract/validator.js';
import { FIELD_PROMPTS, type FieldPrompt } from './labels.js';

// A form's errors in a person's words, one per field, every field at once. The rules are the contract's:
// each submitted value is run through the contract's validator with its field's schema, and only the words
// are chosen here (the limits in them are read from the validator's answer). This is for display after a
// use case refused a submission; it never decides whether anything is accepted. The inquiry form and the
// booking form (src/web/booking/) each name their schema and their prompts.

/** A form's fields as the contract defines them, and what it asks of a person about each. */
export interface FormRules {
  schema: TObject;
  prompts: Record<string, FieldPrompt>;
}

/**
 * One object schema per field, holding only that field's rules: kept, so each is compiled once. An object
 * and not the bare field schema, because x-trim writes the trimmed value back into its parent.
 */
const fieldSchemas = new WeakMap<TObject, Map<string, Record<string, unknown>>>();
function fieldSchemaOf(schema: TObject, field: string): Record<string, unknown> {
  let byField = fieldSchemas.get(schema);
  if (!byField) {
    byField = new Map(Object.keys(schema.properties).map((name) => [name, { type: 'object', properties: { [name]: schema.properties[name] } }]));
    fieldSchemas.set(schema, byField);
  }
  return byField.get(field)!;
}

const FORMAT_WORDS: Record<string, string> = {
  email: 'That email address doesn’t look complete: it should look like name@example.com.',
};

/** By the contract's pattern rule names (src/contract/text-rules.ts), not by the patterns themselves. */
const PATTERN_WORDS: Record<string, string> = {
  'single-line': 'Please keep this to one line, without tabs or other invisible characters.',
  'no-control-characters': 'Please remove the invisible control characters; line breaks are fine.',
};

const CHECK_FIELD = 'Please check this field.';

/** What is wrong with one field, from the first rule its value broke. */
function wordsFor(prompt: FieldPrompt, issue: ValidationIssue): string {
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'minLength': return `${prompt.tooShort ?? 'Please write a little more'}: at least ${String(params.limit)} characters.`;
    case 'maxLength': return `Please shorten this to at most ${String(params.limit)} characters.`;
    case 'enum': return prompt.missing;
    case 'format': return FORMAT_WORDS[String(params.format)] ?? CHECK_FIELD;
    case 'pattern': return PATTERN_WORDS[PATTERN_RULES.get(String(params.pattern))?.rule ?? ''] ?? CHECK_FIELD;
    // A field sent twice arrives as a list: only a hand-made form does that.
    case 'type': return 'Please fill this in once.';
    default: return CHECK_FIELD;
  }
}

function isBlank(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The problem of one submitted value, or undefined when its field's schema accepts it. */
function problemOf(rules: FormRules, field: string, value: unknown): string | undefined {
  const prompt = rules.prompts[field] ?? { missing: CHECK_FIELD };
  if (isBlank(value)) return (rules.schema.required ?? []).includes(field) ? prompt.missing : undefined;
  const check = validatorOf(fieldSchemaOf(rules.schema, field));
  // The validator trims the value it is given (x-trim) in a fresh object, so the submission is untouched.
  if (check({ [field]: value })) return undefined;
  return wordsFor(prompt, check.errors?.[0] ?? {});
}

/** Every field's problem in plain words, by field name, for the form of `rules`; empty when each value passes. */
export function problemsOf(rules: FormRules, body: unknown): Record<string, string> {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const problems: Record<string, string> = {};
  for (const field of Object.keys(rules.prompts)) {
    const problem = problemOf(rules, field, Object.hasOwn(input, field) ? input[field] : undefined);
    if (problem) problems[field] = problem;
  }
  return problems;
}

const INQUIRY_RULES: FormRules = { schema: Inquiry, prompts: FIELD_PROMPTS };

/** Every inquiry field's problem in plain words, by field name; empty when each value passes its field's rules. */
export function formProblems(body: unknown): Record<string, string> {
  return problemsOf(INQUIRY_RULES, body);
}

/** The line above the form that says how many fields need a look. */
export function problemsSummary(problems: Record<string, string>): string {
  const count = Object.keys(problems).length;
  return count === 1 ? 'Please check the field marked below.' : `Please check the ${count} fields marked below.`;
}
