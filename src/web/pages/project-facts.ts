import { servicePath, type ProjectEntry } from '../../catalog/catalog.js';
import { squareMetersOf } from '../../contract/project-facts.js';
import { INTL_LOCALES, type Locale } from '../../words/locale.js';
import { mdLink, mdText } from '../markdown.js';
import type { SiteContext } from '../site-context.js';

// A project's facts as the project page shows them: lists of labelled lines ("- **Year:** 2023"), which
// the HTML renders as description lists (src/web/markdown-lists.ts) and the Markdown twin keeps as they are.

/** An area in both units, its numbers grouped as the language writes them ("4,800 ft² (446 m²)"). */
export function areaText(squareFeet: number, { locale, words }: Pick<SiteContext, 'locale' | 'words'>): string {
  const numbers = new Intl.NumberFormat(INTL_LOCALES[locale], { maximumFractionDigits: 0 });
  return words.projects.facts.area(numbers.format(squareFeet), numbers.format(squareMetersOf(squareFeet)));
}

/** Words joined as a sentence joins them ("a, b and c", "a, b y c"), the later ones in lower case. */
function sentenceList(items: readonly string[], locale: Locale): string {
  const lowered = items.map((item, i) => (i === 0 ? item : item.charAt(0).toLowerCase() + item.slice(1)));
  return new Intl.ListFormat(INTL_LOCALES[locale], { type: 'conjunction' }).format(lowered);
}

const line = (label: string, value: string): string => `- **${mdText(label)}:** ${value}`;

/** Year, status, size, kinds of work, scope and the services shown: the lines the project states. */
export function factsMarkdown(project: ProjectEntry, ctx: SiteContext): string {
  const { words, locale, href, catalog } = ctx;
  const { facts } = words.projects;
  const services = (project.services ?? []).flatMap((slug) => catalog.services.find((s) => s.slug === slug) ?? [])
    .map((s) => mdLink(s.title, href(servicePath(s.slug))));
  return [
    project.year !== undefined && line(facts.year, String(project.year)),
    project.status !== undefined && line(facts.status, mdText(words.projects.statuses[project.status])),
    project.size_sqft !== undefined && line(facts.size, mdText(areaText(project.size_sqft, ctx))),
    project.work?.length && line(facts.work, mdText(sentenceList(project.work.map((w) => words.projects.work[w]), locale))),
    project.scope?.length && line(words.projects.scope, project.scope.map(mdText).join(', ')),
    services.length > 0 && line(facts.services, services.join(', ')),
  ].filter(Boolean).join('\n');
}

/** Who made the project, a line per name with the roles they held, and the photographs' credit. */
export function creditsMarkdown(project: ProjectEntry, { words, locale }: SiteContext): string {
  const byName = new Map<string, string[]>();
  for (const { role, name } of project.team ?? []) byName.set(name, [...(byName.get(name) ?? []), words.projects.roles[role]]);
  const lines = [
    ...[...byName].map(([name, roles]) => line(sentenceList(roles, locale), mdText(name))),
    ...(project.photographer !== undefined ? [line(words.projects.facts.photographer, mdText(project.photographer))] : []),
  ];
  return lines.length > 0 ? [`## ${mdText(words.projects.facts.team)}`, lines.join('\n')].join('\n\n') : '';
}
