import type { Reader } from './reader.js';

// The firm's content and the image variants made from it.

export interface ContentConfig {
  contentDir: string;
  /** Where the image variants are kept (src/images/image-store.ts); created at start-up if missing. */
  imageCacheDir: string;
}

export function readContent(r: Reader): ContentConfig {
  return { contentDir: r.raw('CONTENT_DIR') ?? './content', imageCacheDir: r.raw('IMAGE_CACHE_DIR') ?? './data/image-cache' };
}
