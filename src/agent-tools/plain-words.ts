import type { Service } from '../contract/catalog.js';
import { INQUIRY_ENUM_LABELS } from '../contract/inquiry-labels.js';
import { LOCATIONS } from '../contract/inquiry.js';
import type { RegionalProject } from './operation.js';

// The catalog's own words, as a plain question can say them: the regions (their ids and labels), the
// places of the projects' locations, and the kinds of work (the projects' scope, the services' titles and
// slugs). Text is compared as words: lower case, accents and punctuation dropped, a plural's "s" dropped,
// and the small words that carry no meaning here ("the", "in", "other") left out, so "in the Hamptons",
// "hamptons" and "Hampton" are the same words.

/** Words that say nothing about a place or a kind of work (the region id "other" among them). */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'at', 'for', 'to', 'by', 'with', 'other', 'any', 'your', 'you', 'my', 'our', 'we', 'i']);

/** One word's plain form: "Houses" → "house", "properties" → "property", "glass" stays. */
function plainWord(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

/** Text as the words it is compared by: lower case, without accents, punctuation or small words, plurals singular. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !SMALL_WORDS.has(word))
    .map(plainWord);
}

/** What a term of the catalog stands for. */
export type TermKind = 'region' | 'place' | 'work';

/** A phrase of the catalog's words, and the projects (by slug) it finds. */
export interface Term {
  kind: TermKind;
  /** The catalog's own spelling, for the answer's summary ("The Hamptons", "Sag Harbor", "Renovation"). */
  label: string;
  words: readonly string[];
  slugs: ReadonlySet<string>;
  /** The region every project it finds is filed under, when they share one (an inquiry's location). */
  region: string | undefined;
}

export interface Vocabulary {
  /** Longest phrases first, so "interior design" is read before "design". */
  terms: readonly Term[];
  projects: readonly RegionalProject[];
  services: readonly Service[];
}

function regionOf(projects: readonly RegionalProject[]): string | undefined {
  const regions = new Set(projects.map((p) => p.region));
  return regions.size === 1 ? [...regions][0] : undefined;
}

/** The terms of one kind, each label's projects gathered across every source that names it. */
function termsOf(kind: TermKind, pairs: ReadonlyArray<readonly [label: string, project: RegionalProject]>): Term[] {
  const byWords = new Map<string, { label: string; words: string[]; projects: RegionalProject[] }>();
  for (const [label, project] of pairs) {
    const words = wordsOf(label);
    if (words.length === 0) continue;
    const key = words.join(' ');
    const entry = byWords.get(key) ?? { label, words, projects: [] };
    if (!entry.projects.includes(project)) entry.projects.push(project);
    byWords.set(key, entry);
  }
  return [...byWords.values()].map(({ label, words, projects }) => ({
    kind, label, words, slugs: new Set(projects.map((p) => p.item.slug)), region: regionOf(projects),
  }));
}

/**
 * A service's kind of work finds the projects whose scope says it: each scope entry holding a word of the
 * service's title that no other service's title holds ("Historic restoration" and "Renovation" for
 * "Renovation and Restoration"; "Landscape" for "Landscape Design", whose "design" Interior Design shares).
 */
function serviceTerms(services: readonly Service[], projects: readonly RegionalProject[]): Term[] {
  const titleWords = services.map((service) => new Set(wordsOf(service.title)));
  const shared = (word: string) => titleWords.filter((words) => words.has(word)).length > 1;
  const pairs = services.flatMap((service, i) => {
    const own = new Set([...titleWords[i]!].filter((word) => !shared(word)));
    const doing = projects.filter((p) => (p.item.scope ?? []).some((entry) => wordsOf(entry).some((word) => own.has(word))));
    return [service.title, service.slug].flatMap((label) => doing.map((p) => [label, p] as const));
  });
  return termsOf('work', pairs);
}

/** The vocabulary of a catalog, built once per app: every region, place and kind of work its content names. */
export function vocabularyOf(projects: readonly RegionalProject[], services: readonly Service[]): Vocabulary {
  const regions = projects.flatMap((p) => {
    const label = LOCATIONS.includes(p.region as (typeof LOCATIONS)[number]) ? INQUIRY_ENUM_LABELS.location[p.region as (typeof LOCATIONS)[number]] : undefined;
    // The label first: a term is spelled as its first source spells it ("The Hamptons", not "hamptons").
    return [...(label ? [[label, p] as const] : []), [p.region, p] as const];
  });
  // "Coconut Grove, Miami, Florida": the whole location and each of its parts.
  const places = projects.flatMap((p) => {
    const location = p.item.location ?? '';
    return [location, ...location.split(',')].map((part) => [part.trim(), p] as const);
  });
  // "Historic restoration": the whole entry, and each of its words ("restoration", "historic").
  const work = projects.flatMap((p) => (p.item.scope ?? []).flatMap((entry) => [entry, ...entry.split(/\s+/)].map((part) => [part, p] as const)));
  const terms = [...termsOf('region', regions), ...termsOf('place', places), ...termsOf('work', work), ...serviceTerms(services, projects)];
  return { terms: terms.sort((a, b) => b.words.length - a.words.length), projects, services };
}

/**
 * The catalog's terms a text says, longest first: a phrase once read is not read again by a shorter one
 * ("landscape design" is the service, not also "design" of interior design). Each term is found where
 * its words stand together in the text.
 */
export function termsIn(text: string, vocabulary: Vocabulary): Term[] {
  const words: Array<string | undefined> = wordsOf(text);
  const found: Term[] = [];
  for (const term of vocabulary.terms) {
    for (let at = 0; at + term.words.length <= words.length; at++) {
      if (!term.words.every((w, i) => words[at + i] === w)) continue;
      for (let i = 0; i < term.words.length; i++) words[at + i] = undefined;
      if (!found.includes(term)) found.push(term);
    }
  }
  return found;
}

/** Whether the text holds one of these phrases (each in plain words, compared as words). */
export function saysAny(text: string, phrases: readonly string[]): boolean {
  const words = ` ${wordsOf(text).join(' ')} `;
  return phrases.some((phrase) => words.includes(` ${wordsOf(phrase).join(' ')} `));
}
