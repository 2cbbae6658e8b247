import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { toProjectItem, toServiceItem } from '../catalog/api-items.js';
import type { Catalog } from '../catalog/catalog.js';
import { PATHS } from '../contract/paths.js';
import { Project, Service } from '../contract/catalog.js';
import { RefOf } from '../contract/schema-helpers.js';
import { errorResponses, notModifiedResponse, RATE_LIMIT_HEADER_DOCS, REPRESENTATION_HEADER_DOCS } from '../http/route-docs.js';
import { jsonRepresentation, sendRepresentation, type Representation } from '../http/representation.js';

interface ListOperation {
  operationId: string;
  summary: string;
  description: string;
}

const CACHING = 'The list changes only when the studio publishes; send the ETag back in If-None-Match to get 304 without a body.';

function listRoute(app: FastifyInstance, path: string, { operationId, summary, description }: ListOperation, listSchema: TSchema, body: Representation): void {
  app.get(path, {
    schema: {
      operationId,
      summary,
      description: `${description} ${CACHING}`,
      tags: ['catalog'],
      response: {
        200: { ...listSchema, description: summary, headers: { ...REPRESENTATION_HEADER_DOCS, ...RATE_LIMIT_HEADER_DOCS } },
        304: notModifiedResponse(RATE_LIMIT_HEADER_DOCS),
        ...errorResponses([429, 500]),
      },
    },
    config: { rateLimit: 'read' },
  }, async (request, reply) => sendRepresentation(request, reply, body));
}

/** The portfolio and the service catalog, serialized once: the catalog only changes on restart. */
export function registerReadRoutes(app: FastifyInstance, catalog: Catalog, baseUrl: string): void {
  const projects = catalog.projects.map((entry) => toProjectItem(entry, baseUrl));
  const services = catalog.services.map((entry) => toServiceItem(entry, baseUrl));
  listRoute(app, PATHS.projects, {
    operationId: 'listProjects',
    summary: 'List portfolio projects',
    description: 'Every published project of the portfolio: where it is, what the studio did, its pictures and the URL of its page.',
  }, Type.Object({ projects: Type.Array(RefOf(Project)) }), jsonRepresentation({ projects }));
  listRoute(app, PATHS.services, {
    operationId: 'listServices',
    summary: 'List services',
    description: 'Every service the studio offers: what it covers, its capabilities, its pictures and the URL of its page.',
  }, Type.Object({ services: Type.Array(RefOf(Service)) }), jsonRepresentation({ services }));
}
