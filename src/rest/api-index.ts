import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { RefOf } from '../contract/schema-helpers.js';
import { API_DOCUMENT_VERSION, API_VERSION, DEPRECATION_POLICY } from '../contract/api.js';
import { PATHS } from '../contract/paths.js';
import { errorResponses, notModifiedResponse, RATE_LIMIT_HEADER_DOCS, REPRESENTATION_HEADER_DOCS } from '../http/route-docs.js';
import { apiOperations, type OpenApiDocument } from '../http/openapi.js';
import { jsonRepresentation, sendRepresentation, type Representation } from '../http/representation.js';

const Endpoint = Type.Object({
  method: Type.String(),
  path: Type.String(),
  url: Type.String({ format: 'uri-template', description: 'The absolute URL; an RFC 6570 template where the path has a parameter ({id}).' }),
  operationId: Type.String(),
  summary: Type.Optional(Type.String()),
  deprecated: Type.Optional(Type.Boolean()),
});

export const ApiIndex = Type.Object({
  name: Type.String(),
  version: Type.String({ description: 'The version in the URL path.' }),
  api_version: Type.String({ description: 'Version of the API description document.' }),
  base_url: Type.String({ format: 'uri' }),
  deprecation_policy: Type.Object({ summary: Type.String(), minimum_support_months: Type.Integer(), headers: Type.Array(Type.String()) }),
  documentation: Type.Record(Type.String(), Type.String({ format: 'uri' })),
  endpoints: Type.Array(Endpoint),
}, { $id: 'ApiIndex', title: 'ApiIndex' });

/**
 * GET /api/v1: the version, the deprecation policy and every operation of the origin, read from the
 * OpenAPI document the route schemas generate (built on first request, once every route exists).
 */
export function registerApiIndex(app: FastifyInstance, baseUrl: string, name: string): void {
  let index: Representation | undefined;
  const build = (): Representation => jsonRepresentation({
    name,
    version: API_VERSION,
    api_version: API_DOCUMENT_VERSION,
    base_url: baseUrl,
    deprecation_policy: {
      summary: DEPRECATION_POLICY.summary,
      minimum_support_months: DEPRECATION_POLICY.minimumSupportMonths,
      headers: DEPRECATION_POLICY.headers,
    },
    documentation: {
      openapi: baseUrl + PATHS.openapi,
      developers: baseUrl + PATHS.developers,
      llms: baseUrl + PATHS.llms,
      api_catalog: baseUrl + PATHS.apiCatalog,
    },
    endpoints: apiOperations(app.swagger() as unknown as OpenApiDocument).map((op) => ({
      method: op.method,
      path: op.path,
      url: baseUrl + op.path,
      operationId: op.operationId,
      ...(op.summary && { summary: op.summary }),
      ...(op.deprecated && { deprecated: true }),
    })),
  });

  app.get(PATHS.apiIndex, {
    schema: {
      operationId: 'getApiIndex',
      summary: 'API index: version, deprecation policy and endpoints',
      description: `The entry point for a client that knows only the base URL: the version in the path (${API_VERSION}), `
        + `the version of this document (${API_DOCUMENT_VERSION}), the deprecation policy, the documentation's addresses `
        + 'and every operation of this document with its absolute URL. Send the ETag back in If-None-Match to get 304.',
      tags: ['index'],
      response: {
        200: RefOf(ApiIndex, { description: 'The API index.', headers: { ...REPRESENTATION_HEADER_DOCS, ...RATE_LIMIT_HEADER_DOCS } }),
        304: notModifiedResponse(RATE_LIMIT_HEADER_DOCS),
        ...errorResponses([429, 500]),
      },
    },
    config: { rateLimit: 'read' },
  }, async (request, reply) => sendRepresentation(request, reply, (index ??= build())));
}
