import type { Office } from '../../catalog/content-schemas.js';
import { telHref } from '../layout.js';
import { mdLink, mdText } from '../markdown.js';
import { hoursText } from '../office-hours.js';
import type { SiteContext } from '../site-context.js';

// The studio's offices as a page section (a text page with `show_offices`): each office's city, what it
// does, its street address, hours and phone (a tel: link), all from site.yaml in the page's language.

function officeMarkdown(office: Office, ctx: SiteContext): string {
  const words = ctx.words.pages.studio;
  const locality = office.postal_code ? `${mdText(office.city)} ${mdText(office.postal_code)}` : mdText(office.city);
  const hours = office.hours ? hoursText(office.hours, ctx.locale, words) : [];
  const hoursLine = [...hours, ...(office.hours_note ? [office.hours_note] : [])].map((line) => mdText(/[.!?]$/.test(line) ? line : `${line}.`)).join(' ');
  return [
    `### ${mdText(office.city)}`,
    office.note && mdText(office.note),
    office.street && `${mdText(office.street)}\\\n${locality}`,
    hoursLine && `**${words.hours}:** ${hoursLine}`,
    office.phone && `**${words.phone}:** ${mdLink(office.phone, telHref(office.phone))}`,
  ].filter(Boolean).join('\n\n');
}

/** The offices section, or nothing when site.yaml lists none. */
export function officesMarkdown(ctx: SiteContext): string {
  const offices = ctx.catalog.site.offices ?? [];
  if (offices.length === 0) return '';
  return [`## ${ctx.words.pages.studio.offices}`, ...offices.map((office) => officeMarkdown(office, ctx))].join('\n\n');
}
