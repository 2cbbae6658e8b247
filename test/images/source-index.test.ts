import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The sources' sizes kept beside their variants (src/images/source-index.ts): a start that finds every
// source in the index must not load sharp (libvips), yet plan exactly the variants a measuring start plans.
// Each load runs in a fresh process, since this one may have loaded libvips already.

const PROJECT = `---
title: Test House
region: miami
scope: [Architecture]
cover: {file: test-house/elevation.svg, alt: "South elevation"}
---
Body.
`;

const drawing = (width: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="300"><rect width="${width}" height="300" fill="#000"/></svg>`;

/** What the service does at start (compose.ts): the image cache opened, then the content loaded through its index. */
const LOAD = `
import { ImageStore } from './src/images/image-store.ts';
import { loadCatalog } from './src/catalog/load.ts';
const quiet = { info() {}, warn() {}, error() {} };
const store = await ImageStore.open(process.env.CACHE, quiet);
const catalog = await loadCatalog(process.env.CONTENT, store.sources);
const image = catalog.projects[0].images[0];
const libvips = process.report.getReport().sharedObjects.some((file) => file.includes('libvips'));
console.log(JSON.stringify({ libvips, width: image.source.width, keys: image.variants.map((v) => v.key) }));
`;

interface Loaded { libvips: boolean; width: number; keys: string[] }

function loadInChild(content: string, cache: string): Promise<Loaded> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', LOAD], { env: { ...process.env, CONTENT: content, CACHE: cache } },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(JSON.parse(stdout) as Loaded)));
  });
}

describe('the sources\' index in the image cache', () => {
  let root: string;
  let content: string;
  let cache: string;
  const index = () => join(cache, 'sources.json');

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'studio-source-index-'));
    content = join(root, 'content');
    cache = join(root, 'cache');
    for (const folder of ['projects/test-house', 'services', 'pages']) mkdirSync(join(content, folder), { recursive: true });
    copyFileSync('content/site.yaml', join(content, 'site.yaml'));
    writeFileSync(join(content, 'projects/test-house.md'), PROJECT);
    writeFileSync(join(content, 'projects/test-house/elevation.svg'), drawing(400));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('a start whose sources were measured before loads no libvips and plans the same variants', async () => {
    const measured = await loadInChild(content, cache);
    assert.equal(measured.libvips, true, 'the first start measures the drawing with sharp');
    assert.equal(measured.width, 400);
    const known = await loadInChild(content, cache);
    assert.equal(known.libvips, false, 'libvips was loaded although every source was in the index');
    assert.deepEqual(known, { ...measured, libvips: false });
  });

  it('measures again an image whose bytes changed, and ignores an index written by another sharp', async () => {
    const first = await loadInChild(content, cache);
    writeFileSync(join(content, 'projects/test-house/elevation.svg'), drawing(500));
    const changed = await loadInChild(content, cache);
    assert.deepEqual([changed.libvips, changed.width], [true, 500]);
    assert.notDeepEqual(changed.keys, first.keys);

    const saved = JSON.parse(readFileSync(index(), 'utf8')) as { sharp: string; sources: Record<string, { width: number }> };
    for (const source of Object.values(saved.sources)) source.width = 7;
    writeFileSync(index(), JSON.stringify({ ...saved, sharp: '0.0.0' }));
    const otherSharp = await loadInChild(content, cache);
    assert.deepEqual(otherSharp, changed, 'the sizes of another sharp were used');
  });
});
