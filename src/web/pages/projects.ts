import { coverOf, projectPath, type ProjectEntry } from '../../catalog/catalog.js';
import { everyFilter, filterKey, matchesFilters } from '../../catalog/project-filters.js';
import { ProjectListQuery } from '../../contract/catalog.js';
import { LOCATIONS } from '../../contract/inquiry.js';
import { KINDS_OF_WORK } from '../../contract/project-facts.js';
import { mdLink, mdText } from '../markdown.js';
import { entryImageMarkdown, mdImage } from '../page-images.js';
import type { Page, PageViews } from '../page.js';
import type { SiteContext } from '../site-context.js';
import { SITE_PATHS } from '../site-paths.js';
import { latestOf } from '../discovery.js';
import { projectData } from '../structured-data.js';
import { untranslated } from './translation.js';
import { creditsMarkdown, factsMarkdown } from './project-facts.js';

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

/** The index's address with these filters: region first, then work, as every link writes it. */
function filteredPath(filters: ProjectListQuery, href: SiteContext['href']): string {
  const pairs: Array<[string, string | undefined]> = [['region', filters.region], ['work', filters.work]];
  const query = new URLSearchParams(pairs.filter((pair): pair is [string, string] => pair[1] !== undefined)).toString();
  return href(SITE_PATHS.projects) + (query ? `?${query}` : '');
}

/**
 * The filters as plain links, one line per filter: "all", then each value some project has. The link to
 * the view shown is marked as the current page (src/web/markdown-lists.ts), so it is said and seen.
 */
function filterLinks(filters: ProjectListQuery, { catalog, href, words }: SiteContext): string {
  const names = words.projects.filters;
  const regions = LOCATIONS.filter((region) => catalog.projects.some((p) => p.region === region));
  const works = KINDS_OF_WORK.filter((work) => catalog.projects.some((p) => p.work?.includes(work)));
  const link = (label: string, next: ProjectListQuery) => mdLink(label, filteredPath(next, href));
  const region = [link(names.allRegions, { work: filters.work }), ...regions.map((r) => link(words.enums.location[r], { ...filters, region: r }))];
  const work = [link(names.allWork, { region: filters.region }), ...works.map((w) => link(words.projects.work[w], { ...filters, work: w }))];
  return [`- **${mdText(names.region)}:** ${region.join(' · ')}`, `- **${mdText(names.work)}:** ${work.join(' · ')}`].join('\n');
}

/** The projects the filters show, in sections by region, or a line saying there are none. */
function filteredSections(projects: readonly ProjectEntry[], { href, words }: SiteContext): string[] {
  if (projects.length === 0) return [mdText(words.projects.filters.none)];
  const regions = [...new Set(projects.map((p) => p.region))];
  return regions.map((region) => {
    const items = projects.filter((p) => p.region === region).map((p) => projectCard(p, href));
    return [`## ${mdText(words.enums.location[region])}`, items.join('\n\n')].join('\n\n');
  });
}

/**
 * The projects index, narrowed by `filters`. A filtered view is the same page (its canonical address and
 * language versions are the whole list's), answering at its own address; `refused` is the whole list
 * answering an address whose filter the page does not have, saying so.
 */
export function projectsIndexPage(ctx: SiteContext, filters: ProjectListQuery = {}, refused = false): Page {
  const { catalog, href, words } = ctx;
  const shown = catalog.projects.filter((p) => matchesFilters(p, filters));
  const covers = shown.flatMap((p) => coverOf(p) ?? []);
  return {
    kind: 'index',
    title: words.projects.title,
    description: words.projects.description(catalog.site.name),
    path: href(SITE_PATHS.projects),
    address: filteredPath(filters, href),
    images: covers,
    cover: covers[0],
    modified: latestOf(catalog.projects, catalog.modified),
    markdown: [
      `# ${words.projects.title}`,
      refused ? `**${mdText(words.projects.filters.unknown)}**` : mdText(words.projects.intro(catalog.site.name)),
      filterLinks(filters, ctx),
      mdText(words.projects.filters.showing(shown.length, catalog.projects.length)),
      ...filteredSections(shown, ctx),
    ].join('\n\n'),
  };
}

/** The index's views: one per filter the query can state, built once with the pages; a refused query gets the whole list. */
export const PROJECTS_INDEX_VIEWS: PageViews = {
  query: ProjectListQuery,
  keyOf: (query) => filterKey(query as ProjectListQuery),
  views: everyFilter().filter((filters) => Object.keys(filters).length > 0)
    .map((filters) => ({ key: filterKey(filters), build: (ctx: SiteContext) => projectsIndexPage(ctx, filters) })),
  refused: (ctx) => projectsIndexPage(ctx, {}, true),
};

/** The projects before and after this one in the portfolio's order, linked in the page's language. */
function neighbourLinks(project: ProjectEntry, { catalog, href, words }: SiteContext): string {
  const at = catalog.projects.findIndex((p) => p.slug === project.slug);
  const previous = catalog.projects[at - 1];
  const next = catalog.projects[at + 1];
  const names = words.projects.neighbours;
  return [
    previous && `- **${mdText(names.previous)}:** ${mdLink(previous.title, href(projectPath(previous.slug)))}`,
    next && `- **${mdText(names.next)}:** ${mdLink(next.title, href(projectPath(next.slug)))}`,
  ].filter(Boolean).join('\n');
}

export function projectPage(project: ProjectEntry, ctx: SiteContext): Page {
  const { catalog, href } = ctx;
  const words = ctx.words.projects;
  const images = entryImageMarkdown(project, ctx.words);
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
      factsMarkdown(project, ctx),
      project.body,
      images.gallery,
      creditsMarkdown(project, ctx),
      '---',
      neighbourLinks(project, ctx),
      `${mdLink(words.allProjects, href(SITE_PATHS.projects))} · ${mdLink(words.startConversation, href(SITE_PATHS.contact))}`,
    ].filter(Boolean).join('\n\n'),
  };
}
