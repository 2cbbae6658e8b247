import type { Stage } from './inquiry.js';
import { MULTI_LINE_PATTERN } from './text-rules.js';

// The pipeline's limits: an operator's internal note on an inquiry. Plain text, trimmed; line breaks and
// tabs kept, every other control character refused (the multi-line rule of the inquiry's message).

export const NOTE_LIMITS = {
  minLength: 1,
  /** Characters (code points), counted after trimming: the "up to 10,000 characters". */
  maxLength: 10_000,
} as const;

/** The rule a note's text is held to, with the same pattern the contract's free-text fields carry. */
export const NOTE_TEXT_PATTERN = MULTI_LINE_PATTERN;

/** The stages in words, for every surface that shows them. Typed by the contract's list: a new stage without a label fails the typecheck. */
export const STAGE_LABELS: Readonly<Record<Stage, string>> = {
  new: 'New', contacted: 'Contacted', consultation: 'Consultation', proposal: 'Proposal', won: 'Won', lost: 'Lost',
};
