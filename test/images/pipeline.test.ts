import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { catalogImages } from '../../src/catalog/catalog.js';
import { loadCatalog } from '../../src/catalog/load.js';
import type { Image } from '../../src/contract/catalog.js';
import { HotVariants } from '../../src/images/hot-variants.js';
import { ImageStore } from '../../src/images/image-store.js';
import { ENCODINGS } from '../../src/images/recipe.js';
import { Slots } from '../../src/lib/slots.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { studioWith } from '../helpers/cli.js';

// The image pipeline end to end: content with a photo (EXIF, GPS, turned by its orientation tag), a PNG
// with alpha and XMP, and an SVG drawing; a listening server that makes and serves their variants from a
// cache folder; and the operator command that builds and prunes that folder.

/** Strings the sources carry in their metadata and no derivative may: a client's house, found from a photo. */
const SECRET_PLACE = 'Client house 4521 Ocean Drive';
const SECRET_DATUM = 'GPS-25.7617N-80.1918W';
const SECRET_XMP = 'xmp-secret-owner-name';

const PROJECT = `---
title: Test House
region: miami
scope: [Architecture]
cover: {file: test-house/photo.jpg, alt: "The house from the garden"}
gallery:
  - {file: test-house/plan.png, alt: "Ground floor plan", caption: "Plan"}
  - {file: test-house/elevation.svg, alt: "South elevation"}
---
Body.
`;

/** A photo stored 1200 wide and 2000 tall, shown 2000 by 1200 (EXIF orientation 6): red on top as stored, so red on the right as shown. */
async function photo(file: string): Promise<void> {
  const stored = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="2000"><rect width="1200" height="1000" fill="#f00"/><rect y="1000" width="1200" height="1000" fill="#00f"/></svg>`;
  await sharp(Buffer.from(stored)).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).withExifMerge({
    IFD0: { ImageDescription: SECRET_PLACE },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 45/1 4212/100', GPSLongitudeRef: 'W', GPSLongitude: '80/1 11/1 3048/100', GPSMapDatum: SECRET_DATUM },
  }).toFile(file);
}

/** A 600 by 400 PNG, transparent on its left half, with XMP. */
async function transparentPng(file: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect x="300" width="300" height="400" fill="#080"/></svg>`;
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${SECRET_XMP}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
  await sharp(Buffer.from(svg)).png().withXmp(xmp).toFile(file);
}

/** A 400 by 300 drawing: black on the left half, white on the right, so a sharp rendering has a sharp edge. */
const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#fff"/><rect width="200" height="300" fill="#000"/></svg>`;

/** site.yaml of the sample firm, one project with three images, no services or pages. */
async function makeContent(root: string): Promise<string> {
  const dir = join(root, 'content');
  for (const folder of ['projects/test-house', 'services', 'pages']) mkdirSync(join(dir, folder), { recursive: true });
  copyFileSync('content/site.yaml', join(dir, 'site.yaml'));
  writeFileSync(join(dir, 'projects/test-house.md'), PROJECT);
  await photo(join(dir, 'projects/test-house/photo.jpg'));
  await transparentPng(join(dir, 'projects/test-house/plan.png'));
  writeFileSync(join(dir, 'projects/test-house/elevation.svg'), DRAWING);
  return dir;
}

/** Lines a server logs, to read the warm-up's one line. */
function capturingLogger(): { logger: FastifyBaseLogger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>); } };
  return { logger: pino({ level: 'info' }, stream) as FastifyBaseLogger, lines };
}

async function warmLine(lines: Array<Record<string, unknown>>, timeoutMs = 120_000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const line = lines.find((l) => l.msg === 'image cache warm');
    if (line) return line;
    if (Date.now() > until) throw new Error('no "image cache warm" line');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function projectImages(server: TestServer): Promise<Image[]> {
  const body = await (await fetch(`${server.url}/api/v1/projects`)).json() as { projects: Array<{ slug: string; images?: Image[] }> };
  const project = body.projects.find((p) => p.slug === 'test-house');
  assert.ok(project?.images, 'the project lists its images');
  return project.images;
}

const variantUrls = (images: Image[]) => images.flatMap((image) => image.formats.flatMap((format) =>
  format.variants.map((variant) => ({ ...variant, type: format.type, image }))));

const cacheFiles = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((name) => [name, statSync(join(dir, name)).mtimeMs]));

describe('image pipeline', () => {
  const suite = suiteScope();
  let root: string;
  let contentDir: string;
  let cacheDir: string;
  let server: TestServer;
  let images: Image[];
  let log: ReturnType<typeof capturingLogger>;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'studio-images-'));
    contentDir = await makeContent(root);
    cacheDir = join(root, 'cache', 'made-at-start');
    log = capturingLogger();
    server = await startServer(suite, { CONTENT_DIR: contentDir, IMAGE_CACHE_DIR: cacheDir, LOG_LEVEL: 'info' }, { logger: log.logger });
    images = await projectImages(server);
  });
  after(async () => {
    rmSync(root, { recursive: true, force: true });
  });

  it('serves every variant the API lists: its type, a year of immutable caching, its key as ETag, its length; 304 and HEAD', async () => {
    const variants = variantUrls(images);
    assert.equal(variants.length, 4 * 3 + 1 * 3 + 4 * 3, 'photo: 4 widths, PNG of 600 px: 1 width, SVG: 4 widths; 3 formats each');
    for (const variant of variants) {
      const response = await fetch(variant.url);
      const body = Buffer.from(await response.arrayBuffer());
      assert.equal(response.status, 200, variant.url);
      assert.equal(response.headers.get('content-type'), variant.type);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const etag = response.headers.get('etag');
      assert.equal(etag, `"${/\.([0-9a-f]{20})\.\w+$/.exec(variant.url)![1]}"`);
      assert.equal(Number(response.headers.get('content-length')), body.length);
      const meta = await sharp(body).metadata();
      assert.deepEqual([meta.width, meta.height], [variant.width, variant.height], variant.url);
      assert.equal(meta.format === 'heif' ? 'image/avif' : `image/${meta.format}`, variant.type);

      const again = await fetch(variant.url, { headers: { 'if-none-match': etag! } });
      assert.equal(again.status, 304);
      assert.equal((await again.arrayBuffer()).byteLength, 0);
      assert.equal(again.headers.get('etag'), etag);
      const head = await fetch(variant.url, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(Number(head.headers.get('content-length')), body.length);
      assert.equal(head.headers.get('content-type'), variant.type);
    }
  });

  it('answers the origin\'s 404 for a name no variant has, and 405 for a POST to a variant', async () => {
    const unknown = await fetch(`${server.url}/images/x.jpg`, { headers: { accept: 'text/html' } });
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get('content-type')!, /text\/html/);
    assert.match(await unknown.text(), /<html/i);
    const guessed = variantUrls(images)[0]!.url.replace(/\.[0-9a-f]{20}\./, '.00000000000000000000.');
    assert.equal((await fetch(guessed)).status, 404);
    assert.equal((await fetch(`${server.url}/images/constructor`)).status, 404);
    assert.equal((await fetch(variantUrls(images)[0]!.url, { method: 'POST' })).status, 405);
  });

  it('strips EXIF, GPS and XMP, turns the photo upright, lays transparency on white for JPEG only, never enlarges a photo', async () => {
    const source = readFileSync(join(contentDir, 'projects/test-house/photo.jpg'));
    assert.ok(source.includes(SECRET_PLACE) && source.includes(SECRET_DATUM) && source.includes('Exif'), 'the source photo carries the metadata');
    for (const variant of variantUrls(images)) {
      const body = Buffer.from(await (await fetch(variant.url)).arrayBuffer());
      const meta = await sharp(body).metadata();
      assert.equal(meta.exif, undefined, variant.url);
      assert.equal(meta.xmp, undefined, variant.url);
      assert.equal(meta.orientation, undefined, variant.url);
      for (const secret of ['Exif', SECRET_PLACE, SECRET_DATUM, SECRET_XMP]) assert.ok(!body.includes(secret), `${variant.url} carries ${secret}`);
    }
    const [cover, plan] = images;
    assert.deepEqual([cover!.width, cover!.height], [1600, 960], 'the photo as shown is 2000 by 1200, so its largest variant 1600 by 960');
    const upright = await sharp(Buffer.from(await (await fetch(cover!.url)).arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...upright.data.subarray((y * upright.info.width + x) * upright.info.channels, (y * upright.info.width + x) * upright.info.channels + 3)];
    assert.ok(pixel(1500, 480)[0]! > 200 && pixel(100, 480)[2]! > 200, `red right, blue left: ${pixel(1500, 480)} ${pixel(100, 480)}`);

    const planWidths = plan!.formats.flatMap((format) => format.variants.map((v) => v.width));
    assert.ok(planWidths.every((width) => width <= 600), `a 600 px source is never enlarged: ${planWidths}`);
    const jpeg = plan!.formats.find((f) => f.type === 'image/jpeg')!.variants[0]!;
    const flat = await sharp(Buffer.from(await (await fetch(jpeg.url)).arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([...flat.data.subarray(0, 3)].map((c) => c > 245), [true, true, true], 'the transparent corner is white');
    const webp = plan!.formats.find((f) => f.type === 'image/webp')!.variants[0]!;
    assert.equal((await sharp(Buffer.from(await (await fetch(webp.url)).arrayBuffer())).metadata()).hasAlpha, true, 'WebP keeps the transparency');
  });

  it('draws an SVG at the density of each width: the edge of a 400 px drawing stays sharp at 1600 px', async () => {
    const drawing = images[2]!;
    const widest = drawing.formats.find((f) => f.type === 'image/webp')!.variants.at(-1)!;
    assert.equal(widest.width, 1600);
    const { data, info } = await sharp(Buffer.from(await (await fetch(widest.url)).arrayBuffer())).greyscale().raw().toBuffer({ resolveWithObject: true });
    const row = Math.floor(info.height / 2) * info.width * info.channels;
    const at = (x: number) => data[row + x * info.channels]!;
    // Scaled up from 400 px, the edge at x = 800 would blur over a dozen pixels on either side.
    assert.ok(at(797) < 30 && at(803) > 225, `black at 797 (${at(797)}), white at 803 (${at(803)})`);
  });

  it('logs one warm-up line, and a restart with the same cache makes nothing anew', async (t) => {
    const first = await warmLine(log.lines);
    assert.equal(first.variants, 27);
    assert.equal(Number(first.made) + Number(first.cached), 27);
    const before = cacheFiles(cacheDir);
    const { 'sources.json': sourceIndex, ...variantFiles } = before;
    assert.ok(sourceIndex, 'the sources\' sizes are kept beside their variants (src/images/source-index.ts)');
    assert.equal(Object.keys(variantFiles).length, 27, 'one file per variant, no temporary file left');

    const again = capturingLogger();
    const restarted = await startServer(t, { CONTENT_DIR: contentDir, IMAGE_CACHE_DIR: cacheDir, LOG_LEVEL: 'info' }, { logger: again.logger });
    for (const variant of variantUrls(await projectImages(restarted))) assert.equal((await fetch(variant.url)).status, 200);
    const line = await warmLine(again.lines);
    assert.deepEqual([line.made, line.cached, line.failed], [0, 27, 0]);
    assert.deepEqual(cacheFiles(cacheDir), before, 'no file was written again');

    // A reload with one more image warms the new catalog: its variants only are made.
    await transparentPng(join(contentDir, 'projects/test-house/extra.png'));
    await sharp(join(contentDir, 'projects/test-house/extra.png')).flop().toFile(join(contentDir, 'projects/test-house/extra-2.png'));
    writeFileSync(join(contentDir, 'projects/test-house.md'), PROJECT.replace('gallery:\n', 'gallery:\n  - {file: test-house/extra-2.png, alt: "Plan, mirrored"}\n'));
    assert.equal(await restarted.runtime.reload(), true);
    const lines = () => again.lines.filter((l) => l.msg === 'image cache warm');
    for (const until = Date.now() + 60_000; lines().length < 2 && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual([lines()[1]?.made, lines()[1]?.cached], [3, 27]);
  });
});

describe('a variant that cannot be made', () => {
  it('answers 503 in the contract\'s Error shape with Retry-After, logs it, and the warm-up counts it failed', async (t) => {
    const root = mkdtempSync(join(tmpdir(), 'studio-images-broken-'));
    const contentDir = await makeContent(root);
    const cacheDir = join(root, 'cache');
    // A folder where the variant's file belongs: the encode succeeds, its rename fails.
    const broken = catalogImages(await loadCatalog(contentDir))[0]!.variants.find((v) => v.type === 'image/jpeg')!;
    mkdirSync(join(cacheDir, `${broken.key}.jpg`), { recursive: true });
    const log = capturingLogger();
    const server = await startServer(t, { CONTENT_DIR: contentDir, IMAGE_CACHE_DIR: cacheDir, LOG_LEVEL: 'info' }, { logger: log.logger });
    t.after(() => rmSync(root, { recursive: true, force: true })); // after the server's own cleanup: node:test runs t.after callbacks in order
    const response = await fetch(server.url + broken.path);
    assert.equal(response.status, 503);
    assert.ok(Number(response.headers.get('retry-after')) > 0);
    assert.notEqual(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const body = await response.json() as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['code', 'error', 'hint', 'ok']);
    assert.equal(body.ok, false);
    assert.equal(body.code, 'overloaded');
    assert.ok(log.lines.some((l) => l.msg === 'image variant could not be made' && l.path === broken.path));
    const warm = await warmLine(log.lines);
    assert.equal(warm.failed, 1);
    assert.equal(warm.made, 26);
  });
});

describe('image store', () => {
  let root: string;
  before(() => { root = mkdtempSync(join(tmpdir(), 'studio-image-store-')); });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('makes a variant once for concurrent requests, writes no temporary file that stays, and stops at close', async () => {
    const contentDir = await makeContent(join(root, 'concurrent'));
    const image = catalogImages(await loadCatalog(contentDir))[0]!;
    const store = await ImageStore.open(join(root, 'concurrent', 'cache'), pino({ level: 'silent' }));
    const variant = image.variants.find((v) => v.type === 'image/avif')!;
    const produced = await Promise.all(Array.from({ length: 8 }, () => store.produce(image.source, variant)));
    assert.equal(store.made, 1, 'one encode');
    assert.equal(produced.filter((p) => p.made).length, 8, 'every caller waited for that one encode');
    assert.deepEqual(readdirSync(store.cacheDir), [`${variant.key}.${ENCODINGS[variant.type].extension}`]);
    assert.equal((await store.produce(image.source, variant)).made, false, 'found in the cache afterwards');

    store.warm([image]);
    await store.close();
    const afterClose = readdirSync(store.cacheDir).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(readdirSync(store.cacheDir).length, afterClose, 'nothing written after close');
    assert.ok(afterClose < image.variants.length, 'the warm-up stopped before making every variant');
  });

  it('runs at most as many encodes at once as it has slots', async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 6 }, () => slots.run(async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    })));
    assert.equal(most, 2);
  });

  it('refuses a cache folder it cannot create, naming IMAGE_CACHE_DIR, and the server does not start', async (t) => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    await assert.rejects(ImageStore.open(join(file, 'cache'), pino({ level: 'silent' })), /IMAGE_CACHE_DIR.*ENOTDIR/);
    await assert.rejects(startServer(t, { IMAGE_CACHE_DIR: join(file, 'cache') }), (error: Error) => {
      assert.equal(error.name, 'ConfigError');
      assert.match(error.message, /IMAGE_CACHE_DIR/);
      return true;
    });
  });
});

describe('content images at start-up', () => {
  let root: string;
  before(() => { root = mkdtempSync(join(tmpdir(), 'studio-image-content-')); });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** The test content with the project's front matter cover line replaced. */
  async function problemWithCover(name: string, cover: string, extra: (dir: string) => void = () => undefined): Promise<string> {
    const dir = await makeContent(join(root, name));
    writeFileSync(join(dir, 'projects/test-house.md'), PROJECT.replace(/^cover: .*$/m, cover));
    extra(dir);
    const error = await loadCatalog(dir).then(() => undefined, (e: Error) => e);
    assert.ok(error, `${name}: the content loaded`);
    assert.equal(error.name, 'ContentError');
    assert.ok(error.message.includes('projects/test-house.md'), error.message);
    return error.message;
  }

  it('stops the start naming the file and the field: a missing file, one outside the content folder, not an image, no alt', async () => {
    assert.match(await problemWithCover('missing', 'cover: {file: test-house/gone.jpg, alt: "A"}'), /field "cover\.file": test-house\/gone\.jpg cannot be read \(ENOENT\)/);
    assert.match(await problemWithCover('outside', 'cover: {file: ../../secret.jpg, alt: "A"}', (dir) => copyFileSync(join(dir, 'projects/test-house/photo.jpg'), join(dir, '../secret.jpg'))),
      /field "cover\.file": \.\.\/\.\.\/secret\.jpg is outside the content folder/);
    assert.match(await problemWithCover('not-image', 'cover: {file: test-house/notes.jpg, alt: "A"}', (dir) => writeFileSync(join(dir, 'projects/test-house/notes.jpg'), 'just text')),
      /field "cover\.file": test-house\/notes\.jpg is not an image/);
    assert.match(await problemWithCover('no-alt', 'cover: {file: test-house/photo.jpg}'), /field "cover\.alt"|"alt".*missing|missing.*alt/);
  });
});

describe('studio images', () => {
  let root: string;
  let env: Record<string, string>;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'studio-images-cli-'));
    env = { CONTENT_DIR: await makeContent(root), IMAGE_CACHE_DIR: join(root, 'cache'), DATABASE_URL: `sqlite:${join(root, 'studio.db')}` };
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('build makes every variant, then finds them made; prune removes only what no variant names', async () => {
    const cold = await studioWith(env, 'images', 'build');
    assert.equal(cold.code, 0, cold.stderr);
    assert.match(cold.stdout, /^3 images, 27 variants in .*cache$/m);
    assert.match(cold.stdout, /^made 27, already cached 0$/m);
    assert.match(cold.stdout, /^\d+\.\d MB of variants, \d+\.\d s$/m);
    assert.equal(cold.stderr, '', 'piped, standard error gets no progress line');
    const warm = await studioWith(env, 'images', 'build');
    assert.match(warm.stdout, /^made 0, already cached 27$/m);

    const cache = env.IMAGE_CACHE_DIR!;
    writeFileSync(join(cache, 'aaaaaaaaaaaaaaaaaaaa.webp'), 'a variant of an image since removed');
    writeFileSync(join(cache, 'notes.txt'), 'not the pipeline\'s: never deleted');
    const pruned = await studioWith(env, 'images', 'prune');
    assert.equal(pruned.code, 0, pruned.stderr);
    assert.match(pruned.stdout, /^removed aaaaaaaaaaaaaaaaaaaa\.webp \(35 bytes\)$/m);
    assert.match(pruned.stdout, /^Removed 1 file \(0\.0 MB\) from /m);
    assert.deepEqual(readdirSync(cache).length, 29, 'the 27 variants, the sources\' index and notes.txt stay');
    assert.match((await studioWith(env, 'images', 'prune')).stdout, /Nothing to remove/);
    assert.equal((await studioWith(env, 'images', 'nothing')).code, 2);
  });
});

describe('the image builds the cache in', () => {
  it('Dockerfile: the build stage runs studio images build into /app/image-cache; the runtime copies it for the node user and points IMAGE_CACHE_DIR at it', () => {
    const [build, runtime] = readFileSync('Dockerfile', 'utf8').split(/^FROM /m).slice(1);
    const made = /^RUN IMAGE_CACHE_DIR=\/app\/image-cache node dist\/cli\/main\.js images build$/m.exec(build!);
    assert.ok(made && made.index > build!.indexOf('RUN sh deploy/build.sh'), 'after the build, with the production node_modules');
    assert.match(runtime!, /^COPY --from=build --chown=node:node \/app\/image-cache \.\/image-cache$/m);
    assert.match(runtime!, /^ENV IMAGE_CACHE_DIR=\/app\/image-cache$/m);
    assert.ok(runtime!.indexOf('ENV IMAGE_CACHE_DIR') < runtime!.indexOf('CMD ['), 'set before the service starts');
  });
});

describe('the variants served lately, in memory', () => {
  const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

  it('keeps variants up to its budget and lets the least recently served go first', () => {
    const hot = new HotVariants(800);
    hot.set('a', bytes(100, 1));
    hot.set('b', bytes(100, 2));
    hot.set('c', bytes(100, 3));
    assert.equal(hot.get('a')?.[0], 1, 'a is served again: now the most recent');
    for (const key of ['d', 'e', 'f', 'g', 'h', 'i']) hot.set(key, bytes(100, 9));
    assert.equal(hot.get('b'), undefined, 'nine would be over 800 bytes: b, served longest ago, left');
    hot.set('j', bytes(100, 9));
    assert.equal(hot.get('c'), undefined, 'then c');
    assert.equal(hot.get('a')?.length, 100, 'a stayed: it was served after c');
    assert.equal(hot.get('j')?.length, 100);
  });

  it('does not keep a variant bigger than an eighth of its budget', () => {
    const hot = new HotVariants(800);
    hot.set('small', bytes(100, 1));
    hot.set('big', bytes(101, 2));
    assert.equal(hot.get('big'), undefined);
    assert.equal(hot.get('small')?.length, 100, 'and the big one pushed nothing out');
  });
});
