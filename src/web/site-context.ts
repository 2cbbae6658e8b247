import type { Catalog } from '../catalog/catalog.js';
import type { OpenApiDocument } from '../http/openapi.js';
import { localePath, type Locale } from '../words/locale.js';
import { wordsOf, type Words } from '../words/words.js';

/** What page builders read: the catalog and the words in the page's language, the origin, and the app's generated API description. */
export interface SiteContext {
  /** The catalog in `locale` (src/catalog/catalog.ts catalogIn): entries without a translation say so by their `language`. */
  catalog: Catalog;
  locale: Locale;
  words: Words;
  /** A site address in this context's language: every link a page builder writes goes through it. */
  href(path: string): string;
  baseUrl: string;
  openapi: OpenApiDocument;
  /** True when the app serves GET at this path (links to documents of other surfaces only when they exist). */
  serves(path: string): boolean;
}

/** The context of one language over the parts every language shares. */
export function siteContextIn(locale: Locale, shared: Omit<SiteContext, 'locale' | 'words' | 'href'>): SiteContext {
  return { ...shared, locale, words: wordsOf(locale), href: (path) => localePath(path, locale) };
}
