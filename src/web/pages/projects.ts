import { coverOf, projectPath, type ProjectEntry } from '../../catalog/catalog.js';
import { enumLabel } from '../labels.js';
import { mdLink, mdText } from '../markdown.js';
import { entryImageMarkdown, mdImage } from '../page-images.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';
import { latestOf } from '../discovery.js';
import { projectData } from '../structured-data.js';

const facts = (p: ProjectEntry): string => [p.location, p.year].filter((v) => v !== undefined).map(String).map(mdText).join(' · ');

/** A project as an item of the index: its cover, linked title, facts and description (a card of the grid). */
function projectCard(p: ProjectEntry): string {
  const cover = coverOf(p);
  return [
    cover && mdImage(cover),
    `### ${mdLink(p.title, projectPath(p.slug))}`,
    facts(p) && `*${facts(p)}*`,
    p.description && mdText(p.description),
  ].filter(Boolean).map((part, i) => (i === 0 ? `- ${part}` : `  ${part}`)).join('\n\n');
}

export function projectsIndexPage({ catalog }: SiteContext): Page {
  const regions = [...new Set(catalog.projects.map((p) => p.region))];
  const sections = regions.map((region) => {
    const items = catalog.projects.filter((p) => p.region === region).map(projectCard);
    return [`## ${mdText(enumLabel('location', region))}`, items.join('\n\n')].join('\n\n');
  });
  const covers = catalog.projects.flatMap((p) => coverOf(p) ?? []);
  return {
    kind: 'index',
    title: 'Projects',
    description: `Selected houses and gardens designed and built by ${catalog.site.name}.`,
    path: SITE_PATHS.projects,
    images: covers,
    cover: covers[0],
    modified: latestOf(catalog.projects, catalog.modified),
    markdown: [`# Projects`, `Selected houses and gardens, designed and built by ${mdText(catalog.site.name)}.`, ...sections].join('\n\n'),
  };
}

export function projectPage(project: ProjectEntry, { catalog, baseUrl }: SiteContext): Page {
  const scope = project.scope?.length ? `**Scope:** ${project.scope.map(mdText).join(', ')}` : '';
  const images = entryImageMarkdown(project);
  return {
    kind: 'detail',
    title: project.title,
    description: project.description ?? `${project.title}, a project by ${catalog.site.name}.`,
    path: projectPath(project.slug),
    cover: coverOf(project),
    images: project.images,
    modified: project.modified, structuredData: projectData(project, catalog, baseUrl),
    markdown: [
      `# ${mdText(project.title)}`,
      facts(project) && `*${facts(project)}*`,
      images.cover,
      project.description && `> ${mdText(project.description)}`,
      scope,
      project.body,
      images.gallery,
      '---',
      `${mdLink('All projects', SITE_PATHS.projects)} · ${mdLink('Start a conversation about your house', SITE_PATHS.contact)}`,
    ].filter(Boolean).join('\n\n'),
  };
}
