import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Type, type Static, type TObject } from 'typebox';
import { isLocale, type Locale } from '../words/locale.js';
import type { CatalogImage, EntryFields } from './catalog.js';
import { checkContent, ConsultationsSection, ImageDeclaration, Office, PageFile, ProjectFile, ServiceFile, SiteFile } from './content-schemas.js';
import { parseYamlData, splitFrontMatter } from './front-matter.js';

// A content file's translation sits beside it: `about.es.md` beside `about.md`, `site.es.yaml` beside
// `site.yaml`. It carries only words (the title, the description, the body, the images' alt text and
// captions); everything else (region, year, order, the image files) is the original's and is refused
// here, so a fact is written once. An entry without a translation is shown in the original's language.

/** An image's words, in the order the original declares its images; `file` may be repeated, and must then match. */
const ImageWords = Type.Object({
  file: Type.Optional(ImageDeclaration.properties.file),
  alt: ImageDeclaration.properties.alt,
  caption: ImageDeclaration.properties.caption,
}, { additionalProperties: false });
type ImageWords = Static<typeof ImageWords>;

const imageWords = { cover: Type.Optional(ImageWords), gallery: Type.Optional(Type.Array(ImageWords)) };

/** The translatable fields of an entry's schema, with the original's rules, and all optional but the title. */
function wordsOf<T extends TObject>(schema: T, keys: ReadonlyArray<keyof T['properties'] & string>): TObject {
  const properties: Record<string, unknown> = {};
  for (const key of keys) properties[key] = key === 'title' ? schema.properties[key] : Type.Optional(schema.properties[key]!);
  return Type.Object({ ...(properties as Record<string, never>), ...imageWords }, { additionalProperties: false });
}

const ConsultationType = ConsultationsSection.properties.types.items;

export const TRANSLATABLE = {
  projects: wordsOf(ProjectFile, ['title', 'description', 'location', 'scope']),
  services: wordsOf(ServiceFile, ['title', 'description', 'capabilities']),
  pages: wordsOf(PageFile, ['title', 'description', 'nav']),
} as const;
export type TranslatedFolder = keyof typeof TRANSLATABLE;

/** site.<locale>.yaml: the site's words; offices in the original's order, consultation types by slug. */
export const SiteWords = Type.Object({
  tagline: SiteFile.properties.tagline,
  description: SiteFile.properties.description,
  offices: Type.Optional(Type.Array(Type.Object({
    city: Type.Optional(Office.properties.city),
    note: Office.properties.note,
    hours_note: Office.properties.hours_note,
  }, { additionalProperties: false }))),
  consultation_types: Type.Optional(Type.Array(Type.Object({
    slug: ConsultationType.properties.slug,
    title: ConsultationType.properties.title,
    description: ConsultationType.properties.description,
  }, { additionalProperties: false }))),
}, { additionalProperties: false });
export type SiteWords = Static<typeof SiteWords>;

/** A translation file's name split: `about.es.md` → slug about, locale es; undefined for an original. */
export function translationName(name: string): { slug: string; locale: string } | undefined {
  const match = /^(.+)\.([a-z]{2}(?:-[a-z0-9]+)?)\.md$/i.exec(name);
  return match ? { slug: match[1]!, locale: match[2]! } : undefined;
}

export interface EntryTranslation {
  locale: Locale;
  file: string;
  fields: Record<string, unknown> & { cover?: ImageWords; gallery?: ImageWords[] };
  body: string;
  modified: Date;
}

/** Reads and checks one translation file; a problem names the field, as the originals' checks do. */
export async function readEntryTranslation(folderDir: string, folder: TranslatedFolder, name: string): Promise<EntryTranslation> {
  const file = join(folderDir, name);
  const { locale } = translationName(name)!;
  if (!isLocale(locale)) throw new Error(`"${locale}" is not a language the site speaks`);
  const { data, body } = splitFrontMatter(await readFile(file, 'utf8'));
  const fields = checkContent(TRANSLATABLE[folder], data) as EntryTranslation['fields'];
  return { locale, file, fields, body, modified: (await stat(file)).mtime };
}

/**
 * The original's images with the translation's words; the counts, and any file named, must match. A file
 * is named as in the original, relative to the folder both files share.
 */
function translatedImages(images: readonly CatalogImage[], words: EntryTranslation['fields'], folder: string): CatalogImage[] {
  const covers = images.filter((image) => image.role === 'cover');
  const gallery = images.filter((image) => image.role === 'gallery');
  const given: Array<[string, CatalogImage, ImageWords | undefined]> = [
    ...covers.map((image): [string, CatalogImage, ImageWords | undefined] => ['cover', image, words.cover]),
    ...gallery.map((image, i): [string, CatalogImage, ImageWords | undefined] => [`gallery.${i}`, image, words.gallery?.[i]]),
  ];
  if (words.cover && covers.length === 0) throw new Error('field "cover": the original has no cover');
  if ((words.gallery?.length ?? 0) > gallery.length) throw new Error(`field "gallery": the original has ${gallery.length} images`);
  return given.map(([field, image, w]) => {
    if (!w) return image;
    if (w.file !== undefined && resolve(folder, w.file) !== resolve(image.source.file)) throw new Error(`field "${field}.file": the original's image here is another file`);
    const { caption: _caption, ...rest } = image;
    return { ...rest, alt: w.alt, ...(w.caption !== undefined ? { caption: w.caption } : image.caption !== undefined && { caption: image.caption }) };
  });
}

/** An entry in a language: the translation's words over the original, or the original marked as such. */
export function translateEntry<E extends EntryFields & { language: Locale }>(entry: E, translation: EntryTranslation | undefined): E {
  if (!translation) return entry;
  const { cover: _cover, gallery: _gallery, ...words } = translation.fields;
  return {
    ...entry,
    ...words,
    body: translation.body || entry.body,
    images: translatedImages(entry.images, translation.fields, dirname(translation.file)),
    file: translation.file,
    language: translation.locale,
    modified: new Date(Math.max(entry.modified.getTime(), translation.modified.getTime())),
  };
}

/** The site's fields in a language: its words over the original's; an office or a type the original lacks is refused. */
export function translateSite(site: SiteFile, words: SiteWords | undefined): SiteFile {
  if (!words) return site;
  const originals = site.offices?.length ?? 0;
  if ((words.offices?.length ?? 0) > originals) throw new Error(`field "offices": site.yaml has ${originals} offices`);
  words.consultation_types?.forEach(({ slug }, i) => {
    if (!site.consultations?.types.some((type) => type.slug === slug)) throw new Error(`field "consultation_types.${i}.slug": site.yaml offers no consultation "${slug}"`);
  });
  const offices = site.offices?.map((office, i) => ({ ...office, ...words.offices?.[i] }));
  const types = site.consultations?.types.map((type) => {
    const w = words.consultation_types?.find((t) => t.slug === type.slug);
    return w ? { ...type, title: w.title, description: w.description } : type;
  });
  return {
    ...site,
    tagline: words.tagline,
    description: words.description,
    ...(offices && { offices }),
    ...(site.consultations && types && { consultations: { ...site.consultations, types } }),
  };
}

/** Reads site.<locale>.yaml when there is one. */
export async function readSiteWords(dir: string, locale: Locale): Promise<SiteWords | undefined> {
  const file = join(dir, `site.${locale}.yaml`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return checkContent(SiteWords, parseYamlData(text));
}
