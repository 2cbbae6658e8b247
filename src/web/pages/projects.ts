import { coverOf, projectPath, type ProjectEntry } from '../../catalog/catalog.js';
import { mdLink, mdText } from '../markdown.js';
import { entryImageMarkdown, mdImage } from '../page-images.js';
import type { Page } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';
import { latestOf } from '../discovery.js';
import { projectData } from '../structured-data.js';
import { untranslated } from './translation.js';

const facts = (p: ProjectEntry): string => [p.location, p.year].filter((v) => v !== undefined).map(String).map(mdText).join(' · ');

/** A project as an item of the index: its cover, linked title, facts and description (a card of the grid). */
function projectCard(p: ProjectEntry, href: SiteContext['href']): string {
  const cover = coverOf(p);
  return [
    cover && mdImage(cover),
    `### ${mdLink(p.title, href(projectPath(p.slug)))}`,
    facts(p) && `*${facts(p)}*`,
    p.description && mdText(p.description),
  ].filter(Boolean).map((part, i) => (i === 0 ? `- ${part}` : `  ${part}`)).join('\n\n');
}

export function projectsIndexPage({ catalog, href, words }: SiteContext): Page {
  const regions = [...new Set(catalog.projects.map((p) => p.region))];
  const sections = regions.map((region) => {
    const items = catalog.projects.filter((p) => p.region === region).map((p) => projectCard(p, href));
    return [`## ${mdText(words.enums.location[region])}`, items.join('\n\n')].join('\n\n');
  });
  const covers = catalog.projects.flatMap((p) => coverOf(p) ?? []);
  return {
    kind: 'index',
    title: words.projects.title,
    description: words.projects.description(catalog.site.name),
    path: href(SITE_PATHS.projects),
    images: covers,
    cover: covers[0],
    modified: latestOf(catalog.projects, catalog.modified),
    markdown: [`# ${words.projects.title}`, mdText(words.projects.intro(catalog.site.name)), ...sections].join('\n\n'),
  };
}

export function projectPage(project: ProjectEntry, ctx: SiteContext): Page {
  const { catalog, href } = ctx;
  const words = ctx.words.projects;
  const scope = project.scope?.length ? `**${words.scope}:** ${project.scope.map(mdText).join(', ')}` : '';
  const images = entryImageMarkdown(project);
  return {
    kind: 'detail',
    title: project.title,
    description: project.description ?? words.fallbackDescription(project.title, catalog.site.name),
    path: href(projectPath(project.slug)),
    cover: coverOf(project),
    images: project.images,
    modified: project.modified, structuredData: projectData(project, ctx),
    ...untranslated(project, ctx),
    markdown: [
      `# ${mdText(project.title)}`,
      facts(project) && `*${facts(project)}*`,
      images.cover,
      project.description && `> ${mdText(project.description)}`,
      scope,
      project.body,
      images.gallery,
      '---',
      `${mdLink(words.allProjects, href(SITE_PATHS.projects))} · ${mdLink(words.startConversation, href(SITE_PATHS.contact))}`,
    ].filter(Boolean).join('\n\n'),
  };
}
