import { EN, type Words } from './en.js';
import { ES } from './es.js';
import type { Locale } from './locale.js';

export type { Words };

const WORDS: Record<Locale, Words> = { en: EN, es: ES };

/** The catalog of a language: every word a person reads, in it. */
export function wordsOf(locale: Locale): Words {
  return WORDS[locale];
}
