import { coverOf, pagePath, projectPath, servicePath, type ProjectEntry } from '../../catalog/catalog.js';
import { mdLink, mdText } from '../markdown.js';
import { mdImage } from '../page-images.js';
import { SITE_PATHS } from '../site-paths.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { firmData } from '../structured-data.js';

/** A project in the home page's grid: its cover above its linked title and place. */
function projectItem(p: ProjectEntry, href: SiteContext['href']): string {
  const cover = coverOf(p);
  const title = `${mdLink(p.title, href(projectPath(p.slug)))}${p.location ? ` — ${mdText(p.location)}` : ''}`;
  return cover ? `- ${mdImage(cover)}\n  ${title}` : `- ${title}`;
}

/**
 * The home page links every page of the site in its language, so one crawl from `/` (or `/es/`) reaches
 * them all. It is for the people who may build with the studio: agents find their documents in the
 * footer's link, the <head> and the Link headers.
 */
export function homePage(ctx: SiteContext): Page {
  const { catalog, href } = ctx;
  const words = ctx.words.pages.home;
  const { site } = catalog;
  const projects = catalog.projects.map((p) => projectItem(p, href));
  const covers = catalog.projects.flatMap((p) => coverOf(p) ?? []);
  const services = catalog.services.map((s) => `- ${mdLink(s.title, href(servicePath(s.slug)))}`);
  const studio = catalog.pages.map((p) => `- ${mdLink(p.title, href(pagePath(p.slug)))}: ${mdText(p.description)}`);
  const offices = (site.offices ?? []).map((o) => `- **${mdText(o.city)}**${o.note ? `. ${mdText(o.note)}` : ''}`);
  return {
    kind: 'home',
    title: site.name,
    description: site.description,
    path: href(SITE_PATHS.home),
    images: covers,
    cover: covers[0],
    modified: catalog.modified,
    structuredData: [firmData(ctx, covers[0])],
    markdown: [
      `# ${mdText(site.tagline)}`,
      mdText(site.description),
      `## ${words.selectedProjects}`, projects.join('\n'), mdLink(words.allProjects, href(SITE_PATHS.projects)),
      `## ${words.services}`, services.join('\n'), mdLink(words.allServices, href(SITE_PATHS.services)),
      `## ${words.studio}`, studio.join('\n'),
      offices.length > 0 && `## ${words.offices}\n\n${offices.join('\n')}`,
      `## ${words.startHeading}`,
      words.start(mdLink(words.sendInquiry, href(SITE_PATHS.contact)), mdLink(site.email, `mailto:${site.email}`)),
    ].filter(Boolean).join('\n\n'),
  };
}
