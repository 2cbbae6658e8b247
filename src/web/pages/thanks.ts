import { thanksParagraphs } from '../inquiry-thanks.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';

/** The answer to a form submission without JavaScript. */
export function thanksPage({ href, locale, words: { pages: { thanks: words } } }: SiteContext): Page {
  return {
    kind: 'text',
    title: words.title,
    description: words.description,
    path: href(SITE_PATHS.contact),
    markdown: [
      `# ${words.heading}`,
      ...thanksParagraphs(locale),
    ].join('\n\n'),
  };
}
