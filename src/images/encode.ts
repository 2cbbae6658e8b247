import type { Sharp } from 'sharp';
import type { ImageType } from '../contract/catalog.js';
import { ENCODINGS, type ImageVariant, type SourceImage } from './recipe.js';

// One variant's bytes from its source's bytes: the pixels only. sharp writes no metadata unless asked
// (keepMetadata, keepExif, withExif, withMetadata are never called here), so a photo's EXIF, its GPS
// position and its XMP stay behind: a client's house must not be found from the portfolio.

/** The density sharp reads an SVG at by default; the source's width in the catalog is measured at it. */
const SVG_BASE_DENSITY = 72;
/** sharp's upper bound for `density`. */
const MAX_DENSITY = 100_000;
/** JPEG has no alpha: a transparent drawing or PNG is laid on white, as it would show on the page. */
const WHITE = { r: 255, g: 255, b: 255 };

const ENCODERS: Record<ImageType, (image: Sharp) => Sharp> = {
  'image/avif': (image) => image.avif(ENCODINGS['image/avif'].options),
  'image/webp': (image) => image.webp(ENCODINGS['image/webp'].options),
  'image/jpeg': (image) => image.flatten({ background: WHITE }).jpeg(ENCODINGS['image/jpeg'].options),
};

/** The density that draws an SVG at least `width` pixels wide, so its resize only ever shrinks: edges stay crisp. */
export function svgDensity(source: Pick<SourceImage, 'width'>, width: number): number {
  return Math.min(MAX_DENSITY, Math.ceil((SVG_BASE_DENSITY * width) / source.width));
}

/**
 * Turns the source upright by its EXIF orientation, resizes it to exactly the planned size (the plan keeps
 * the aspect ratio, so `fill` distorts nothing and absorbs the rounding of the height), lays it on white
 * for JPEG, and encodes it with the recipe's settings.
 */
export async function encodeVariant(bytes: Buffer, source: SourceImage, variant: ImageVariant): Promise<Buffer> {
  // Loaded on the first encode: a start with every variant in the cache never loads libvips.
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, source.vector ? { density: svgDensity(source, variant.width) } : {})
    .autoOrient()
    .resize(variant.width, variant.height, { fit: 'fill' });
  return ENCODERS[variant.type](image).toBuffer();
}
