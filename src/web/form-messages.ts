import type { TObject } from 'typebox';
import { Inquiry } from '../contract/inquiry.js';
import { PATTERN_RULES } from '../contract/text-rules.js';
import { validatorOf, type ValidationIssue } from '../contract/validator.js';
import type { Locale } from '../words/locale.js';
import { wordsOf, type Words } from '../words/words.js';
import { fieldPrompts, type FieldPrompt } from './labels.js';

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

type ProblemWords = Words['form']['problems'];

/** What is wrong with one field, from the first rule its value broke, in the words of `words`. */
function wordsFor(prompt: FieldPrompt, issue: ValidationIssue, words: ProblemWords): string {
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'minLength': return words.tooShort(prompt.tooShort ?? words.writeMore, Number(params.limit));
    case 'maxLength': return words.tooLong(Number(params.limit));
    case 'enum': return prompt.missing;
    case 'format': return params.format === 'email' ? words.email : words.check;
    case 'pattern': return patternWords(String(params.pattern), words);
    // A field sent twice arrives as a list: only a hand-made form does that.
    case 'type': return words.once;
    default: return words.check;
  }
}

/** By the contract's pattern rule names (src/contract/text-rules.ts), not by the patterns themselves. */
function patternWords(pattern: string, words: ProblemWords): string {
  switch (PATTERN_RULES.get(pattern)?.rule) {
    case 'single-line': return words.singleLine;
    case 'no-control-characters': return words.controlCharacters;
    default: return words.check;
  }
}

function isBlank(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The problem of one submitted value, or undefined when its field's schema accepts it. */
function problemOf(rules: FormRules, field: string, value: unknown, words: ProblemWords): string | undefined {
  const prompt = rules.prompts[field] ?? { missing: words.check };
  if (isBlank(value)) return (rules.schema.required ?? []).includes(field) ? prompt.missing : undefined;
  const check = validatorOf(fieldSchemaOf(rules.schema, field));
  // The validator trims the value it is given (x-trim) in a fresh object, so the submission is untouched.
  if (check({ [field]: value })) return undefined;
  return wordsFor(prompt, check.errors?.[0] ?? {}, words);
}

/**
 * Every field's problem in plain words, by field name, for the form of `rules`, in `locale`; empty when
 * each value passes.
 */
export function problemsOf(rules: FormRules, body: unknown, locale: Locale): Record<string, string> {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const words = wordsOf(locale).form.problems;
  const problems: Record<string, string> = {};
  for (const field of Object.keys(rules.prompts)) {
    const problem = problemOf(rules, field, Object.hasOwn(input, field) ? input[field] : undefined, words);
    if (problem) problems[field] = problem;
  }
  return problems;
}

const inquiryRules = (locale: Locale): FormRules => ({ schema: Inquiry, prompts: fieldPrompts(locale) });

/** Every inquiry field's problem in plain words, by field name; empty when each value passes its field's rules. */
export function formProblems(body: unknown, locale: Locale): Record<string, string> {
  return problemsOf(inquiryRules(locale), body, locale);
}

/** "45 seconds" or "12 minutes": how long to wait, for a person (the inbox's sign-in page says it too, in English). */
export function waitText(seconds: number, locale: Locale): string {
  const words = wordsOf(locale).form;
  return seconds < 90 ? words.seconds(seconds) : words.minutes(Math.ceil(seconds / 60));
}

/** What the form's script checks in one field before sending, and its words for each rule. */
export interface ScriptField {
  required: boolean;
  minLength?: number;
  maxLength?: number;
  /** By the rule the value broke: `missing`, `minLength`, `maxLength`, `format`. */
  messages: Record<string, string>;
}

/**
 * The inquiry form's rules for its script, from the schema, with the words of each rule made by the same
 * function as the server's (wordsFor): the script checks what it can before sending (every submission
 * counts against the rate limit) and shows exactly the words the page without script would.
 */
export function scriptFields(locale: Locale): Record<string, ScriptField> {
  const rules = inquiryRules(locale);
  const words = wordsOf(locale).form.problems;
  const required = rules.schema.required ?? [];
  return Object.fromEntries(Object.entries(rules.prompts).map(([field, prompt]) => {
    const schema = rules.schema.properties[field] as { minLength?: number; maxLength?: number; format?: string };
    const say = (keyword: string, params: Record<string, unknown>) => wordsFor(prompt, { keyword, params }, words);
    const messages: Record<string, string> = { missing: prompt.missing };
    if (schema.minLength !== undefined) messages.minLength = say('minLength', { limit: schema.minLength });
    if (schema.maxLength !== undefined) messages.maxLength = say('maxLength', { limit: schema.maxLength });
    if (schema.format) messages.format = say('format', { format: schema.format });
    return [field, { required: required.includes(field), minLength: schema.minLength, maxLength: schema.maxLength, messages }];
  }));
}
