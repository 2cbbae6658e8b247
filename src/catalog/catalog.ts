import type { ProjectFile, ServiceFile, PageFile, SiteFile } from './content-schemas.js';

// The firm's content, validated and frozen at start-up. Nothing reads content files after that.
interface Entry {
  slug: string;
  /** Markdown body of the file, the page's own text. */
  body: string;
  /** Path of the source file, for messages. */
  file: string;
}

export type ProjectEntry = ProjectFile & Entry;
export type ServiceEntry = ServiceFile & Entry;
export type PageEntry = PageFile & Entry;

export interface Catalog {
  readonly site: SiteFile;
  readonly projects: readonly ProjectEntry[];
  readonly services: readonly ServiceEntry[];
  /** Text pages such as about; served at /<slug>. */
  readonly pages: readonly PageEntry[];
}

export const projectPath = (slug: string): string => `/projects/${slug}`;
export const servicePath = (slug: string): string => `/services/${slug}`;
export const pagePath = (slug: string): string => `/${slug}`;
