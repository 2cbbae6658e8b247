import { localePath, type Locale } from '../words/locale.js';
import { wordsOf } from '../words/words.js';
import { mdLink, mdText } from './markdown.js';
import { SITE_PATHS } from './site-paths.js';

// What happens after an inquiry is sent, in a language: who reads it, when they answer, what they may ask,
// and the way back to the site. One text for the thank-you page without script (src/web/pages/thanks.ts)
// and for the form's script, which shows it in place of the form (a <template> of the contact page).

/** The thank-you text's paragraphs, in Markdown, under its heading. */
export function thanksParagraphs(locale: Locale): string[] {
  const words = wordsOf(locale);
  const { thanks } = words.form;
  const href = (path: string) => localePath(path, locale);
  return [
    mdText(`${thanks.reached} ${thanks.who(words.form.responseTime)}`),
    mdText(thanks.ask),
    words.pages.thanks.meanwhile(mdLink(words.pages.thanks.ourProjects, href(SITE_PATHS.projects)), mdLink(words.pages.thanks.ourServices, href(SITE_PATHS.services))),
  ];
}
