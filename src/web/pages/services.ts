import { coverOf, servicePath, type ServiceEntry } from '../../catalog/catalog.js';
import { mdLink, mdText } from '../markdown.js';
import { entryImageMarkdown } from '../page-images.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';
import { latestOf } from '../discovery.js';
import { serviceData } from '../structured-data.js';

export function servicesIndexPage({ catalog }: SiteContext): Page {
  const items = catalog.services.map((s) => [`## ${mdLink(s.title, servicePath(s.slug))}`, s.description && mdText(s.description)]
    .filter(Boolean).join('\n\n'));
  return {
    kind: 'index',
    title: 'Services',
    description: `What ${catalog.site.name} does, from the first site visit to the last coat of paint.`,
    path: SITE_PATHS.services,
    cover: catalog.services.map(coverOf).find(Boolean), modified: latestOf(catalog.services, catalog.modified),
    markdown: ['# Services', `One studio for design and construction. ${mdText(catalog.site.tagline)}`, ...items].join('\n\n'),
  };
}

export function servicePage(service: ServiceEntry, { catalog, baseUrl }: SiteContext): Page {
  const images = entryImageMarkdown(service);
  return {
    kind: 'detail',
    title: service.title,
    description: service.description ?? `${service.title} at ${catalog.site.name}.`,
    path: servicePath(service.slug),
    cover: coverOf(service),
    images: service.images,
    modified: service.modified, structuredData: serviceData(service, catalog, baseUrl),
    markdown: [
      `# ${mdText(service.title)}`,
      images.cover,
      service.description && `> ${mdText(service.description)}`,
      service.body,
      service.capabilities && `## Capabilities\n\n${mdText(service.capabilities)}`,
      images.gallery,
      '---',
      `${mdLink('All services', SITE_PATHS.services)} · ${mdLink('Tell us about your project', SITE_PATHS.contact)}`,
    ].filter(Boolean).join('\n\n'),
  };
}
