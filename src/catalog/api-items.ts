import { IMAGE_TYPES, type Image, type Project, type Service } from '../contract/catalog.js';
import { squareMetersOf } from '../contract/project-facts.js';
import { fallbackVariant, projectPath, servicePath, type CatalogImage, type ProjectEntry, type ServiceEntry } from './catalog.js';

/** An image as the API shows it: absolute URLs, the largest JPEG as `url`, every variant by format. */
export function toImageItem(image: CatalogImage, baseUrl: string): Image {
  const fallback = fallbackVariant(image);
  const formats = IMAGE_TYPES.map((type) => ({
    type,
    variants: image.variants.filter((v) => v.type === type).map((v) => ({ url: baseUrl + v.path, width: v.width, height: v.height })),
  })).filter((format) => format.variants.length > 0);
  return {
    url: baseUrl + fallback.path,
    alt: image.alt,
    ...(image.caption !== undefined && { caption: image.caption }),
    role: image.role,
    width: fallback.width,
    height: fallback.height,
    formats,
  };
}

const imagesOf = (images: readonly CatalogImage[], baseUrl: string) =>
  images.length > 0 ? { images: images.map((image) => toImageItem(image, baseUrl)) } : {};

// The public API shape of catalog entries: only the contract's fields, with absolute page URLs.
export function toProjectItem(entry: ProjectEntry, baseUrl: string): Project {
  return {
    slug: entry.slug,
    title: entry.title,
    ...(entry.location !== undefined && { location: entry.location }),
    ...(entry.description !== undefined && { description: entry.description }),
    ...(entry.scope !== undefined && { scope: [...entry.scope] }),
    url: baseUrl + projectPath(entry.slug),
    ...imagesOf(entry.images, baseUrl),
    ...projectFacts(entry),
  };
}

/** The facts the file states, in the API's names; the area in both units. */
function projectFacts(entry: ProjectEntry): Partial<Project> {
  return {
    region: entry.region,
    ...(entry.year !== undefined && { year: entry.year }),
    ...(entry.status !== undefined && { status: entry.status }),
    ...(entry.size_sqft !== undefined && { size: { square_feet: entry.size_sqft, square_meters: squareMetersOf(entry.size_sqft) } }),
    ...(entry.work !== undefined && { work: [...entry.work] }),
    ...(entry.team !== undefined && { team: entry.team.map(({ role, name }) => ({ role, name })) }),
    ...(entry.photographer !== undefined && { photographer: entry.photographer }),
    ...(entry.services !== undefined && { services: [...entry.services] }),
  };
}

export function toServiceItem(entry: ServiceEntry, baseUrl: string): Service {
  return {
    slug: entry.slug,
    title: entry.title,
    ...(entry.description !== undefined && { description: entry.description }),
    ...(entry.capabilities !== undefined && { capabilities: entry.capabilities }),
    url: baseUrl + servicePath(entry.slug),
    ...imagesOf(entry.images, baseUrl),
  };
}
