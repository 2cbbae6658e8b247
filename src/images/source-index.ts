import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from '../lib/atomic-file.js';
import { measureSource, readSourceFile } from './inspect.js';
import type { SourceImage } from './recipe.js';

// The sizes of the content's source images, kept beside their variants (<cache folder>/sources.json) by
// the hash of their bytes: a start whose sources were all measured before reads their bytes but no pixels,
// and never loads sharp (libvips: a tenth of the start's CPU and 10 to 20 MB resident). The file belongs to
// one sharp version (which pins its libvips): another version ignores it and measures again.

const INDEX_FILE = 'sources.json';

/** What is kept of a measured source: all but its path and time, which are read again each time. */
type Measured = Pick<SourceImage, 'width' | 'height' | 'vector' | 'pipeline'>;

interface IndexFile {
  sharp: string;
  sources: Record<string, Measured>;
}

/** sharp's installed version, from its package.json: importing sharp would load libvips. */
function installedSharp(): string {
  const manifest = new URL('../package.json', import.meta.resolve('sharp'));
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

async function readIndex(file: string, sharp: string): Promise<Map<string, Measured>> {
  const saved = await readFile(file, 'utf8').then((text) => JSON.parse(text) as Partial<IndexFile>, () => undefined);
  return new Map(saved?.sharp === sharp && saved.sources ? Object.entries(saved.sources) : []);
}

export class SourceIndex {
  private changed = false;

  private constructor(private readonly file: string, private readonly sharp: string, private readonly known: Map<string, Measured>) {}

  /** The index kept in `cacheDir`: a missing or unreadable file, or one of another sharp, starts it empty. */
  static async open(cacheDir: string): Promise<SourceIndex> {
    const file = join(cacheDir, INDEX_FILE);
    const sharp = installedSharp();
    return new SourceIndex(file, sharp, await readIndex(file, sharp));
  }

  /** Reads the source and takes its size from the index, or measures it with sharp. Throws a sentence naming the problem. */
  async inspect(file: string): Promise<SourceImage> {
    const source = await readSourceFile(file);
    const known = this.known.get(source.sha256);
    if (known) return { file, sha256: source.sha256, modified: source.modified, ...known };
    const measured = await measureSource(source);
    const { width, height, vector, pipeline } = measured;
    this.known.set(source.sha256, { width, height, vector, pipeline });
    this.changed = true;
    return measured;
  }

  /** Writes what was measured since the last save. A write that fails costs only measuring again at the next start. */
  async save(): Promise<void> {
    if (!this.changed) return;
    this.changed = false;
    const index: IndexFile = { sharp: this.sharp, sources: Object.fromEntries(this.known) };
    await writeAtomically(this.file, Buffer.from(JSON.stringify(index))).catch(() => undefined);
  }
}
