import { enumLabelOf } from '../contract/inquiry-labels.js';
import type { Inquiry } from '../contract/inquiry.js';

// Human words for the contract's field names (the enum values' words are in src/contract/inquiry-labels.ts).
// Typed by the contract, so a new field fails the typecheck until it has a label here. Limits are never restated: they come from the schema.
export const FIELD_LABELS: Record<keyof Inquiry, string> = {
  name: 'Your name',
  email: 'Email',
  phone: 'Phone',
  message: 'About the project',
  location: 'Where is the project?',
  budget: 'Construction budget',
  phase: 'Where does it stand?',
  /** Not asked of a person (UNASKED_FIELDS): the form sends the page's language as a hidden field. */
  language: 'Language',
};

export function enumLabel(field: string, value: string): string {
  return enumLabelOf(field, value) ?? value;
}

/** What the form asks of a person about one field, in their words: when it is empty, and when it is too short. */
export interface FieldPrompt {
  /** An empty required field, or a choice that is not one of the options. */
  missing: string;
  /** Followed by ": at least N characters.", N from the schema. */
  tooShort?: string;
}

export const FIELD_PROMPTS: Record<keyof Inquiry, FieldPrompt> = {
  name: { missing: 'Please tell us your name.', tooShort: 'Please write your full name' },
  email: { missing: 'Please give us an email address to answer you at.' },
  phone: { missing: 'Please give a phone number, or leave the field empty.' },
  message: { missing: 'Please tell us about the project.', tooShort: 'Please tell us a little more about the project' },
  location: { missing: 'Please choose where the project is.' },
  budget: { missing: 'Please choose a construction budget.' },
  phase: { missing: 'Please choose where the project stands today.' },
  language: { missing: 'Please choose a language.' },
};
