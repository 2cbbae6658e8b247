import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { toProjectItem, toServiceItem } from '../catalog/api-items.js';
import type { Catalog } from '../catalog/catalog.js';
import { PATHS } from '../contract/paths.js';
import { Project, Service } from '../contract/catalog.js';
import { RefOf } from '../contract/schema-helpers.js';
import { ETAG_DOC, errorResponses, NOT_MODIFIED_RESPONSE, RATE_LIMIT_HEADER_DOCS } from '../http/route-docs.js';
import { jsonRepresentation, sendRepresentation, type Representation } from '../http/representation.js';

function listRoute(app: FastifyInstance, path: string, operationId: string, summary: string, listSchema: TSchema, body: Representation): void {
  app.get(path, {
    schema: {
      operationId,
      summary,
      tags: ['catalog'],
      response: {
        200: { ...listSchema, description: summary, headers: { ETag: ETAG_DOC, ...RATE_LIMIT_HEADER_DOCS } },
        304: NOT_MODIFIED_RESPONSE,
        ...errorResponses([429]),
      },
    },
    config: { rateLimit: 'read' },
  }, async (request, reply) => sendRepresentation(request, reply, body));
}

/** The portfolio and the service catalog, serialized once: the catalog only changes on restart. */
export function registerReadRoutes(app: FastifyInstance, catalog: Catalog, baseUrl: string): void {
  const projects = catalog.projects.map((entry) => toProjectItem(entry, baseUrl));
  const services = catalog.services.map((entry) => toServiceItem(entry, baseUrl));
  listRoute(app, PATHS.projects, 'listProjects', 'List portfolio projects',
    Type.Object({ projects: Type.Array(RefOf(Project)) }), jsonRepresentation({ projects }));
  listRoute(app, PATHS.services, 'listServices', 'List services',
    Type.Object({ services: Type.Array(RefOf(Service)) }), jsonRepresentation({ services }));
}
