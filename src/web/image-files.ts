import type { FastifyInstance } from 'fastify';
import { catalogImages, type Catalog } from '../catalog/catalog.js';
import { ApiError } from '../contract/errors.js';
import { ifNoneMatchHits } from '../http/representation.js';
import type { ImageStore } from '../images/image-store.js';
import { IMAGE_ROOT, type ImageVariant, type SourceImage } from '../images/recipe.js';
import { IMMUTABLE } from './assets.js';

// GET and HEAD /images/<name>: the variants the catalog plans, made on first request if the warm-up has
// not reached them yet. The name carries the key, so the bytes at an address never change: a year of caching.

/** A failed encode is retried by the next request; the client may ask again soon. */
const RETRY_AFTER_S = 10;

interface Served {
  source: SourceImage;
  variant: ImageVariant;
}

/** Every variant of the catalog by its name under IMAGE_ROOT, built once per app (per content). */
function variantsByName(catalog: Catalog): Map<string, Served> {
  const byName = new Map<string, Served>();
  for (const image of catalogImages(catalog)) {
    for (const variant of image.variants) byName.set(variant.path.slice(IMAGE_ROOT.length + 1), { source: image.source, variant });
  }
  return byName;
}

export function registerImageFiles(scope: FastifyInstance, catalog: Catalog, store: ImageStore): void {
  // A Map: the name is the client's input, and "constructor" must be unknown.
  const byName = variantsByName(catalog);
  scope.get<{ Params: { name: string } }>(`${IMAGE_ROOT}/:name`, { schema: { hide: true } }, async (request, reply) => {
    const served = byName.get(request.params.name);
    if (!served) return reply.callNotFound();
    const etag = `"${served.variant.key}"`;
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
    const bytes = await store.bytesOf(served.source, served.variant).catch((error: unknown) => {
      request.log.error({ err: error, path: served.variant.path, source: served.source.file }, 'image variant could not be made');
      throw new ApiError('overloaded', { message: 'This image cannot be made right now.', retryAfter: RETRY_AFTER_S });
    });
    return reply.header('ETag', etag).header('Cache-Control', IMMUTABLE).type(served.variant.type).send(bytes);
  });
}
