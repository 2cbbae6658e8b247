import type { AskedField } from '../contract/inquiry.js';
import { enumLabelOf } from '../contract/inquiry-labels.js';
import type { Locale } from '../words/locale.js';
import { wordsOf } from '../words/words.js';

// The inquiry form's words for the contract's fields, in a language: the catalog's `form` and `enums`
// sections (src/words/). Typed by the contract's asked fields, so a new field fails the typecheck until the
// catalog has its words. Limits are never restated: they come from the schema.

/** What the form asks of a person about one field, in their words: when it is empty, and when it is too short. */
export interface FieldPrompt {
  /** An empty required field, or a choice that is not one of the options. */
  missing: string;
  /** Followed by ": at least N characters.", N from the schema. */
  tooShort?: string;
}

/** Each asked field's label. */
export function fieldLabels(locale: Locale): Record<AskedField, string> {
  return wordsOf(locale).form.fields;
}

/** Each asked field's hint, in a homeowner's words. */
export function fieldHints(locale: Locale): Record<AskedField, string> {
  return wordsOf(locale).form.hints;
}

export function fieldPrompts(locale: Locale): Record<AskedField, FieldPrompt> {
  return wordsOf(locale).form.prompts;
}

/** The word for an enum value in a language (the catalog's `enums`), or the value itself when it has none. The inbox reads the default language. */
export function enumLabel(field: string, value: string, locale: Locale): string {
  return enumLabelOf(field, value, wordsOf(locale).enums) ?? value;
}
