import type { Locale } from '../../words/locale.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';

/** The page's `textLanguage` when the entry's words are not yet in the page's language (the layout says so). */
export function untranslated(entry: { language: Locale }, ctx: SiteContext): Pick<Page, 'textLanguage'> {
  return entry.language === ctx.locale ? {} : { textLanguage: entry.language };
}
