import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogImage } from '../catalog/catalog.js';
import { ConfigError } from '../config/reader.js';
import { writeAtomically } from '../lib/atomic-file.js';
import { sha256Hex } from '../lib/hash.js';
import type { Logger } from '../lib/logger.js';
import { Slots } from '../lib/slots.js';
import { encodeVariant } from './encode.js';
import { HotVariants } from './hot-variants.js';
import { SourceIndex } from './source-index.js';
import { ENCODINGS, type ImageVariant, type SourceImage } from './recipe.js';

// The variants on disk, one file per key: <cacheDir>/<key>.<ext>. A key names the bytes (recipe.ts), so
// a file that exists is finished and right, whoever made it; a restart finds it and makes nothing anew.
// Files are written under a temporary name and renamed, so a half-written one is never found or served.

/** Encodes at once, per process: the machine's cores, not the number of requests, decide how many. */
const DEFAULT_ENCODE_SLOTS = 2;
/** Memory for the most recently served variants (hot-variants.ts): the sample content's 7.8 MB fit eight times over. */
const HOT_BYTES = 64 * 1024 * 1024;
/** A temporary file older than this was left by a process that stopped while writing it. */
const STALE_TEMP_MS = 60 * 60 * 1000;
const EXTENSIONS = Object.values(ENCODINGS).map((e) => e.extension).join('|');
/** What this store writes, and all that `prune` may delete: a variant, or a variant being written. */
const OWN_FILE = new RegExp(`^[0-9a-f]{20}\\.(?:${EXTENSIONS})(?<temp>\\.[0-9a-f]+\\.tmp)?$`);

export interface Produced {
  file: string;
  bytes: number;
  /** Encoded now; false when the file was in the cache already. */
  made: boolean;
}

/** What producing every variant of a catalog did. */
export interface BuildReport {
  images: number;
  variants: number;
  made: number;
  cached: number;
  failed: number;
  /** Size of every variant in the cache, made now or before. */
  bytes: number;
  seconds: number;
}

export interface ProduceAllOptions {
  /** Stops taking new variants (the ones under way finish). */
  signal?: AbortSignal;
  /** How many variants are encoded at a time; one by default. */
  parallel?: number;
  /** Told after each variant, made, found or failed: how many are finished of how many (`studio images build`'s progress). */
  onVariant?(finished: number, total: number): void;
}

export interface Removed {
  name: string;
  bytes: number;
}

/** The size of a finished variant file; nothing when there is none (or something else has its name). */
const sizeOf = (file: string): Promise<number | undefined> => stat(file).then((s) => (s.isFile() ? s.size : undefined), () => undefined);

/** The source's bytes, if they are still the bytes the catalog hashed: otherwise the key would name other pixels. */
async function readSource(source: SourceImage): Promise<Buffer> {
  const bytes = await readFile(source.file);
  if (sha256Hex(bytes) !== source.sha256) throw new Error(`${source.file} changed since the content was loaded; reload the content (SIGHUP) or restart`);
  return bytes;
}

/** Every distinct variant of these images with its source (two entries may show the same file). */
function variantsOf(images: readonly CatalogImage[]): Array<[SourceImage, ImageVariant]> {
  const byKey = new Map<string, [SourceImage, ImageVariant]>();
  for (const image of images) for (const variant of image.variants) byKey.set(variant.key, [image.source, variant]);
  return [...byKey.values()];
}

export class ImageStore {
  private readonly inFlight = new Map<string, Promise<Produced>>();
  private readonly hot = new HotVariants(HOT_BYTES);
  private readonly slots: Slots;
  private warming: AbortController | undefined;
  private warmed: Promise<void> = Promise.resolve();
  private closed = false;
  /** Variants encoded by this process: what tests and operators read to see that the cache did its work. */
  made = 0;

  private constructor(
    readonly cacheDir: string,
    /** The sizes of the sources measured before, kept in the same folder: what the content is loaded with. */
    readonly sources: SourceIndex,
    private readonly logger: Logger,
    encodeSlots: number,
  ) {
    this.slots = new Slots(encodeSlots);
  }

  /** Creates the folder if missing; one that cannot be created or written stops the start, naming the variable. */
  static async open(cacheDir: string, logger: Logger, encodeSlots = DEFAULT_ENCODE_SLOTS): Promise<ImageStore> {
    try {
      await mkdir(cacheDir, { recursive: true });
      await access(cacheDir, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new ConfigError([`IMAGE_CACHE_DIR must be a folder the service can create and write (${cacheDir}: ${code})`]);
    }
    return new ImageStore(cacheDir, await SourceIndex.open(cacheDir), logger, encodeSlots);
  }

  fileOf(variant: ImageVariant): string {
    return join(this.cacheDir, `${variant.key}.${ENCODINGS[variant.type].extension}`);
  }

  /** The variant's file, made now if the cache lacks it. Concurrent calls for one variant share one encode. */
  produce(source: SourceImage, variant: ImageVariant): Promise<Produced> {
    const running = this.inFlight.get(variant.key);
    if (running) return running;
    const job = this.cachedOrMade(source, variant).finally(() => this.inFlight.delete(variant.key));
    this.inFlight.set(variant.key, job);
    return job;
  }

  /** The variant's bytes to send: from memory when served lately, else from the disk cache (made first if missing). */
  async bytesOf(source: SourceImage, variant: ImageVariant): Promise<Buffer> {
    const hot = this.hot.get(variant.key);
    if (hot) return hot;
    const bytes = await readFile((await this.produce(source, variant)).file);
    this.hot.set(variant.key, bytes);
    return bytes;
  }

  private async cachedOrMade(source: SourceImage, variant: ImageVariant): Promise<Produced> {
    const file = this.fileOf(variant);
    const cached = await sizeOf(file);
    if (cached !== undefined) return { file, bytes: cached, made: false };
    return this.slots.run(async () => {
      if (this.closed) throw new Error('the image store is closed');
      const bytes = await encodeVariant(await readSource(source), source, variant);
      await writeAtomically(file, bytes);
      this.made += 1;
      return { file, bytes: bytes.length, made: true };
    });
  }

  /**
   * Produces every variant of these images, `parallel` at a time, until `signal` aborts. A variant that
   * fails is logged and counted, and the others are still made.
   */
  async produceAll(images: readonly CatalogImage[], options: ProduceAllOptions = {}): Promise<BuildReport> {
    const started = performance.now();
    const queue = variantsOf(images);
    const report: BuildReport = { images: images.length, variants: queue.length, made: 0, cached: 0, failed: 0, bytes: 0, seconds: 0 };
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next && !options.signal?.aborted; next = queue.shift()) {
        const [source, variant] = next;
        try {
          const produced = await this.produce(source, variant);
          report[produced.made ? 'made' : 'cached'] += 1;
          report.bytes += produced.bytes;
        } catch (error) {
          report.failed += 1;
          this.logger.error({ err: error, path: variant.path, source: source.file }, 'image variant not made');
        }
        options.onVariant?.(report.made + report.cached + report.failed, report.variants);
      }
    };
    await Promise.all(Array.from({ length: options.parallel ?? 1 }, worker));
    return { ...report, seconds: (performance.now() - started) / 1000 };
  }

  /**
   * Makes every variant the cache lacks, one at a time, in the background: requests meanwhile take the
   * other encode slot. A newer call (a content reload) stops the previous one; close() stops it for good.
   */
  warm(images: readonly CatalogImage[]): void {
    if (this.closed) return;
    this.warming?.abort();
    const controller = new AbortController();
    this.warming = controller;
    this.warmed = this.warmed.then(async () => {
      const report = await this.produceAll(images, { signal: controller.signal });
      if (controller.signal.aborted) return;
      this.logger.info({ ...report, seconds: Number(report.seconds.toFixed(1)) }, 'image cache warm');
    }).catch((error: unknown) => this.logger.error({ err: error }, 'image warm-up stopped'));
  }

  /** Deletes the files no variant of these images names, and temporary files left by a stopped process. */
  async prune(images: readonly CatalogImage[]): Promise<Removed[]> {
    const keep = new Set(variantsOf(images).map(([, variant]) => this.fileOf(variant)));
    const removed: Removed[] = [];
    for (const name of (await readdir(this.cacheDir)).sort()) {
      const own = OWN_FILE.exec(name);
      const file = join(this.cacheDir, name);
      if (!own || keep.has(file)) continue;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || (own.groups?.temp && Date.now() - info.mtimeMs < STALE_TEMP_MS)) continue;
      await unlink(file);
      removed.push({ name, bytes: info.size });
    }
    return removed;
  }

  /** Stops the warm-up and waits for every encode under way: nothing is written after this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    this.warming?.abort();
    await this.warmed;
    await Promise.allSettled([...this.inFlight.values()]);
  }
}
