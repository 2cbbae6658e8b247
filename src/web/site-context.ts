import type { Catalog } from '../catalog/catalog.js';

/** The parts of an OpenAPI 3.1 document the pages read. */
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** What page builders read: the frozen catalog, the origin, and the app's generated API description. */
export interface SiteContext {
  catalog: Catalog;
  baseUrl: string;
  openapi: OpenApiDocument;
  /** True when the app serves GET at this path (links to documents of other surfaces only when they exist). */
  serves(path: string): boolean;
}
