import { mdLink } from '../markdown.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';

/** The page for any unknown address outside the API, in the language of the folder asked for; its path is only used as the twin's url. */
export function notFoundPage({ href, words: { pages: { notFound: words } } }: SiteContext): Page {
  return {
    kind: 'error',
    title: words.title,
    description: words.description,
    path: href(SITE_PATHS.notFound),
    markdown: [
      `# ${words.title}`,
      words.text,
      words.tryThese(
        mdLink(words.home, href(SITE_PATHS.home)), mdLink(words.projects, href(SITE_PATHS.projects)),
        mdLink(words.services, href(SITE_PATHS.services)), mdLink(words.write, href(SITE_PATHS.contact)),
      ),
    ].join('\n\n'),
  };
}
