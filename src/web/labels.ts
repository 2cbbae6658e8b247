import type { BUDGETS, LOCATIONS, PHASES } from '../contract/inquiry.js';
import type { Inquiry } from '../contract/inquiry.js';

// Human words for the contract's field names and enum values. Typed by the contract, so a new field or
// value fails the typecheck until it has a label here. Limits are never restated: they come from the schema.
export const FIELD_LABELS: Record<keyof Inquiry, string> = {
  name: 'Your name',
  email: 'Email',
  phone: 'Phone',
  message: 'About the project',
  location: 'Where is the project?',
  budget: 'Construction budget',
  phase: 'Where does it stand?',
};

export const ENUM_LABELS: {
  location: Record<(typeof LOCATIONS)[number], string>;
  budget: Record<(typeof BUDGETS)[number], string>;
  phase: Record<(typeof PHASES)[number], string>;
} = {
  location: { miami: 'Miami and South Florida', hamptons: 'The Hamptons and the East End', other: 'Elsewhere' },
  budget: {
    'under-1m': 'Under $1 million',
    '1m-3m': '$1 to 3 million',
    '3m-10m': '$3 to 10 million',
    'over-10m': 'Over $10 million',
    undisclosed: 'Prefer not to say',
  },
  phase: { 'pre-planning': 'Early ideas, no site plans yet', permitted: 'Plans are permitted', unsure: 'Not sure yet' },
};

export function enumLabel(field: string, value: string): string {
  const labels = (ENUM_LABELS as Record<string, Record<string, string> | undefined>)[field];
  return labels?.[value] ?? value;
}
