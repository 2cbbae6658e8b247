import type { Catalog } from '../catalog/catalog.js';
import type { OpenApiDocument } from '../http/openapi.js';

/** What page builders read: the frozen catalog, the origin, and the app's generated API description. */
export interface SiteContext {
  catalog: Catalog;
  baseUrl: string;
  openapi: OpenApiDocument;
  /** True when the app serves GET at this path (links to documents of other surfaces only when they exist). */
  serves(path: string): boolean;
}
