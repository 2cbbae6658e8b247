import type { Catalog } from '../catalog/catalog.js';
import { LOCALES, localePath, splitLocalePath, type Locale } from '../words/locale.js';

// What frames every page, whatever its language: the catalog, the origin, the files the pages load, and
// which addresses the app serves (a page's version in another language is linked only when it exists).

export interface LayoutAssets {
  stylesheet: string;
  contactScript: string;
  bookingScript: string;
  imagesScript: string;
  webmcpScript: string;
  /** The WebMCP tool definitions the script reads, one per language, made per app from the content (src/web/webmcp-tools.ts). */
  webmcpTools: Record<Locale, string>;
  icon: string;
}

export interface PageFrame {
  /** The catalog in the default language; the page's own is catalogIn() of it. */
  catalog: Catalog;
  baseUrl: string;
  assets: LayoutAssets;
  /** True when the app answers GET at a path. */
  serves(path: string): boolean;
}

/** The same page in every language it exists in: hreflang alternates and the language switcher. */
export function languageVersions(path: string, frame: PageFrame): Array<[Locale, string]> {
  const { path: base } = splitLocalePath(path);
  return LOCALES.map((locale): [Locale, string] => [locale, localePath(base, locale)]).filter(([, at]) => at === path || frame.serves(at));
}
