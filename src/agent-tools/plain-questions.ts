import { INQUIRY_LIMITS } from '../contract/inquiry.js';
import { inquiryFieldsIn, type InquiryFields } from './plain-inquiry.js';
import { saysAny, termsIn, type TermKind, type Vocabulary } from './plain-words.js';

// A plain question understood without a language model: the catalog's own words (src/agent-tools/
// plain-words.ts) and a few phrases say what is asked. Pure: text and the catalog's vocabulary in, a typed
// intent out; a surface (the A2A agent today; MCP or the website could ask the same) answers it with the
// agent operations (plain-answers.ts) or, for an inquiry, asks for what is missing.

/** A region, place or kind of work of the catalog that the question named, in the catalog's spelling. */
export interface SaidTerm {
  kind: TermKind;
  label: string;
}

export type PlainIntent =
  /** Projects by region, place or kind of work; `slugs` in the portfolio's order (every project when nothing narrowed it). */
  | { kind: 'projects'; said: SaidTerm[]; slugs: string[] }
  | { kind: 'services' }
  /** How to start a project: inquire, book a consultation. */
  | { kind: 'start' }
  /** A project inquiry told in words: the fields they give, and the kinds of work they name. */
  | { kind: 'inquiry'; fields: InquiryFields; work: string[] }
  | { kind: 'not_understood' };

// The phrases are compared as words (plain-words.ts), small words left out: "work with you" would be
// "work" alone, so no phrase here leans on a small word.

/** A person telling their own project, not asking about the studio's. */
const INQUIRY_PHRASES = [
  'like to build', 'want to build', 'planning to build', 'looking to build', 'plan to build',
  'like to renovate', 'want to renovate', 'looking to renovate', 'like to restore', 'want to restore',
  'my name is', 'my email is', 'reach me at',
];

const START_PHRASES = [
  'start a project', 'get started', 'how do i start', 'how can i start', 'how to start', 'begin a project',
  'book', 'schedule a call', 'schedule a meeting', 'consultation', 'appointment',
  'inquire', 'inquiry', 'enquire', 'enquiry', 'contact', 'get in touch', 'hire you', 'talk to someone',
];

const SERVICE_PHRASES = ['service', 'what do you do', 'what do you offer', 'what you offer', 'what kind of work', 'what can you help with'];

/** Words that ask about the portfolio as a whole, when no region, place or kind of work narrows it. */
const PORTFOLIO_PHRASES = ['project', 'portfolio', 'what have you built', 'past work', 'previous work', 'show me your work'];

const EMAIL_SIGN = /\S@\S+\.\S/u;

/** The projects the terms find: any of the places, and any of the kinds of work, both when both are named. */
function projectsIntent(text: string, vocabulary: Vocabulary): PlainIntent | undefined {
  const terms = termsIn(text, vocabulary);
  if (terms.length === 0) {
    return saysAny(text, PORTFOLIO_PHRASES) ? { kind: 'projects', said: [], slugs: vocabulary.projects.map((p) => p.item.slug) } : undefined;
  }
  const places = terms.filter((t) => t.kind !== 'work');
  const work = terms.filter((t) => t.kind === 'work');
  const within = (group: typeof terms, slug: string) => group.length === 0 || group.some((t) => t.slugs.has(slug));
  const slugs = vocabulary.projects.map((p) => p.item.slug).filter((slug) => within(places, slug) && within(work, slug));
  return { kind: 'projects', said: terms.map(({ kind, label }) => ({ kind, label })), slugs };
}

/**
 * What a plain message asks. An address or a person's own plans make it an inquiry; then how to start,
 * the services, the projects; anything else is not understood (the surface answers with its help).
 */
export function understandQuestion(text: string, vocabulary: Vocabulary): PlainIntent {
  // Longer than an inquiry's message may be is no question: it is not read at all.
  if (text.length > INQUIRY_LIMITS.message.maxLength) return { kind: 'not_understood' };
  if (EMAIL_SIGN.test(text) || saysAny(text, INQUIRY_PHRASES)) {
    const work = termsIn(text, vocabulary).filter((t) => t.kind === 'work').map((t) => t.label);
    return { kind: 'inquiry', fields: inquiryFieldsIn(text, vocabulary, { withMessage: true }), work };
  }
  if (saysAny(text, START_PHRASES)) return { kind: 'start' };
  if (saysAny(text, SERVICE_PHRASES)) return { kind: 'services' };
  return projectsIntent(text, vocabulary) ?? { kind: 'not_understood' };
}
