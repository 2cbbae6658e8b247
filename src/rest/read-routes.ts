import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { toProjectItem, toServiceItem } from '../catalog/api-items.js';
import type { Catalog } from '../catalog/catalog.js';
import { PATHS } from '../contract/paths.js';
import { Project, ProjectListQuery, Service } from '../contract/catalog.js';
import { everyFilter, filterKey, matchesFilters } from '../catalog/project-filters.js';
import { RefOf } from '../contract/schema-helpers.js';
import { errorResponses, notModifiedResponse, RATE_LIMIT_HEADER_DOCS, REPRESENTATION_HEADER_DOCS } from '../http/route-docs.js';
import { jsonRepresentation, sendRepresentation, type Representation } from '../http/representation.js';

interface ListOperation {
  operationId: string;
  summary: string;
  description: string;
}

const CACHING = 'The list changes only when the studio publishes; send the ETag back in If-None-Match to get 304 without a body.';

/**
 * A list route. With a query schema, `body` picks the prepared answer for the checked query, each with
 * its own ETag; a value the schema refuses is the contract's 400.
 */
function listRoute(app: FastifyInstance, path: string, { operationId, summary, description }: ListOperation, listSchema: TSchema,
  body: (query: Record<string, string>) => Representation, querystring?: TSchema): void {
  app.get(path, {
    schema: {
      operationId,
      summary,
      description: `${description} ${CACHING}`,
      tags: ['catalog'],
      ...(querystring && { querystring }),
      response: {
        200: { ...listSchema, description: summary, headers: { ...REPRESENTATION_HEADER_DOCS, ...RATE_LIMIT_HEADER_DOCS } },
        304: notModifiedResponse(RATE_LIMIT_HEADER_DOCS),
        ...errorResponses(querystring ? [400, 429, 500] : [429, 500]),
      },
    },
    config: { rateLimit: 'read' },
  }, async (request, reply) => sendRepresentation(request, reply, body(request.query as Record<string, string>)));
}

/** The projects list for every filter the query can state, serialized once each. */
function projectLists(projects: readonly Project[]): (query: ProjectListQuery) => Representation {
  const lists = new Map(everyFilter().map((filters) =>
    [filterKey(filters), jsonRepresentation({ projects: projects.filter((p) => matchesFilters(p, filters)) })]));
  return (query) => lists.get(filterKey(query))!;
}

/** The portfolio and the service catalog, serialized once: the catalog only changes on restart. */
export function registerReadRoutes(app: FastifyInstance, catalog: Catalog, baseUrl: string): void {
  const projects = catalog.projects.map((entry) => toProjectItem(entry, baseUrl));
  const serviceList = jsonRepresentation({ services: catalog.services.map((entry) => toServiceItem(entry, baseUrl)) });
  listRoute(app, PATHS.projects, {
    operationId: 'listProjects',
    summary: 'List portfolio projects',
    description: 'Every published project of the portfolio: where it is, what the studio did, its facts (year, status, size, kinds of work, '
      + 'team, photographer credit, services shown), its pictures and the URL of its page; narrowed by region and kind of work when asked.',
  }, Type.Object({ projects: Type.Array(RefOf(Project)) }), projectLists(projects), ProjectListQuery);
  listRoute(app, PATHS.services, {
    operationId: 'listServices',
    summary: 'List services',
    description: 'Every service the studio offers: what it covers, its capabilities, its pictures and the URL of its page.',
  }, Type.Object({ services: Type.Array(RefOf(Service)) }), () => serviceList);
}
