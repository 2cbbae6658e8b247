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
};

export function enumLabel(field: string, value: string): string {
  return enumLabelOf(field, value) ?? value;
}
