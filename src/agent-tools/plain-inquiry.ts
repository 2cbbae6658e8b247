import { BUDGETS, Inquiry, INQUIRY_LIMITS, PHASES } from '../contract/inquiry.js';
import { validationError, validatorOf } from '../contract/validator.js';
import { saysAny, termsIn, type Vocabulary } from './plain-words.js';
import { toolSchema, type JsonSchema } from './schemas.js';

// An inquiry told in words ("I'd like to build in Miami, about $5M, we own the lot, I'm ana@example.com"):
// the Inquiry fields the words give, each checked by the contract's own schema of that field, and the
// required ones still missing. Nothing here is guessed beyond the words: a field the text does not say
// stays missing, and the person (or their agent) is asked for it.

export type InquiryField = keyof typeof Inquiry.properties;
export type InquiryFields = Partial<Record<InquiryField, string>>;

export const INQUIRY_FIELDS = Object.keys(Inquiry.properties) as InquiryField[];
export const REQUIRED_FIELDS = (Inquiry.required ?? []) as InquiryField[];

const isInquiryField = (name: string): name is InquiryField => (INQUIRY_FIELDS as string[]).includes(name);

/** A field still to give: its name, what it is, and the contract's JSON Schema of it. */
export interface MissingField {
  field: InquiryField;
  description: string;
  schema: JsonSchema;
  /** Why a value given for it was not taken (the contract's words), when one was. */
  problem?: string;
}

/** An address among the words: each word is tried whole (anchored), so a long text costs one pass, never a backtrack per start. */
const EMAIL = /^[^@]+@[^@]+\.\p{L}{2,}$/u;
const emailIn = (text: string): string | undefined =>
  text.split(/[\s<>()[\],;:"']+/u).map((word) => word.replace(/\.+$/u, '')).find((word) => EMAIL.test(word));

/** "about $5M", "5 million", "$2.5m", "$750k", "$4,000,000": an amount in dollars, with a sign or a unit. */
const AMOUNT = /(\$)?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|m|mm|mil|million|millions|thousand|b|bn|billion)?\b/giu;
const UNITS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, mil: 1e6, million: 1e6, millions: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };

/** The first amount the text names in dollars; a bare number (a year, a count of bedrooms) is none. */
function amountIn(text: string): number | undefined {
  for (const [, dollar, digits, unit] of text.matchAll(AMOUNT)) {
    if (!dollar && !unit) continue;
    const value = Number(digits!.replaceAll(',', '')) * (unit ? UNITS[unit.toLowerCase()]! : 1);
    if (value > 0) return value;
  }
  return undefined;
}

/** The budget band of an amount: the contract's bands, each from its lower bound. */
function bandOf(amount: number): (typeof BUDGETS)[number] {
  if (amount < 1e6) return 'under-1m';
  if (amount < 3e6) return '1m-3m';
  if (amount <= 10e6) return '3m-10m';
  return 'over-10m';
}

const UNDISCLOSED_WORDS = ['rather not say', 'prefer not to say', 'undisclosed', 'not disclose', 'confidential budget'];

function budgetIn(text: string): string | undefined {
  if (saysAny(text, UNDISCLOSED_WORDS)) return 'undisclosed';
  const amount = amountIn(text);
  return amount === undefined ? undefined : bandOf(amount);
}

/** The phases in words; the first that the text says. */
const PHASE_WORDS: ReadonlyArray<readonly [(typeof PHASES)[number], readonly string[]]> = [
  ['permitted', ['permitted', 'have permit', 'have the permit', 'permit in hand', 'permit approved', 'permit are approved', 'approved permit']],
  ['unsure', ['not sure', 'unsure', 'don\'t know', 'do not know']],
  ['pre-planning', ['pre-planning', 'pre planning', 'preplanning', 'just starting', 'early stage', 'early days', 'planning stage', 'not started']],
];

function phaseIn(text: string): string | undefined {
  return PHASE_WORDS.find(([, words]) => saysAny(text, words))?.[0];
}

/** The region the catalog's words place the project in, when every region or place named agrees on one. */
function locationIn(text: string, vocabulary: Vocabulary): string | undefined {
  const regions = new Set(termsIn(text, vocabulary).filter((t) => t.kind !== 'work').map((t) => t.region));
  const [only] = regions;
  return regions.size === 1 ? only : undefined;
}

/** A name, where the text gives one: "my name is ana ruiz", "I'm Ana Ruiz", "This is Ana". */
function nameIn(text: string): string | undefined {
  const said = /\b(?:my name is|my name's|name:)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,3})/iu.exec(text);
  if (said) return said[1]!.split(/\s+(?:and|from|at|in|i|we)\b/iu)[0];
  const introduced = /\b(?:I'm|I am|I’m|this is)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,3})/u.exec(text);
  return introduced?.[1];
}

/** Every field the words give. The message is the text itself: the person's project, in their words. */
export function inquiryFieldsIn(text: string, vocabulary: Vocabulary, options: { withMessage: boolean }): InquiryFields {
  const found: InquiryFields = {
    name: nameIn(text),
    email: emailIn(text),
    location: locationIn(text, vocabulary),
    budget: budgetIn(text),
    phase: phaseIn(text),
    ...(options.withMessage && { message: text.trim() }),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined)) as InquiryFields;
}

/** The fields of a data part: only the Inquiry's, only strings (anything else is left to the contract's check). */
export function inquiryFieldsOf(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => isInquiryField(name)));
}

/** A checker per field: the contract's schema of that field, in an object so the validator's trimming writes back. */
const fieldChecks = new Map(INQUIRY_FIELDS.map((field) => [field, validatorOf({ type: 'object', properties: { [field]: Inquiry.properties[field] } })]));

export interface CheckedFields {
  fields: InquiryFields;
  /** The values given that the contract refuses, each with its words. */
  problems: Partial<Record<InquiryField, string>>;
}

/** Merges new values over the earlier ones, each checked by its field's schema; a refused value is not kept. */
export function mergeFields(earlier: InquiryFields, given: Record<string, unknown>): CheckedFields {
  const fields: InquiryFields = { ...earlier };
  const problems: CheckedFields['problems'] = {};
  for (const [name, value] of Object.entries(given)) {
    if (!isInquiryField(name) || value === undefined) continue;
    const candidate: Record<string, unknown> = { [name]: value };
    const check = fieldChecks.get(name)!;
    if (check(candidate)) fields[name] = candidate[name] as string;
    else problems[name] = validationError(check.errors ?? [], 'body').message;
  }
  return { fields, problems };
}

/** The required fields not given yet (or given and refused), each with its schema. */
export function missingFields({ fields, problems }: CheckedFields): MissingField[] {
  return REQUIRED_FIELDS.filter((field) => fields[field] === undefined).map((field) => ({
    field,
    description: (Inquiry.properties[field] as { description?: string }).description ?? field,
    schema: toolSchema(Inquiry.properties[field]),
    ...(problems[field] !== undefined && { problem: problems[field] }),
  }));
}

/** The contract's values of an enum field ("pre-planning"), when the schema lists them. */
function enumValues(field: InquiryField): readonly string[] {
  const schema = Inquiry.properties[field] as { enum?: readonly string[] };
  return schema.enum ?? [];
}

/**
 * A follow-up's words: the fields they give, and a bare answer ("Ana Ruiz", "permitted") taken for the one
 * field still missing, when it is the only one and the words gave nothing else.
 */
export function answerFieldsIn(text: string, vocabulary: Vocabulary, stillMissing: readonly InquiryField[]): InquiryFields {
  if (text.length > INQUIRY_LIMITS.message.maxLength) return {};
  const found = inquiryFieldsIn(text, vocabulary, { withMessage: false });
  const [only, ...others] = stillMissing;
  const bare = text.trim();
  if (only === undefined || others.length > 0 || bare === '') return found;
  const value = enumValues(only).find((v) => v === bare.toLowerCase());
  if (value !== undefined) return { ...found, [only]: value };
  if (Object.keys(found).length > 0) return found;
  return only === 'name' || only === 'message' ? { [only]: bare } : found;
}
