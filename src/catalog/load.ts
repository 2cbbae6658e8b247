import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TSchema, Static } from 'typebox';
import { latestDate, type Catalog, type EntryFields } from './catalog.js';
import { checkContent, PageFile, ProjectFile, ServiceFile, SiteFile } from './content-schemas.js';
import { parseYamlData, splitFrontMatter } from './front-matter.js';
import { readSchedule } from '../consultations/schedule.js';
import { entryImages, type InspectSource } from './entry-images.js';
import { inspectImage } from '../images/inspect.js';
import type { SourceIndex } from '../images/source-index.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../words/locale.js';
import {
  readEntryTranslation, readSiteWords, translateEntry, translateSite, translationName,
  type EntryTranslation, type TranslatedFolder,
} from './translations.js';

export class ContentError extends Error {
  constructor(file: string, problem: string) {
    super(`Content file ${file}: ${problem}`);
    this.name = 'ContentError';
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new ContentError(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

async function loadSite(dir: string): Promise<{ fields: SiteFile; modified: Date }> {
  const file = join(dir, 'site.yaml');
  const text = await readText(file);
  try {
    const fields = checkContent(SiteFile, parseYamlData(text));
    // The schedule is read here too, so a bad one names site.yaml.
    if (fields.consultations) readSchedule(fields.consultations);
    return { fields, modified: (await stat(file)).mtime };
  } catch (error) {
    throw new ContentError(file, (error as Error).message);
  }
}

type Loaded<T extends TSchema> = Static<T> & EntryFields;

/** A folder's entries in the default language, and the translations beside them by language and slug. */
interface LoadedFolder<T extends TSchema> {
  entries: Array<Loaded<T>>;
  translations: Map<Locale, Map<string, EntryTranslation>>;
}

/** Reads the translation files among a folder's names; each must translate an original of the folder. */
async function loadTranslations(dir: string, folder: TranslatedFolder, names: string[], originals: Set<string>): Promise<LoadedFolder<TSchema>['translations']> {
  const byLocale = new Map<Locale, Map<string, EntryTranslation>>();
  for (const name of names) {
    const { slug } = translationName(name)!;
    const file = join(dir, name);
    if (!originals.has(slug)) throw new ContentError(file, `translates ${slug}.md, which is not in the folder`);
    try {
      const translation = await readEntryTranslation(dir, folder, name);
      if (translation.locale === DEFAULT_LOCALE) throw new Error(`${DEFAULT_LOCALE} is the original's language`);
      if (!byLocale.has(translation.locale)) byLocale.set(translation.locale, new Map());
      byLocale.get(translation.locale)!.set(slug, translation);
    } catch (error) {
      throw new ContentError(file, (error as Error).message);
    }
  }
  return byLocale;
}

async function loadFolder<T extends TSchema>(contentDir: string, folder: TranslatedFolder, schema: T, inspect: InspectSource): Promise<LoadedFolder<T>> {
  const dir = join(contentDir, folder);
  let all: string[];
  try {
    all = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  } catch {
    throw new ContentError(dir, 'folder is missing');
  }
  const names = all.filter((name) => !translationName(name));
  const entries = [];
  for (const name of names) {
    const file = join(dir, name);
    const slug = name.slice(0, -'.md'.length);
    if (!SLUG.test(slug)) throw new ContentError(file, 'file name must be a slug: lowercase letters, digits and single hyphens');
    try {
      const { data, body } = splitFrontMatter(await readText(file));
      const fields = checkContent(schema, data) as Static<T> & object;
      const images = await entryImages(contentDir, file, slug, fields, inspect);
      const modified = latestDate([(await stat(file)).mtime, ...images.map((image) => image.source.modified)]);
      entries.push(Object.assign(fields, { slug, body, file, images, modified, language: DEFAULT_LOCALE }));
    } catch (error) {
      if (error instanceof ContentError) throw error;
      throw new ContentError(file, (error as Error).message);
    }
  }
  entries.sort((a, b) => ((a as { order?: number }).order ?? Infinity) - ((b as { order?: number }).order ?? Infinity)
    || a.slug.localeCompare(b.slug));
  const translations = await loadTranslations(dir, folder, all.filter((name) => translationName(name)), new Set(entries.map((e) => e.slug)));
  return { entries, translations };
}

/** Freezes before descending, so the catalogs' references to each other (inLanguage) end the walk. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

type Folders = { projects: LoadedFolder<typeof ProjectFile>; services: LoadedFolder<typeof ServiceFile>; pages: LoadedFolder<typeof PageFile> };

/** The site's fields in a language: site.<locale>.yaml's words over site.yaml's; a problem names the translation. */
async function siteIn(contentDir: string, fields: SiteFile, locale: Locale): Promise<SiteFile> {
  if (locale === DEFAULT_LOCALE) return fields;
  const file = join(contentDir, `site.${locale}.yaml`);
  try {
    return translateSite(fields, await readSiteWords(contentDir, locale));
  } catch (error) {
    throw new ContentError(file, (error as Error).message);
  }
}

/** Every language's catalog over the same entries, each naming all of them (inLanguage). */
async function catalogsByLanguage(contentDir: string, site: Awaited<ReturnType<typeof loadSite>>, folders: Folders): Promise<Record<Locale, Catalog>> {
  const inLanguage = {} as Record<Locale, Catalog>;
  for (const locale of LOCALES) {
    const fields = await siteIn(contentDir, site.fields, locale);
    const translate = <E extends EntryFields>(folder: { entries: E[]; translations: LoadedFolder<TSchema>['translations'] }): E[] =>
      folder.entries.map((entry) => {
        const translation = folder.translations.get(locale)?.get(entry.slug);
        try {
          return translateEntry(entry, translation);
        } catch (error) {
          throw new ContentError(translation?.file ?? entry.file, (error as Error).message);
        }
      });
    const projects = translate(folders.projects);
    const services = translate(folders.services);
    const pages = translate(folders.pages);
    const modified = latestDate([site.modified, ...[...projects, ...services, ...pages].map((entry) => entry.modified)]);
    inLanguage[locale] = {
      site: fields,
      consultations: fields.consultations && readSchedule(fields.consultations),
      projects, services, pages, modified, language: locale, inLanguage,
    };
  }
  return inLanguage;
}

/** A project names the services it shows by their slugs: each must be a file of content/services. */
function checkProjectServices(projects: ReadonlyArray<{ file: string; services?: readonly string[] }>, services: ReadonlySet<string>): void {
  for (const project of projects) {
    project.services?.forEach((slug, i) => {
      if (!services.has(slug)) throw new ContentError(project.file, `field "services.${i}": there is no services/${slug}.md (got "${slug}")`);
    });
  }
}

/**
 * Reads and validates every content file; a bad file stops the start with its name, field and problem.
 * With the image cache's SourceIndex (the service's), only images it has not seen are measured by sharp,
 * and the index keeps them; without, every image is.
 */
export async function loadCatalog(contentDir: string, sources?: SourceIndex): Promise<Catalog> {
  const inspect: InspectSource = sources ? (file) => sources.inspect(file) : inspectImage;
  const [site, projects, services, pages] = await Promise.all([
    loadSite(contentDir),
    loadFolder(contentDir, 'projects', ProjectFile, inspect),
    loadFolder(contentDir, 'services', ServiceFile, inspect),
    loadFolder(contentDir, 'pages', PageFile, inspect),
  ]);
  await sources?.save();
  checkProjectServices(projects.entries, new Set(services.entries.map((s) => s.slug)));
  const inLanguage = await catalogsByLanguage(contentDir, site, { projects, services, pages });
  // The schedule's maps and sets are frozen as objects, not emptied: deepFreeze leaves a Map's entries alone.
  deepFreeze(inLanguage);
  return inLanguage[DEFAULT_LOCALE];
}
