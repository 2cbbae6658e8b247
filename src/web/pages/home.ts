import { coverOf, pagePath, projectPath, servicePath, type ProjectEntry } from '../../catalog/catalog.js';
import { PATHS } from '../../contract/paths.js';
import { mdLink, mdText } from '../markdown.js';
import { mdImage } from '../page-images.js';
import { SITE_PATHS } from '../site-paths.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { firmData } from '../structured-data.js';

/** A project in the home page's grid: its cover above its linked title and place. */
function projectItem(p: ProjectEntry): string {
  const cover = coverOf(p);
  const title = `${mdLink(p.title, projectPath(p.slug))}${p.location ? ` — ${mdText(p.location)}` : ''}`;
  return cover ? `- ${mdImage(cover)}\n  ${title}` : `- ${title}`;
}

/** The home page links every page of the site, so one crawl from `/` reaches them all. */
export function homePage({ catalog, baseUrl }: SiteContext): Page {
  const { site } = catalog;
  const projects = catalog.projects.map(projectItem);
  const covers = catalog.projects.flatMap((p) => coverOf(p) ?? []);
  const services = catalog.services.map((s) => `- ${mdLink(s.title, servicePath(s.slug))}`);
  const studio = catalog.pages.map((p) => `- ${mdLink(p.title, pagePath(p.slug))}: ${mdText(p.description)}`);
  const offices = (site.offices ?? []).map((o) => `- **${mdText(o.city)}**${o.note ? `. ${mdText(o.note)}` : ''}`);
  return {
    kind: 'home',
    title: site.name,
    description: site.description,
    path: SITE_PATHS.home,
    images: covers,
    cover: covers[0],
    modified: catalog.modified,
    structuredData: [firmData(catalog, baseUrl, covers[0])],
    markdown: [
      `# ${mdText(site.tagline)}`,
      mdText(site.description),
      `## Selected projects`, projects.join('\n'), mdLink('See all projects', SITE_PATHS.projects),
      `## Services`, services.join('\n'), mdLink('All services', SITE_PATHS.services),
      `## The studio`, studio.join('\n'),
      offices.length > 0 && `## Offices\n\n${offices.join('\n')}`,
      `## Start a project`,
      `Tell us about the site, the house and the timing: ${mdLink('send an inquiry', SITE_PATHS.contact)}, or write to ${mdLink(site.email, `mailto:${site.email}`)}.`,
      // For agents, after everything a homeowner came for: a rule and one muted line, no heading of its own.
      '---',
      `*For software agents: every page here is also Markdown (ask with \`Accept: text/markdown\`), and the portfolio, the services and the inquiry form are an open API. See ${mdLink('llms.txt', PATHS.llms)} and the ${mdLink('developer guide', PATHS.developers)}.*`,
    ].filter(Boolean).join('\n\n'),
  };
}
