import { Inquiry } from '../contract/inquiry.js';
import { PATTERN_RULES } from '../contract/text-rules.js';
import { validatorOf, type ValidationIssue } from '../contract/validator.js';
import { FIELD_PROMPTS } from './labels.js';

// The inquiry form's errors in a person's words, one per field, every field at once. The rules are the
// contract's: each submitted value is run through the contract's validator with its field's schema, and
// only the words are chosen here (the limits in them are read from the validator's answer). This is for
// display after the use case refused a submission; it never decides whether an inquiry is accepted.

type Field = keyof Inquiry;
const FIELDS = Object.keys(Inquiry.properties) as Field[];
const REQUIRED = new Set<string>(Inquiry.required as string[]);
/**
 * One object schema per field, holding only that field's rules: kept, so each is compiled once. An object
 * and not the bare field schema, because x-trim writes the trimmed value back into its parent.
 */
const FIELD_SCHEMAS = new Map<Field, Record<string, unknown>>(
  FIELDS.map((field) => [field, { type: 'object', properties: { [field]: Inquiry.properties[field] } }]),
);

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
function wordsFor(field: Field, issue: ValidationIssue): string {
  const prompt = FIELD_PROMPTS[field];
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
function problemOf(field: Field, value: unknown): string | undefined {
  if (isBlank(value)) return REQUIRED.has(field) ? FIELD_PROMPTS[field].missing : undefined;
  const check = validatorOf(FIELD_SCHEMAS.get(field)!);
  // The validator trims the value it is given (x-trim) in a fresh object, so the submission is untouched.
  if (check({ [field]: value })) return undefined;
  return wordsFor(field, check.errors?.[0] ?? {});
}

/** Every field's problem in plain words, by field name; empty when each value passes its field's rules. */
export function formProblems(body: unknown): Record<string, string> {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const problems: Record<string, string> = {};
  for (const field of FIELDS) {
    const problem = problemOf(field, Object.hasOwn(input, field) ? input[field] : undefined);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The line above the form that says how many fields need a look. */
export function problemsSummary(problems: Record<string, string>): string {
  const count = Object.keys(problems).length;
  return count === 1 ? 'Please check the field marked below.' : `Please check the ${count} fields marked below.`;
}
