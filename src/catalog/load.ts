import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TSchema, Static } from 'typebox';
import { latestDate, type Catalog, type EntryFields } from './catalog.js';
import { checkContent, PageFile, ProjectFile, ServiceFile, SiteFile } from './content-schemas.js';
import { parseYamlData, splitFrontMatter } from './front-matter.js';
import { readSchedule, type Schedule } from '../consultations/schedule.js';
import { entryImages, type InspectSource } from './entry-images.js';
import { inspectImage } from '../images/inspect.js';
import type { SourceIndex } from '../images/source-index.js';

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

async function loadSite(dir: string): Promise<{ fields: SiteFile; schedule: Schedule | undefined; modified: Date }> {
  const file = join(dir, 'site.yaml');
  const text = await readText(file);
  try {
    const fields = checkContent(SiteFile, parseYamlData(text));
    return { fields, schedule: fields.consultations && readSchedule(fields.consultations), modified: (await stat(file)).mtime };
  } catch (error) {
    throw new ContentError(file, (error as Error).message);
  }
}

type Loaded<T extends TSchema> = Static<T> & EntryFields;

async function loadFolder<T extends TSchema>(contentDir: string, folder: string, schema: T, inspect: InspectSource): Promise<Array<Loaded<T>>> {
  const dir = join(contentDir, folder);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  } catch {
    throw new ContentError(dir, 'folder is missing');
  }
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
      entries.push(Object.assign(fields, { slug, body, file, images, modified }));
    } catch (error) {
      if (error instanceof ContentError) throw error;
      throw new ContentError(file, (error as Error).message);
    }
  }
  return entries.sort((a, b) => ((a as { order?: number }).order ?? Infinity) - ((b as { order?: number }).order ?? Infinity)
    || a.slug.localeCompare(b.slug));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
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
  const modified = latestDate([site.modified, ...[...projects, ...services, ...pages].map((entry) => entry.modified)]);
  // The schedule's maps and sets are frozen as objects, not emptied: deepFreeze leaves a Map's entries alone.
  return deepFreeze({ site: site.fields, consultations: site.schedule, projects, services, pages, modified });
}
