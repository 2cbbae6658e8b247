import { fallbackVariant, type CatalogImage } from '../catalog/catalog.js';
import { IMAGE_TYPES, type ImageType } from '../contract/catalog.js';
import { html, type SafeHtml } from './html.js';

// A catalog image in HTML: <picture> with a source per format and the JPEG as <img>, so each browser
// downloads the one file that fits its format support, its screen width and its pixel density.

/** How wide an image is drawn, per layout (site.css): the browser picks a width from srcset with it. */
export const IMAGE_SIZES = {
  /** A project's cover and gallery: the reading column, up to the page width on wide screens. */
  wide: '(min-width: 74rem) 68rem, 92vw',
  /** A card of the home page's and the indexes' grids: three, two or one per row. */
  card: '(min-width: 74rem) 22rem, (min-width: 40rem) 45vw, 92vw',
} as const;
export type ImageLayout = keyof typeof IMAGE_SIZES;

export function srcsetOf(image: CatalogImage, type: ImageType): string {
  return image.variants.filter((v) => v.type === type).map((v) => `${v.path} ${v.width}w`).join(', ');
}

/**
 * The picture element. Explicit width and height reserve its box before a byte arrives (no layout shift);
 * `eager` is for the image above the fold (fetched first), every other one waits until it is near.
 */
export function pictureHtml(image: CatalogImage, layout: ImageLayout, eager: boolean): SafeHtml {
  const sizes = IMAGE_SIZES[layout];
  const fallback = fallbackVariant(image);
  const sources = IMAGE_TYPES.filter((type) => type !== fallback.type && image.variants.some((v) => v.type === type))
    .map((type) => html`<source type="${type}" srcset="${srcsetOf(image, type)}" sizes="${sizes}">`);
  const loading = eager ? html` fetchpriority="high"` : html` loading="lazy"`;
  return html`<picture>${sources}<img src="${fallback.path}" srcset="${srcsetOf(image, fallback.type)}" sizes="${sizes}" width="${fallback.width}" height="${fallback.height}" alt="${image.alt}" decoding="async"${loading}></picture>`;
}
