// The languages the studio speaks to people in, as the contract names them (BCP 47 primary language
// subtags): an inquiry's `language` is one of them, and the website has its pages in each
// (src/words/locale.ts builds the site's addresses and tags on this list). English is the default.

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in English: the API's descriptions and the studio's own pages (the inbox stays English). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Spanish' };

/** "Spanish (es)": a language as the studio reads it, its name and its code ("Unknown (xx)" for a code no longer listed). */
export function localeLabel(locale: Locale): string {
  const name = Object.hasOwn(LOCALE_NAMES, locale) ? LOCALE_NAMES[locale] : 'Unknown';
  return `${name} (${locale})`;
}
