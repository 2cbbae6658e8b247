import { readFile, stat } from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { sha256Hex } from '../lib/hash.js';
import { pipelineOf, type SourceImage } from './recipe.js';

/** The source formats the pipeline reads. A camera's HEIC or RAW is exported to one of these first. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'tiff', 'gif', 'svg']);

/** A source image's bytes, read once: its hash names it, whoever measures its size. */
export interface SourceFile {
  file: string;
  bytes: Buffer;
  sha256: string;
  modified: Date;
}

/** Reads a source file. Throws a sentence naming the problem. */
export async function readSourceFile(file: string): Promise<SourceFile> {
  try {
    const [bytes, modified] = await Promise.all([readFile(file), stat(file).then((s) => s.mtime)]);
    return { file, bytes, sha256: sha256Hex(bytes), modified };
  } catch (error) {
    throw new Error(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/**
 * Its size as shown and whether it is a drawing, as sharp reads them. sharp (libvips) is loaded here, on
 * the first source that needs it: a start whose sources are all known (source-index.ts) never loads it.
 */
export async function measureSource(source: SourceFile): Promise<SourceImage> {
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(source.bytes).metadata();
  } catch {
    throw new Error('is not an image the pipeline can read (JPEG, PNG, WebP, AVIF, TIFF, GIF or SVG)');
  }
  if (!metadata.format || !READABLE.has(metadata.format)) throw new Error(`is ${metadata.format ?? 'an unknown format'}; use JPEG, PNG, WebP, AVIF, TIFF, GIF or SVG`);
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new Error('has no width or height');
  const { file, sha256, modified } = source;
  return { file, sha256, width, height, vector: metadata.format === 'svg', modified, pipeline: pipelineOf(sharp.versions) };
}

/** Reads a source image once and measures it with sharp. Throws a sentence naming the problem. */
export async function inspectImage(file: string): Promise<SourceImage> {
  return measureSource(await readSourceFile(file));
}
