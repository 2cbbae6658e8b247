import { matchesFilters } from '../catalog/project-filters.js';
import { Project, ProjectFilters } from '../contract/catalog.js';
import { LOCATIONS } from '../contract/inquiry.js';
import { KINDS_OF_WORK } from '../contract/project-facts.js';
import { PATHS } from '../contract/paths.js';
import type { AgentCatalog, OperationDefinition } from './operation.js';
import { READ_LIMIT_TEXT, READ_ONLY } from './read-operations.js';
import { listOf, toolSchema, type ArgumentsSchema } from './schemas.js';

// list_projects: the portfolio, optionally filtered by region, kind of work or location text.

/** Trimmed by the contract's validator: a location of only spaces is refused like an empty one. */
const ARGUMENTS = { ...toolSchema(ProjectFilters), type: 'object' } as ArgumentsSchema;

/** Each filter in words. */
const FILTERS = {
  region: `"region" (the same values as the location of an inquiry: ${LOCATIONS.join(', ')})`,
  work: `"work" (a kind of work the project includes: ${KINDS_OF_WORK.join(', ')})`,
  location: '"location" (text the project\'s location must contain, case-insensitive, e.g. "Florida")',
} as const;
type Filter = keyof typeof FILTERS;

function toolDescription(studio: string, filters: readonly Filter[]): string {
  const texts = filters.map((f) => FILTERS[f]);
  return `List the portfolio projects of ${studio}: slug, title, location, description, scope, the URL of each project page and its facts `
    + `(region, year, status, size in square feet and meters, kinds of work, team, photographer credit, services shown). `
    + `Call it without arguments to get every project. Optional filter${texts.length > 1 ? 's' : ''}: ${texts.join(', ')}. ${READ_LIMIT_TEXT}`;
}

/** The projects the filters keep: region and work as the REST list filters them (one rule), and the location text. */
function filtered({ projects, allProjects }: AgentCatalog, args: Record<string, unknown>): Record<string, unknown> {
  const { location, region, work } = args as ProjectFilters;
  if (location === undefined && region === undefined && work === undefined) return allProjects;
  const text = location?.toLowerCase();
  return {
    projects: projects
      .filter((p) => matchesFilters({ region: p.region, work: p.item.work }, { region, work }) && (text === undefined || p.item.location?.toLowerCase().includes(text)))
      .map((p) => p.item),
  };
}

/** The page's tool asks the REST list for region and work (its query), and filters the location text itself. */
const BROWSER_FILTERS: readonly Filter[] = ['region', 'work', 'location'];

export const listProjects: OperationDefinition = {
  title: (studio) => `${studio} portfolio`,
  arguments: ARGUMENTS,
  examples: [{}, { region: LOCATIONS[0] }, { work: 'renovation' }, { location: 'Florida' }],
  result: listOf('projects', Project),
  hints: READ_ONLY,
  tool: { description: (studio) => toolDescription(studio, ['region', 'work', 'location']), purpose: 'reads the portfolio' },
  skill: {
    description: (studio, words) => `The portfolio projects of ${studio}. ${words.call()}, with ${words.arguments} as optional filters: `
      + `${FILTERS.region}, ${FILTERS.work} and ${FILTERS.location}. The answer is a message with a data part: {"projects": [...]}, `
      + `the objects of GET ${PATHS.projects} `
      + `(slug, title, location, description, scope, the page URL, images and the project's facts). ${READ_LIMIT_TEXT}`,
    tags: ['portfolio', 'projects', 'architecture', 'read-only'],
  },
  browser: {
    description: (studio) => toolDescription(studio, BROWSER_FILTERS),
    arguments: BROWSER_FILTERS,
    runs: { read: { path: PATHS.projects, items: 'projects', query: ['region', 'work'] } },
  },
  unfilteredAnswer: (catalog) => catalog.allProjects,
  run: async (args, _caller, { catalog }) => ({ value: filtered(catalog, args) }),
};
