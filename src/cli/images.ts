import { catalogImages } from '../catalog/catalog.js';
import { loadCatalog } from '../catalog/load.js';
import type { Logger } from '../lib/logger.js';
import { ImageStore } from '../images/image-store.js';
import { EXIT, megabytes, parseCommandLine, runSubcommand, type CliContext, type CommandGroup, type Subcommand } from './command.js';

const USAGE = `studio images build
studio images prune

build   Makes every image variant the content (CONTENT_DIR) plans and IMAGE_CACHE_DIR lacks, and prints
        how many it made and found made, their size and the time taken. The server does the same in the
        background once it listens, and on request; run this before a start (the Dockerfile does) so no
        visitor waits for an encode.
prune   Deletes the files in IMAGE_CACHE_DIR that no image of the current content names (left behind by
        changed or removed images or a new sharp), and prints each. Only files the pipeline writes.

Exit codes: 0 done, 1 failure (content that does not load, a variant that could not be made), 2 usage error.`;

/** Encodes at once: the command has the machine to itself, unlike the server's background warm-up. */
const BUILD_PARALLEL = 2;

/** The store's log lines, as the operator reads them: a failed variant on stderr. */
function cliLogger(context: CliContext): Logger {
  const line = (fields: object, message?: string) => {
    const { err, path } = fields as { err?: Error; path?: string };
    context.err(`${message ?? ''}${path ? ` ${path}` : ''}${err ? `: ${err.message}` : ''}`);
  };
  return { info: () => undefined, warn: line, error: line };
}

async function contentAndStore(context: CliContext) {
  const store = await ImageStore.open(context.config.imageCacheDir, cliLogger(context));
  const catalog = await loadCatalog(context.config.contentDir, store.sources);
  return { images: catalogImages(catalog), store };
}

async function build(args: string[], context: CliContext): Promise<number> {
  parseCommandLine(args, {}, 0);
  const { images, store } = await contentAndStore(context);
  const report = await store.produceAll(images, {
    parallel: BUILD_PARALLEL,
    onVariant: (finished, total) => context.progress.count('images', finished, total, 'variants'),
  });
  context.progress.clear();
  context.out(`${report.images} images, ${report.variants} variants in ${store.cacheDir}`);
  context.out(`made ${report.made}, already cached ${report.cached}${report.failed ? `, FAILED ${report.failed}` : ''}`);
  context.out(`${megabytes(report.bytes)} of variants, ${report.seconds.toFixed(1)} s`);
  return report.failed > 0 ? EXIT.failure : EXIT.ok;
}

async function prune(args: string[], context: CliContext): Promise<number> {
  parseCommandLine(args, {}, 0);
  const { images, store } = await contentAndStore(context);
  const removed = await store.prune(images);
  for (const file of removed) context.out(`removed ${file.name} (${file.bytes} bytes)`);
  const total = removed.reduce((sum, file) => sum + file.bytes, 0);
  context.out(removed.length === 0
    ? `Nothing to remove: every variant in ${store.cacheDir} belongs to the current content.`
    : `Removed ${removed.length} file${removed.length === 1 ? '' : 's'} (${megabytes(total)}) from ${store.cacheDir}.`);
  return EXIT.ok;
}

/** Run by runSubcommand (command.ts), which looks the name up in this Map. */
const SUBCOMMANDS: ReadonlyMap<string, Subcommand> = new Map([['build', build], ['prune', prune]]);

/** `studio images …`: the image variants in IMAGE_CACHE_DIR, for the content of CONTENT_DIR. */
export const imagesCommands: CommandGroup = {
  summary: 'images build|prune      make every image variant now; delete variants the content no longer names',
  usage: USAGE,
  run: (args, context) => runSubcommand('images', SUBCOMMANDS, args, context),
};
