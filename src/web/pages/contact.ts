import { PATHS } from '../../contract/paths.js';
import { schemaReference } from '../api-reference.js';
import { consultationsOffered } from '../booking/offer.js';
import { contactForm } from '../contact-form.js';
import { telHref } from '../layout.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';

export function contactPage(ctx: SiteContext): Page {
  const { site } = ctx.catalog;
  const words = ctx.words.pages.contact;
  const offices = (site.offices ?? []).map((o) => `- **${mdText(o.city)}**${o.note ? `. ${mdText(o.note)}` : ''}`).join('\n');
  const phone = site.phone ? mdLink(site.phone, telHref(site.phone)) : undefined;
  return {
    kind: 'form',
    title: words.title,
    description: words.description(site.name),
    path: ctx.href(SITE_PATHS.contact),
    modified: ctx.catalog.modified,
    markdown: [
      `# ${words.heading}`,
      words.intro(ctx.words.form.responseTime),
      words.reach(mdLink(site.email, `mailto:${site.email}`), phone),
      offices,
    ].filter(Boolean).join('\n\n'),
    appendix: {
      // For agents reading the twin: the API beside the form (in English, as the developer documents are).
      markdown: [
        `## ${words.formHeading}`,
        `Use the form on this page, or send the fields below as JSON (or a URL-encoded form) to \`POST ${ctx.baseUrl}${PATHS.contact}\`. `
          + `See the ${mdLink('developer guide', PATHS.developers)} for the answers and errors.`,
        schemaReference(ctx.openapi, ['Inquiry']),
      ].join('\n\n'),
      label: ctx.words.form.label,
      html: contactForm(ctx.locale, {}, consultationsOffered(ctx.catalog)),
    },
  };
}
