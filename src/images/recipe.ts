import { sha256Hex } from '../lib/hash.js';
import type { ImageType } from '../contract/catalog.js';

// What the pipeline makes of a source image, decided before any pixel is touched: the widths, the formats
// and their encoder settings, and from those the address of every variant. A variant's key hashes the
// source's bytes with everything that shapes the output, so a changed photo, setting or libvips makes a new
// URL, while an unchanged one keeps its URL (and its year of caching) across restarts and instances.

/** Where variants are served: /images/<name>. */
export const IMAGE_ROOT = '/images';

/** The widths made of each image; a photo is never enlarged, a drawing (SVG) is drawn at every width. */
export const WIDTHS = [480, 800, 1200, 1600] as const;

/** Encoder settings per format, best format first. AVIF effort 2: a 1600 px drawing in 0.6 s instead of 3 s, a few per cent larger. */
export const ENCODINGS = {
  'image/avif': { extension: 'avif', options: { quality: 50, effort: 2 } },
  'image/webp': { extension: 'webp', options: { quality: 76, effort: 4 } },
  'image/jpeg': { extension: 'jpg', options: { quality: 80, mozjpeg: true, progressive: true } },
} as const satisfies Record<ImageType, { extension: string; options: object }>;

/** A source image as found at start-up: its bytes' hash and its size as shown (EXIF orientation applied). */
export interface SourceImage {
  /** Path of the file, as read. */
  file: string;
  sha256: string;
  width: number;
  height: number;
  /** An SVG: it is drawn at any width. */
  vector: boolean;
  modified: Date;
  /** The recipe's version with sharp's and libvips's that measured it (pipelineOf): part of every variant's key. */
  pipeline: string;
}

/** One file the pipeline makes: a format at a width. */
export interface ImageVariant {
  /** Its address on the origin: /images/<name>. */
  path: string;
  type: ImageType;
  width: number;
  height: number;
  /** Names its bytes: the ETag, and the file's name in the cache. */
  key: string;
}

/** The recipe's own version with sharp's and libvips's: bumping any re-makes every variant under new URLs. */
export function pipelineOf(versions: { sharp?: string; vips: string }): string {
  return `recipe-1 sharp-${versions.sharp ?? '?'} vips-${versions.vips}`;
}

export function variantWidths(source: SourceImage): number[] {
  if (source.vector) return [...WIDTHS];
  const fitting = WIDTHS.filter((width) => width <= source.width);
  return fitting.length > 0 ? fitting : [source.width];
}

/** Every variant of a source, best format first and narrowest first within a format. `name` is a slug. */
export function planVariants(source: SourceImage, name: string): ImageVariant[] {
  return Object.entries(ENCODINGS).flatMap(([type, encoding]) => variantWidths(source).map((width) => {
    const height = Math.max(1, Math.round((width * source.height) / source.width));
    const key = sha256Hex(JSON.stringify([source.pipeline, source.sha256, type, width, height, encoding.options])).slice(0, 20);
    return { path: `${IMAGE_ROOT}/${name}-${width}.${key}.${encoding.extension}`, type: type as ImageType, width, height, key };
  }));
}
