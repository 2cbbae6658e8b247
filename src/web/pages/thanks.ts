import { mdLink } from '../markdown.js';
import type { Page } from '../page.js';

/** The answer to a form submission without JavaScript. */
export function thanksPage(): Page {
  return {
    kind: 'text',
    title: 'Thank you',
    description: 'Your inquiry has reached the studio.',
    path: '/contact',
    markdown: [
      '# Thank you',
      'Your inquiry has reached the studio. A principal will answer within two working days.',
      `Meanwhile, see ${mdLink('our projects', '/projects')} or ${mdLink('our services', '/services')}.`,
    ].join('\n\n'),
  };
}
