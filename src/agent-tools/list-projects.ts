import { Project, ProjectFilters } from '../contract/catalog.js';
import { LOCATIONS } from '../contract/inquiry.js';
import { PATHS } from '../contract/paths.js';
import type { AgentCatalog, OperationDefinition } from './operation.js';
import { READ_LIMIT_TEXT, READ_ONLY } from './read-operations.js';
import { listOf, toolSchema, type ArgumentsSchema } from './schemas.js';

// list_projects: the portfolio, optionally filtered by region or by location text.

/** Trimmed by the contract's validator: a location of only spaces is refused like an empty one. */
const ARGUMENTS = { ...toolSchema(ProjectFilters), type: 'object' } as ArgumentsSchema;

/** Each filter in words. The MCP endpoint knows each project's region; the REST list the website reads does not. */
const FILTERS = {
  region: `"region" (the same values as the location of an inquiry: ${LOCATIONS.join(', ')})`,
  location: '"location" (text the project\'s location must contain, case-insensitive, e.g. "Florida")',
} as const;
type Filter = keyof typeof FILTERS;

function toolDescription(studio: string, filters: readonly Filter[]): string {
  const texts = filters.map((f) => FILTERS[f]);
  return `List the portfolio projects of ${studio}: slug, title, location, description, scope and the URL of each project page. `
    + `Call it without arguments to get every project. Optional filter${texts.length > 1 ? 's' : ''}: ${texts.join(' and ')}. ${READ_LIMIT_TEXT}`;
}

function filtered({ projects, allProjects }: AgentCatalog, args: Record<string, unknown>): Record<string, unknown> {
  const { location, region } = args as { location?: string; region?: string };
  if (location === undefined && region === undefined) return allProjects;
  const text = location?.toLowerCase();
  return {
    projects: projects
      .filter((p) => (region === undefined || p.region === region) && (text === undefined || p.item.location?.toLowerCase().includes(text)))
      .map((p) => p.item),
  };
}

const BROWSER_FILTERS: readonly Filter[] = ['location'];

export const listProjects: OperationDefinition = {
  title: (studio) => `${studio} portfolio`,
  arguments: ARGUMENTS,
  examples: [{}, { region: LOCATIONS[0] }, { location: 'Florida' }],
  result: listOf('projects', Project),
  hints: READ_ONLY,
  tool: { description: (studio) => toolDescription(studio, ['region', 'location']), purpose: 'reads the portfolio' },
  skill: {
    description: (studio, words) => `The portfolio projects of ${studio}. ${words.call()}, with ${words.arguments} as optional filters: `
      + `${FILTERS.region} and ${FILTERS.location}. The answer is a message with a data part: {"projects": [...]}, `
      + `the objects of GET ${PATHS.projects} `
      + `(slug, title, location, description, scope, the page URL, images). ${READ_LIMIT_TEXT}`,
    tags: ['portfolio', 'projects', 'architecture', 'read-only'],
  },
  browser: {
    description: (studio) => toolDescription(studio, BROWSER_FILTERS),
    arguments: BROWSER_FILTERS,
    runs: { read: { path: PATHS.projects, items: 'projects' } },
  },
  unfilteredAnswer: (catalog) => catalog.allProjects,
  run: async (args, _caller, { catalog }) => ({ value: filtered(catalog, args) }),
};
