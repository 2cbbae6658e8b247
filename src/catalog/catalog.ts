import type { Schedule } from '../consultations/schedule.js';
import type { ImageRole } from '../contract/catalog.js';
import type { ImageVariant, SourceImage } from '../images/recipe.js';
import type { ProjectFile, ServiceFile, PageFile, SiteFile } from './content-schemas.js';
import type { Locale } from '../words/locale.js';

// The firm's content, validated and frozen at start-up. Nothing reads content files after that.

/** An image of an entry, checked at start-up, with every variant the pipeline makes of it. */
export interface CatalogImage {
  role: ImageRole;
  alt: string;
  caption?: string;
  source: SourceImage;
  /** Best format first, narrowest first within a format (src/images/recipe.ts). */
  variants: readonly ImageVariant[];
}

export interface EntryFields {
  slug: string;
  /** Markdown body of the file, the page's own text. */
  body: string;
  /** Path of the source file, for messages. */
  file: string;
  /** The cover first, then the gallery in order; empty when the file declares none. */
  images: readonly CatalogImage[];
  /** When the file or one of its images last changed (the sitemap's lastmod). */
  modified: Date;
  /** The language the entry's words are in: the catalog's own, or the default's when it has no translation yet. */
  language: Locale;
}

export type ProjectEntry = ProjectFile & EntryFields;
export type ServiceEntry = ServiceFile & EntryFields;
export type PageEntry = PageFile & EntryFields;

export interface Catalog {
  readonly site: SiteFile;
  /** What can be booked with the studio, and when (site.yaml's `consultations`); none offered when absent. */
  readonly consultations: Schedule | undefined;
  readonly projects: readonly ProjectEntry[];
  readonly services: readonly ServiceEntry[];
  /** Text pages such as about; served at /<slug>. */
  readonly pages: readonly PageEntry[];
  /** The latest change to any content file or image. */
  readonly modified: Date;
  /** The language of this catalog's words. */
  readonly language: Locale;
  /** The same catalog in every language of the site, this one included (src/catalog/translations.ts). */
  readonly inLanguage: Readonly<Record<Locale, Catalog>>;
}

/** The catalog in a language: entries without a translation keep the default language's words, saying so by their `language`. */
export function catalogIn(catalog: Catalog, locale: Locale): Catalog {
  return catalog.inLanguage[locale];
}

export const projectPath = (slug: string): string => `/projects/${slug}`;
export const servicePath = (slug: string): string => `/services/${slug}`;
export const pagePath = (slug: string): string => `/${slug}`;

/** The latest of some dates (an entry's file and images, a page's entries): the sitemap's lastmod. */
export function latestDate(dates: readonly Date[], none = new Date(0)): Date {
  return dates.length === 0 ? none : new Date(Math.max(...dates.map((d) => d.getTime())));
}

/** Every image of the catalog, each once. */
export function catalogImages(catalog: Catalog): CatalogImage[] {
  return [...catalog.projects, ...catalog.services, ...catalog.pages].flatMap((entry) => entry.images);
}

/** The image that stands for an entry: its cover, else the first of its gallery. */
export function coverOf(entry: { images: readonly CatalogImage[] }): CatalogImage | undefined {
  return entry.images[0];
}

/** The JPEG at the largest width: the one variant every client can show. */
export function fallbackVariant(image: CatalogImage): ImageVariant {
  const jpegs = image.variants.filter((v) => v.type === 'image/jpeg');
  return jpegs[jpegs.length - 1] ?? image.variants[image.variants.length - 1]!;
}

/** The fallback JPEG's absolute URL: what the sitemap and structured data name for an image. */
export function fallbackUrl(image: CatalogImage, baseUrl: string): string {
  return baseUrl + fallbackVariant(image).path;
}
