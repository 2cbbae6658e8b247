import { projectPath, type ProjectEntry } from '../../catalog/catalog.js';
import { enumLabel } from '../labels.js';
import { mdLink, mdText } from '../markdown.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';

const facts = (p: ProjectEntry): string => [p.location, p.year].filter((v) => v !== undefined).map(String).map(mdText).join(' · ');

export function projectsIndexPage({ catalog }: SiteContext): Page {
  const regions = [...new Set(catalog.projects.map((p) => p.region))];
  const sections = regions.map((region) => {
    const items = catalog.projects.filter((p) => p.region === region).map((p) => [
      `### ${mdLink(p.title, projectPath(p.slug))}`,
      facts(p) && `*${facts(p)}*`,
      p.description && mdText(p.description),
    ].filter(Boolean).join('\n\n'));
    return [`## ${mdText(enumLabel('location', region))}`, ...items].join('\n\n');
  });
  return {
    kind: 'index',
    title: 'Projects',
    description: `Selected houses and gardens designed and built by ${catalog.site.name}.`,
    path: SITE_PATHS.projects,
    markdown: [`# Projects`, `Selected houses and gardens, designed and built by ${mdText(catalog.site.name)}.`, ...sections].join('\n\n'),
  };
}

export function projectPage(project: ProjectEntry, { catalog }: SiteContext): Page {
  const scope = project.scope?.length ? `**Scope:** ${project.scope.map(mdText).join(', ')}` : '';
  return {
    kind: 'detail',
    title: project.title,
    description: project.description ?? `${project.title}, a project by ${catalog.site.name}.`,
    path: projectPath(project.slug),
    markdown: [
      `# ${mdText(project.title)}`,
      facts(project) && `*${facts(project)}*`,
      project.description && `> ${mdText(project.description)}`,
      scope,
      project.body,
      '---',
      `${mdLink('All projects', SITE_PATHS.projects)} · ${mdLink('Start a conversation about your house', SITE_PATHS.contact)}`,
    ].filter(Boolean).join('\n\n'),
  };
}
