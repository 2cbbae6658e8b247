import { mdLink } from '../markdown.js';
import type { Page } from '../page.js';

/** The page for any unknown address outside the API; its path is only used as the twin's url. */
export function notFoundPage(): Page {
  return {
    kind: 'error',
    title: 'Page not found',
    description: 'There is no page at this address.',
    path: '/404',
    markdown: [
      '# Page not found',
      'There is no page at this address. It may have moved, or the link may be mistyped.',
      `Try the ${mdLink('home page', '/')}, the ${mdLink('projects', '/projects')} or the ${mdLink('services', '/services')}, `
        + `or ${mdLink('write to us', '/contact')}.`,
    ].join('\n\n'),
  };
}
