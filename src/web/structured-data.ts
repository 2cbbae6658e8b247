import { fallbackUrl, pagePath, projectPath, servicePath, type CatalogImage, type PageEntry, type ProjectEntry, type ServiceEntry } from '../catalog/catalog.js';
import type { Office, SiteFile } from '../catalog/content-schemas.js';
import { markdownSections } from './markdown.js';
import { openingHoursSpecification } from './office-hours.js';
import type { Words } from '../words/words.js';
import { LOCATIONS } from '../contract/inquiry.js';
import { squareMetersOf } from '../contract/project-facts.js';
import { SITE_PATHS } from './site-paths.js';
import type { SiteContext } from './site-context.js';
import { LANGUAGE_TAGS, LOCALES } from '../words/locale.js';

// schema.org objects about what a page shows, for search engines and agents (the head sends them as
// JSON-LD). Every value comes from the catalog; the page builders choose which objects a page carries.

export type JsonLd = Record<string, unknown>;

const FIRM_TYPE = 'HomeAndConstructionBusiness';
/** The firm's node: described in full on the home page, referred to by this @id (with its name) everywhere else. */
const firmId = (baseUrl: string): string => `${baseUrl}${SITE_PATHS.home}#studio`;
const firmRef = (site: SiteFile, baseUrl: string): JsonLd => ({ '@type': FIRM_TYPE, '@id': firmId(baseUrl), name: site.name });

/** The largest JPEG, absolute: the one image URL every reader can fetch. */
const imageUrls = (images: readonly CatalogImage[], baseUrl: string): { image?: string[] } =>
  images.length > 0 ? { image: images.map((image) => fallbackUrl(image, baseUrl)) } : {};

/**
 * Where the firm works: the regions an inquiry can name (the contract's locations), without the catch-all
 * "other" (the comparison fails the typecheck if the contract drops that value).
 */
const areaServed = (words: Words): JsonLd[] =>
  LOCATIONS.filter((l) => l !== 'other').map((l) => ({ '@type': 'Place', name: words.enums.location[l] }));

/** An office's address: its street and postal code when site.yaml gives them; the city, "Miami, Florida", as the locality, then the region. */
function officeAddress(office: Office): JsonLd {
  const [locality, ...region] = office.city.split(',').map((part) => part.trim());
  return {
    '@type': 'PostalAddress',
    ...(office.street !== undefined && { streetAddress: office.street }),
    addressLocality: locality,
    ...(region.length > 0 && { addressRegion: region.join(', ') }),
    ...(office.postal_code !== undefined && { postalCode: office.postal_code }),
  };
}

/** An office as a Place: its address, what it does, its phone and opening hours. */
const officePlace = (office: Office): JsonLd => ({
  '@type': 'Place',
  name: office.city,
  address: officeAddress(office),
  ...(office.note !== undefined && { description: office.note }),
  ...(office.phone !== undefined && { telephone: office.phone }),
  ...(office.hours !== undefined && { openingHoursSpecification: openingHoursSpecification(office.hours) }),
});

/**
 * The firm. HomeAndConstructionBusiness is schema.org's LocalBusiness for builders and home services; a
 * firm with several offices gives each as a `location` (a Place with its address, phone, hours and what it
 * serves) and every address as `address`.
 */
export function firmData({ catalog, baseUrl, href, words }: SiteContext, cover: CatalogImage | undefined): JsonLd {
  const site: SiteFile = catalog.site;
  const offices = site.offices ?? [];
  return {
    '@type': FIRM_TYPE,
    '@id': firmId(baseUrl),
    name: site.name,
    description: site.description,
    slogan: site.tagline,
    url: baseUrl + href(SITE_PATHS.home),
    email: site.email,
    knowsLanguage: LOCALES.map((locale) => LANGUAGE_TAGS[locale]),
    ...(site.phone !== undefined && { telephone: site.phone }),
    ...(offices.length > 0 && { address: offices.map(officeAddress), location: offices.map(officePlace) }),
    areaServed: areaServed(words),
    ...imageUrls(cover ? [cover] : [], baseUrl),
  };
}

/**
 * A FAQ page's questions and answers, from its Markdown (one source): each `## ` heading is a question and
 * the text under it, as HTML, its answer (schema.org's Answer.text may hold links and lists).
 */
export function faqData(entry: PageEntry, body: string, { baseUrl, href }: SiteContext): JsonLd {
  const url = baseUrl + href(pagePath(entry.slug));
  return {
    '@type': 'FAQPage',
    '@id': `${url}#faq`,
    url,
    name: entry.title,
    inLanguage: LANGUAGE_TAGS[entry.language],
    mainEntity: markdownSections(body).map(({ heading, html }) => ({
      '@type': 'Question',
      name: heading,
      acceptedAnswer: { '@type': 'Answer', text: html },
    })),
  };
}

/** Home › section › page: how a search result shows where the page sits. */
function breadcrumbs(baseUrl: string, trail: Array<[name: string, path: string]>): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: baseUrl + path })),
  };
}

/** The floor area in both units, as UN/CEFACT codes name them (FTK: square foot, MTK: square meter). */
function floorArea(squareFeet: number, words: Words): JsonLd[] {
  const name = words.projects.facts.size;
  return [
    { '@type': 'QuantitativeValue', name, value: squareFeet, unitCode: 'FTK', unitText: 'ft²' },
    { '@type': 'QuantitativeValue', name, value: squareMetersOf(squareFeet), unitCode: 'MTK', unitText: 'm²' },
  ];
}

/**
 * The team as schema.org's Role pattern: each contributor wrapped in a Role naming what they did. The
 * studio is its own node; every other name is a person (the content credits people, not their firms).
 */
function contributors(project: ProjectEntry, site: SiteFile, baseUrl: string, words: Words): { contributor?: JsonLd[] } {
  if (!project.team?.length) return {};
  return {
    contributor: project.team.map(({ role, name }) => ({
      '@type': 'Role',
      roleName: words.projects.roles[role],
      contributor: name === site.name ? firmRef(site, baseUrl) : { '@type': 'Person', name },
    })),
  };
}

/** The pictures; with a photographer, each an ImageObject crediting them (creditText and creator). */
function projectImages(project: ProjectEntry, baseUrl: string): { image?: Array<string | JsonLd> } {
  const { image } = imageUrls(project.images, baseUrl);
  if (!image || project.photographer === undefined) return image ? { image } : {};
  const creator = { '@type': 'Person', name: project.photographer };
  return { image: image.map((url) => ({ '@type': 'ImageObject', contentUrl: url, url, creditText: project.photographer, creator })) };
}

/**
 * A project as a CreativeWork: schema.org has no type for a designed and built house, and its Place types
 * (House, Residence) describe a building, without an author or a date; the portfolio shows the studio's
 * work, which is what CreativeWork's creator, dateCreated and locationCreated say.
 */
export function projectData(project: ProjectEntry, { catalog, baseUrl, href, words }: SiteContext): JsonLd[] {
  const url = baseUrl + href(projectPath(project.slug));
  return [{
    '@type': 'CreativeWork',
    '@id': `${url}#work`,
    name: project.title,
    ...(project.description !== undefined && { description: project.description }),
    url,
    ...projectImages(project, baseUrl),
    ...(project.year !== undefined && { dateCreated: String(project.year) }),
    ...(project.status !== undefined && { creativeWorkStatus: words.projects.statuses[project.status] }),
    ...(project.size_sqft !== undefined && { size: floorArea(project.size_sqft, words) }),
    ...(project.location !== undefined && { locationCreated: { '@type': 'Place', name: project.location } }),
    ...(project.scope !== undefined && { keywords: project.scope.join(', ') }),
    creator: firmRef(catalog.site, baseUrl),
    ...contributors(project, catalog.site, baseUrl, words),
    inLanguage: LANGUAGE_TAGS[project.language],
  }, breadcrumbs(baseUrl, [[words.site.homeTitle, href(SITE_PATHS.home)], [words.site.projects, href(SITE_PATHS.projects)], [project.title, href(projectPath(project.slug))]])];
}

export function serviceData(service: ServiceEntry, { catalog, baseUrl, href, words }: SiteContext): JsonLd[] {
  const url = baseUrl + href(servicePath(service.slug));
  return [{
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.title,
    ...(service.description !== undefined && { description: service.description }),
    url,
    ...imageUrls(service.images, baseUrl),
    provider: firmRef(catalog.site, baseUrl),
    areaServed: areaServed(words),
    inLanguage: LANGUAGE_TAGS[service.language],
  }, breadcrumbs(baseUrl, [[words.site.homeTitle, href(SITE_PATHS.home)], [words.site.services, href(SITE_PATHS.services)], [service.title, href(servicePath(service.slug))]])];
}
