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
