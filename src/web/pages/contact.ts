import { PATHS } from '../../contract/paths.js';
import { schemaReference } from '../api-reference.js';
import { consultationsOffered } from '../booking/offer.js';
import { contactForm, RESPONSE_TIME } from '../contact-form.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';

export function contactPage(ctx: SiteContext): Page {
  const { site } = ctx.catalog;
  const offices = (site.offices ?? []).map((o) => `- **${mdText(o.city)}**${o.note ? `. ${mdText(o.note)}` : ''}`).join('\n');
  return {
    kind: 'form',
    title: 'Contact',
    description: `Tell ${site.name} about your project: where it is, where it stands and the budget you have in mind.`,
    path: PATHS.contactPage,
    modified: ctx.catalog.modified,
    markdown: [
      '# Start a conversation',
      `Tell us where the project is, where it stands and the budget you have in mind. A principal reads every inquiry and answers ${RESPONSE_TIME}.`,
      `Write to ${mdLink(site.email, `mailto:${site.email}`)}${site.phone ? ` or call ${mdText(site.phone)}` : ''}.`,
      offices,
    ].filter(Boolean).join('\n\n'),
    appendix: {
      markdown: [
        '## Send an inquiry',
        `Use the form on this page, or send the fields below as JSON (or a URL-encoded form) to \`POST ${ctx.baseUrl}${PATHS.contact}\`. `
          + `See the ${mdLink('developer guide', PATHS.developers)} for the answers and errors.`,
        schemaReference(ctx.openapi, ['Inquiry']),
      ].join('\n\n'),
      html: contactForm({}, consultationsOffered(ctx.catalog)),
    },
  };
}
