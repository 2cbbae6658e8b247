import { coverOf, projectPath, servicePath, type ServiceEntry } from '../../catalog/catalog.js';
import { mdLink, mdText } from '../markdown.js';
import { entryImageMarkdown } from '../page-images.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';
import { latestOf } from '../discovery.js';
import { serviceData } from '../structured-data.js';
import { untranslated } from './translation.js';

export function servicesIndexPage({ catalog, href, words }: SiteContext): Page {
  const items = catalog.services.map((s) => [`## ${mdLink(s.title, href(servicePath(s.slug)))}`, s.description && mdText(s.description)]
    .filter(Boolean).join('\n\n'));
  return {
    kind: 'index',
    title: words.pages.services.title,
    description: words.pages.services.description(catalog.site.name),
    path: href(SITE_PATHS.services),
    cover: catalog.services.map(coverOf).find(Boolean), modified: latestOf(catalog.services, catalog.modified),
    markdown: [`# ${words.pages.services.title}`, `${words.pages.services.intro} ${mdText(catalog.site.tagline)}`, ...items].join('\n\n'),
  };
}

/** The projects that show a service (each project names the services it shows), linked in the page's language. */
function projectsShowing(service: ServiceEntry, { catalog, href, words }: SiteContext): string {
  const projects = catalog.projects.filter((p) => p.services?.includes(service.slug));
  if (projects.length === 0) return '';
  const items = projects.map((p) => `- ${mdLink(p.title, href(projectPath(p.slug)))}${p.location ? ` · ${mdText(p.location)}` : ''}`);
  return [`## ${mdText(words.projects.showingService)}`, items.join('\n')].join('\n\n');
}

export function servicePage(service: ServiceEntry, ctx: SiteContext): Page {
  const { catalog, href } = ctx;
  const words = ctx.words.pages.services;
  const images = entryImageMarkdown(service, ctx.words);
  return {
    kind: 'detail',
    title: service.title,
    description: service.description ?? words.fallbackDescription(service.title, catalog.site.name),
    path: href(servicePath(service.slug)),
    cover: coverOf(service),
    images: service.images,
    modified: service.modified, structuredData: serviceData(service, ctx),
    ...untranslated(service, ctx),
    markdown: [
      `# ${mdText(service.title)}`,
      images.cover,
      service.description && `> ${mdText(service.description)}`,
      service.body,
      service.capabilities && `## ${words.capabilities}\n\n${mdText(service.capabilities)}`,
      projectsShowing(service, ctx),
      images.gallery,
      '---',
      `${mdLink(words.allServices, href(SITE_PATHS.services))} · ${mdLink(words.start, href(SITE_PATHS.contact))}`,
    ].filter(Boolean).join('\n\n'),
  };
}
