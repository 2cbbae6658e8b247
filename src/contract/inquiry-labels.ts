import type { BUDGETS, LOCATIONS, PHASES } from './inquiry.js';

// Human words for the Inquiry enum values, for every surface that shows them (the form, the portfolio
// regions, the studio's email). Typed by the contract lists: a new value without a label fails the typecheck.
export const INQUIRY_ENUM_LABELS: {
  location: Record<(typeof LOCATIONS)[number], string>;
  budget: Record<(typeof BUDGETS)[number], string>;
  phase: Record<(typeof PHASES)[number], string>;
} = {
  location: { miami: 'Miami', hamptons: 'The Hamptons', other: 'Elsewhere' },
  budget: {
    'under-1m': 'Under $1M',
    '1m-3m': '$1M to $3M',
    '3m-10m': '$3M to $10M',
    'over-10m': 'Over $10M',
    undisclosed: 'Budget undisclosed',
  },
  phase: { 'pre-planning': 'Pre-planning', permitted: 'Permitted', unsure: 'Not sure yet' },
};

export type LabelledField = keyof typeof INQUIRY_ENUM_LABELS;

/**
 * The label of an enum value in a table of labels (the English one unless given: src/words holds each
 * language's), or undefined for a value without one. An own-property lookup: values come from requests and
 * the store, and a name such as "constructor" must not find Object.prototype's.
 */
export function enumLabelOf(field: string, value: string, table: typeof INQUIRY_ENUM_LABELS = INQUIRY_ENUM_LABELS): string | undefined {
  if (!Object.hasOwn(table, field)) return undefined;
  const labels: Readonly<Record<string, string>> = table[field as LabelledField];
  return Object.hasOwn(labels, value) ? labels[value] : undefined;
}
