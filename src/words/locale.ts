// The languages the studio speaks to people in, and where each lives on the site. English is the default
// and keeps the unprefixed addresses; every other language lives under its own folder (/es/…).

import { DEFAULT_LOCALE, LOCALES, type Locale } from '../contract/locales.js';

// The list itself is the contract's (an inquiry records its language): one source for both.
export { DEFAULT_LOCALE, LOCALES, type Locale };

/** The tag a page states (`lang`, `Content-Language`, `hreflang`, JSON-LD `inLanguage`): BCP 47. */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en', es: 'es' };
/**
 * The language and territory the studio writes in, as BCP 47: Intl's and luxon's locale for dates,
 * numbers and lists. The studio writes the English and the Spanish of the United States.
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', es: 'es-US' };
/** Open Graph's locale: the same language and territory, written with an underscore. */
export const OG_LOCALES = Object.fromEntries(LOCALES.map((locale) => [locale, INTL_LOCALES[locale].replace('-', '_')])) as Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The folder a language's pages live under: '' for the default, '/es' for Spanish. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** A site address in a language: '/projects' → '/es/projects'; the home page '/' → '/es/'. */
export function localePath(path: string, locale: Locale): string {
  const prefix = localePrefix(locale);
  if (prefix === '') return path;
  return path === '/' ? `${prefix}/` : `${prefix}${path}`;
}

/** The language of a site address and the address it has in the default language. */
export function splitLocalePath(path: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    if (prefix === '') continue;
    if (path === prefix || path === `${prefix}/`) return { locale, path: '/' };
    if (path.startsWith(`${prefix}/`)) return { locale, path: path.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path };
}
