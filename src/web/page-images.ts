import { coverOf, fallbackVariant, type CatalogImage } from '../catalog/catalog.js';
import { mdText } from './markdown.js';

// How page builders put an entry's images into its Markdown (rendered as pictures by markdown-images.ts).

/** A catalog image as Markdown, its caption as the image's title. */
export function mdImage(image: CatalogImage): string {
  const title = image.caption ? ` "${image.caption.replace(/["\\]/g, '\\$&')}"` : '';
  return `![${mdText(image.alt)}](${fallbackVariant(image).path}${title})`;
}

/** The cover's Markdown (placed under the title) and the gallery's (a section after the text). */
export function entryImageMarkdown(entry: { images: readonly CatalogImage[] }): { cover: string; gallery: string } {
  const cover = coverOf(entry);
  const rest = entry.images.filter((image) => image !== cover);
  return {
    cover: cover ? mdImage(cover) : '',
    gallery: rest.length > 0 ? ['## Gallery', ...rest.map(mdImage)].join('\n\n') : '',
  };
}
