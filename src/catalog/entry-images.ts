import { basename, dirname, extname, isAbsolute, relative, resolve } from 'node:path';
import { planVariants, type SourceImage } from '../images/recipe.js';
import type { ImageRole } from '../contract/catalog.js';
import type { CatalogImage } from './catalog.js';
import type { ImageDeclaration } from './content-schemas.js';

/** A problem with one declared image, naming its front-matter field as the content checks do. */
const fieldError = (field: string, problem: string): Error => new Error(`field "${field}": ${problem}`);

interface Declared {
  cover?: ImageDeclaration;
  gallery?: ImageDeclaration[];
}

/** Reads a source image's bytes and size (src/images/inspect.ts, or a SourceIndex that remembers sizes). */
export type InspectSource = (file: string) => Promise<SourceImage>;

/** The readable part of a variant's name: the entry's slug and the file's own name (grove-courtyard-house-plan). */
const nameOf = (slug: string, file: string): string =>
  [slug, basename(file, extname(file)).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')].filter(Boolean).join('-');

/**
 * Reads the images an entry declares, beside its Markdown file. A file outside the content folder, missing,
 * or not an image stops the start, naming the field (`cover.file`, `gallery.2.file`).
 */
export async function entryImages(
  contentDir: string, markdownFile: string, slug: string, declared: Declared, inspect: InspectSource,
): Promise<CatalogImage[]> {
  const list: Array<[string, ImageRole, ImageDeclaration]> = [
    ...(declared.cover ? [['cover', 'cover', declared.cover] as [string, ImageRole, ImageDeclaration]] : []),
    ...(declared.gallery ?? []).map((d, i) => [`gallery.${i}`, 'gallery', d] as [string, ImageRole, ImageDeclaration]),
  ];
  const root = resolve(contentDir);
  return Promise.all(list.map(async ([field, role, declaration]) => {
    const path = resolve(dirname(markdownFile), declaration.file);
    const inside = relative(root, path);
    if (inside.startsWith('..') || isAbsolute(inside)) throw fieldError(`${field}.file`, `${declaration.file} is outside the content folder`);
    const source = await inspect(path).catch((error: Error) => {
      throw fieldError(`${field}.file`, `${declaration.file} ${error.message}`);
    });
    return {
      role,
      alt: declaration.alt,
      ...(declaration.caption !== undefined && { caption: declaration.caption }),
      source,
      variants: planVariants(source, nameOf(slug, declaration.file)),
    };
  }));
}
