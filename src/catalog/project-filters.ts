import { LOCATIONS } from '../contract/inquiry.js';
import { KINDS_OF_WORK } from '../contract/project-facts.js';
import type { ProjectListQuery } from '../contract/catalog.js';

// Narrowing the portfolio by region and kind of work: one rule for the API, the agent tools and the
// projects page, so each shows the same projects for the same filter.

/** What a filter looks at: a catalog entry and an API item both have it. */
export interface FilterableProject {
  region?: string;
  work?: readonly string[];
}

/** Whether a project passes the filters; a filter left out passes every project. */
export function matchesFilters(project: FilterableProject, filters: ProjectListQuery): boolean {
  return (filters.region === undefined || project.region === filters.region)
    && (filters.work === undefined || (project.work ?? []).includes(filters.work));
}

/** Every filter the query can state, the unfiltered list first: few enough to prepare each once. */
export function everyFilter(): ProjectListQuery[] {
  const regions = [undefined, ...LOCATIONS];
  const works = [undefined, ...KINDS_OF_WORK];
  return regions.flatMap((region) => works.map((work) => ({
    ...(region !== undefined && { region }),
    ...(work !== undefined && { work }),
  })));
}

/** A filter's key in a map of prepared answers. */
export function filterKey(filters: ProjectListQuery): string {
  return `${filters.region ?? ''}|${filters.work ?? ''}`;
}
