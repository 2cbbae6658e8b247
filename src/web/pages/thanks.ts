import { THANKS_TEXT } from '../contact-form.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import { SITE_PATHS } from '../site-paths.js';

/** The answer to a form submission without JavaScript. */
export function thanksPage(): Page {
  return {
    kind: 'text',
    title: 'Thank you',
    description: 'Your inquiry has reached the studio.',
    path: SITE_PATHS.contact,
    markdown: [
      '# Thank you',
      mdText(THANKS_TEXT),
      `Meanwhile, see ${mdLink('our projects', SITE_PATHS.projects)} or ${mdLink('our services', SITE_PATHS.services)}.`,
    ].join('\n\n'),
  };
}
