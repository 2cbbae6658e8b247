import { THANKS_TEXT } from '../contact-form.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';

/** The answer to a form submission without JavaScript. */
export function thanksPage({ href, words: { pages: { thanks: words } } }: SiteContext): Page {
  return {
    kind: 'text',
    title: words.title,
    description: words.description,
    path: href(SITE_PATHS.contact),
    markdown: [
      `# ${words.heading}`,
      mdText(THANKS_TEXT),
      words.meanwhile(mdLink(words.ourProjects, href(SITE_PATHS.projects)), mdLink(words.ourServices, href(SITE_PATHS.services))),
    ].join('\n\n'),
  };
}
