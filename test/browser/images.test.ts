import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkip, launchChromium } from '../helpers/chromium.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The pictures as a visitor sees them, in Chromium at a desktop and a phone width: every image arrives and
// is decoded in a format the browser chose, none lacks alt text, none moves the page when it arrives
// (cumulative layout shift from images is zero), and screenshots of the pages go to test-output/.

const OUTPUT = 'test-output';
const WIDTHS = [{ width: 1280, height: 900, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }] as const;

interface ImageState { src: string; alt: string | null; complete: boolean; naturalWidth: number; shownWidth: number }

/** Scrolls to the bottom in steps (so every lazy image loads), waits for the images, and reports them and the layout shifts. */
async function visit(page: Page): Promise<{ images: ImageState[]; shift: number }> {
  await page.evaluate(`(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value; })
      .observe({ type: 'layout-shift', buffered: true });
  })()`);
  const height = await page.evaluate('document.documentElement.scrollHeight') as number;
  for (let y = 0; y <= height; y += 600) {
    await page.evaluate(`window.scrollTo(0, ${y})`);
    await page.waitForTimeout(30);
  }
  // Polled with evaluate: waitForFunction would compile its text, which the pages' CSP (no unsafe-eval) refuses.
  for (let tries = 0; !(await page.evaluate('[...document.images].every((img) => img.complete)')); tries += 1) {
    assert.ok(tries < 600, 'every image finished loading within a minute');
    await page.waitForTimeout(100);
  }
  const images = await page.evaluate(`[...document.images].map((img) => ({
    src: img.currentSrc, alt: img.getAttribute('alt'), complete: img.complete, naturalWidth: img.naturalWidth, shownWidth: img.getBoundingClientRect().width,
  }))`) as ImageState[];
  return { images, shift: await page.evaluate('window.__shift') as number };
}

describe('website images in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  let projectPath: string;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    server = await startServer(suite);
    browser = await launchChromium();
    const { projects } = await (await fetch(`${server.url}/api/v1/projects`)).json() as { projects: Array<{ url: string }> };
    projectPath = new URL(projects[0]!.url).pathname;
  });
  after(async () => {
    await browser?.close();
  });

  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px: every image arrives, has alt text and moves nothing; screenshots`, async () => {
      const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      for (const [name, path] of [['home', '/'], ['projects', '/projects'], ['project', projectPath]] as const) {
        await page.goto(server.url + path);
        const { images, shift } = await visit(page);
        assert.ok(images.length >= 3, `${path} shows images`);
        for (const image of images) {
          assert.ok(image.alt && image.alt.trim().length > 0, `${path}: ${image.src} has alt text`);
          assert.ok(image.naturalWidth > 0, `${path}: ${image.src} arrived and decoded`);
          assert.match(image.src, /\.avif$/, 'Chromium takes the AVIF source');
          // The browser picked a width from srcset: at least what it shows, and not the largest on a phone.
          assert.ok(image.naturalWidth >= Math.min(image.shownWidth, 1600) - 1, `${path}: ${image.src} is sharp enough`);
          if (viewport.width < 500) assert.ok(image.naturalWidth < 1600, `${path}: a phone gets a smaller variant than ${image.src}`);
        }
        assert.equal(shift, 0, `${path}: no layout shift`);
        await page.evaluate('window.scrollTo(0, 0)');
        await page.screenshot({ path: `${OUTPUT}/images-${name}-${viewport.name}.png`, fullPage: true });
      }
      await page.close();
    });
  }
});
