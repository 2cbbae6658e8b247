import { mdLink } from '../markdown.js';
import type { Page } from '../page.js';
import { SITE_PATHS } from '../site-paths.js';

/** The page for any unknown address outside the API; its path is only used as the twin's url. */
export function notFoundPage(): Page {
  return {
    kind: 'error',
    title: 'Page not found',
    description: 'There is no page at this address.',
    path: SITE_PATHS.notFound,
    markdown: [
      '# Page not found',
      'There is no page at this address. It may have moved, or the link may be mistyped.',
      `Try the ${mdLink('home page', SITE_PATHS.home)}, the ${mdLink('projects', SITE_PATHS.projects)} or the ${mdLink('services', SITE_PATHS.services)}, `
        + `or ${mdLink('write to us', SITE_PATHS.contact)}.`,
    ].join('\n\n'),
  };
}
