import { PATHS } from '../src/contract/paths.js';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort } from '../test/helpers/server.js';
import { measureCases, startProcess, startStudio, type BenchRow } from './lib.js';

// Images. Serving: a variant from the disk cache against bare Fastify sending the same bytes from memory.
// Starting: spawn to the first 200 of the home page and of a cover, with an empty and with a warm cache,
// and `studio images build` (every variant of the content) both ways. Weight: the bytes Chromium fetches
// for the home page with all its images, at a phone's width and a desktop's.

const CHROMIUM = '/usr/bin/chromium';

interface ApiProject { images?: Array<{ formats: Array<{ type: string; variants: Array<{ url: string; width: number }> }> }> }

/** Spawns the built service on this cache folder and times the first 200 of each path, in order. */
async function coldStart(cacheDir: string, paths: (url: string) => Promise<string[]>): Promise<number[]> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, IMAGE_CACHE_DIR: cacheDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const firstOk = async (target: string): Promise<number> => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
      const status = await fetch(target).then((r) => r.status, () => 0);
      if (status === 200) return (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  try {
    const times = [await firstOk(`${url}/`)];
    for (const path of await paths(url)) times.push(await firstOk(path));
    return times;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `studio images build` on this cache folder: its report line and its wall time. */
function buildCache(cacheDir: string): string {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['dist/cli/main.js', 'images', 'build'], { env: { ...process.env, IMAGE_CACHE_DIR: cacheDir }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`studio images build failed: ${result.stderr}`);
  const lastLine = result.stdout.trim().split('\n').at(-1) ?? '';
  return `${((performance.now() - started) / 1000).toFixed(1)} s wall (${lastLine})`;
}

/** Bytes Chromium transfers for a page and everything it loads once scrolled to the end. */
async function pageWeight(url: string, width: number, deviceScaleFactor: number): Promise<{ total: number; images: number; count: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width, height: 844 }, deviceScaleFactor });
    await page.goto(url);
    const height = await page.evaluate('document.documentElement.scrollHeight') as number;
    for (let y = 0; y <= height; y += 600) {
      await page.evaluate(`window.scrollTo(0, ${y})`);
      await page.waitForTimeout(50);
    }
    while (!(await page.evaluate('[...document.images].every((img) => img.complete)'))) await page.waitForTimeout(100);
    return await page.evaluate(`(() => {
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
      const images = entries.filter((e) => e.initiatorType === 'img');
      const sum = (list) => list.reduce((total, e) => total + e.transferSize, 0);
      return { total: sum(entries), images: sum(images), count: images.length };
    })()`);
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;

export async function run(): Promise<BenchRow[]> {
  const empty = mkdtempSync(join(tmpdir(), 'studio-bench-images-'));
  try {
    const cover = async (url: string): Promise<string[]> => {
      const { projects } = await (await fetch(`${url}${PATHS.projects}`)).json() as { projects: ApiProject[] };
      const avif = projects.at(-1)?.images?.[0]?.formats.find((f) => f.type === 'image/avif')?.variants.at(-1);
      return avif ? [avif.url] : [];
    };
    const [cold, coldCover] = await coldStart(empty, cover);
    console.log(`\n- start, empty image cache: first 200 of / after ${cold!.toFixed(2)} s; the last project's 1600 px AVIF cover (made on request) after ${coldCover?.toFixed(2)} s`);
    console.log(`- studio images build, empty cache: ${buildCache(empty)}`);
    console.log(`- studio images build, warm cache: ${buildCache(empty)}`);
    const [warm, warmCover] = await coldStart(empty, cover);
    console.log(`- start, warm image cache: first 200 of / after ${warm!.toFixed(2)} s; the cover after ${warmCover?.toFixed(2)} s`);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }

  const studio = await startStudio();
  const { projects } = await (await fetch(`${studio.url}${PATHS.projects}`)).json() as { projects: ApiProject[] };
  const variant = projects[0]?.images?.[0]?.formats[0]?.variants[1];
  if (!variant) throw new Error('the content has no images to serve');
  const response = await fetch(variant.url);
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = join(studio.dir, 'variant.bin');
  writeFileSync(file, bytes);
  const ceiling = await startProcess('bench/baseline-server.ts', { BASELINE_FILE: file, BASELINE_TYPE: response.headers.get('content-type') ?? '' });
  try {
    if (existsSync(CHROMIUM)) {
      for (const [width, density] of [[390, 1], [390, 3], [1280, 1], [1280, 2]] as const) {
        const weight = await pageWeight(`${studio.url}/`, width, density);
        console.log(`- home page at ${width} px, ${density}x, scrolled to the end: ${kib(weight.total)} transferred, of which ${weight.count} images ${kib(weight.images)}`);
      }
    } else {
      console.log(`- page weight not measured: ${CHROMIUM} is not installed`);
    }
    const etag = response.headers.get('etag') ?? '';
    return await measureCases([
      { name: `bare Fastify, the same ${kib(bytes.length)} from memory (ceiling)`, options: { url: `${ceiling.url}/page` } },
      { name: `GET ${new URL(variant.url).pathname.replace(/\.[0-9a-f]{20}\./, '.<key>.')} (served lately: from memory)`, options: { url: variant.url } },
      { name: 'the same with If-None-Match (304)', options: { url: variant.url, headers: { 'if-none-match': etag } } },
    ]);
  } finally {
    await ceiling.stop();
    await studio.stop();
  }
}
