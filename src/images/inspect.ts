import { readFile, stat } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { sha256Hex } from '../lib/hash.js';
import type { SourceImage } from './recipe.js';

/** The source formats the pipeline reads. A camera's HEIC or RAW is exported to one of these first. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'tiff', 'gif', 'svg']);

/** Reads a source image once: its hash, its size as shown, whether it is a drawing. Throws a sentence naming the problem. */
export async function inspectImage(file: string): Promise<SourceImage> {
  let bytes: Buffer;
  let modified: Date;
  try {
    [bytes, modified] = await Promise.all([readFile(file), stat(file).then((s) => s.mtime)]);
  } catch (error) {
    throw new Error(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new Error('is not an image the pipeline can read (JPEG, PNG, WebP, AVIF, TIFF, GIF or SVG)');
  }
  if (!metadata.format || !READABLE.has(metadata.format)) throw new Error(`is ${metadata.format ?? 'an unknown format'}; use JPEG, PNG, WebP, AVIF, TIFF, GIF or SVG`);
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new Error('has no width or height');
  return { file, sha256: sha256Hex(bytes), width, height, vector: metadata.format === 'svg', modified };
}
