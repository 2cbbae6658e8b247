import type { Words } from '../words/words.js';
import { dirname, relative, sep } from 'node:path';
import { coverOf, fallbackVariant, type CatalogImage } from '../catalog/catalog.js';
import { mdText } from './markdown.js';

// How page builders put an entry's images into its Markdown (rendered as pictures by markdown-images.ts).

/** A catalog image as Markdown, its caption as the image's title. */
export function mdImage(image: CatalogImage): string {
  const title = image.caption ? ` "${image.caption.replace(/["\\]/g, '\\$&')}"` : '';
  return `![${mdText(image.alt)}](${fallbackVariant(image).path}${title})`;
}

/**
 * An entry's body with its own images placed where the text names them: a gallery image written in the
 * body by its file, as front matter declares it (`![Marisol Ferrer](about/marisol-ferrer.svg)`), points at
 * the image's JPEG like any catalog image (so the page shows it as a <picture> and the twin links a real
 * file), and is left out of the gallery section. Returns the body and the images it shows.
 */
export function placeBodyImages(entry: { body: string; file: string; images: readonly CatalogImage[] }): { body: string; placed: Set<CatalogImage> } {
  let body = entry.body;
  const placed = new Set<CatalogImage>();
  for (const image of entry.images) {
    const declared = relative(dirname(entry.file), image.source.file).split(sep).join('/');
    const target = `](${declared}`;
    if (image.role !== 'gallery' || !body.includes(target)) continue;
    body = body.replaceAll(target, `](${fallbackVariant(image).path}`);
    placed.add(image);
  }
  return { body, placed };
}

/** The cover's Markdown (placed under the title) and the gallery's (a section after the text), without the images the body shows. */
export function entryImageMarkdown(entry: { images: readonly CatalogImage[] }, words: Words, placed: ReadonlySet<CatalogImage> = new Set()): { cover: string; gallery: string } {
  const cover = coverOf({ images: entry.images.filter((image) => !placed.has(image)) });
  const rest = entry.images.filter((image) => image !== cover && !placed.has(image));
  return {
    cover: cover ? mdImage(cover) : '',
    gallery: rest.length > 0 ? [`## ${words.site.gallery}`, ...rest.map(mdImage)].join('\n\n') : '',
  };
}
