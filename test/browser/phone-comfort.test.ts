import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkip, horizontalOverflow, launchChromium, seriousViolations } from '../helpers/chromium.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The site on a phone and a desktop, in both languages, as a homeowner uses it: every link and button of
// the header and the footer is a target of at least 44 × 44 px; the header (brand, menu, call to action)
// stays on screen 3000 px down a long page; captions are at least 14 px; the pages a homeowner opens first are
// axe-clean and never scroll sideways; the FAQ shows the questions its FAQPage JSON-LD states.
// Screenshots of each page go to test-output/.

const OUTPUT = 'test-output';
const WIDTHS = [390, 1280] as const;
const LOCALES = [['en', ''], ['es', '/es']] as const;
const PAGES = ['/', '/projects', '/projects/grove-courtyard-house', '/about', '/faq', '/contact'] as const;
const MIN_TARGET = 44;

/** Every link and button of the header and the footer narrower or shorter than 44 px, with its size. */
async function smallTargets(page: Page): Promise<string[]> {
  const small: string[] = [];
  for (const target of await page.locator('header.site-header a, header.site-header button, footer.site-footer a, footer.site-footer button').all()) {
    const box = await target.boundingBox();
    const name = (await target.textContent())?.trim();
    if (!box) { small.push(`${name}: not rendered`); continue; }
    if (box.width < MIN_TARGET - 0.5 || box.height < MIN_TARGET - 0.5) small.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}

/** True when the element's centre is on screen and it is what a tap there reaches (nothing covers it). */
function reachable(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
    const hit = document.elementFromPoint(x, y);
    return element === hit || element.contains(hit);
  })()`) as Promise<boolean>;
}

describe('comfortable on a phone and a desktop, in both languages (Chromium)', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    server = await startServer(suite);
    browser = await launchChromium();
  });
  after(async () => { await browser?.close(); });

  for (const width of WIDTHS) {
    for (const [locale, prefix] of LOCALES) {
      it(`${locale} at ${width} px: 44 px targets in header and footer, axe-clean, nothing sideways`, async () => {
        // bypassCSP: axe-core is injected as a script, which the pages' policy (rightly) refuses.
        const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, bypassCSP: true });
        const page = await context.newPage();
        const problems: Record<string, unknown> = {};
        for (const path of PAGES) {
          const at = path === '/' ? `${prefix}/` : `${prefix}${path}`;
          assert.equal((await page.goto(server.url + at))?.status(), 200, at);
          const small = await smallTargets(page);
          const violations = await seriousViolations(page);
          const overflow = await horizontalOverflow(page);
          if (small.length > 0 || violations.length > 0 || overflow !== 0) problems[at] = { small, violations, overflow };
          await page.screenshot({ path: `${OUTPUT}/comfort-${locale}${path.replace(/\//g, '-')}-${width}.png`, fullPage: true });
        }
        await context.close();
        assert.deepEqual(problems, {});
      });

      it(`${locale} at ${width} px: the header stays in reach 3000 px down a long page, with the menu, the language and the call to action; a question's link lands below it`, async () => {
        const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
        // The first of the long pages that is long enough at this width to scroll 3000 px.
        let height = 0;
        for (const path of ['/', '/projects/grove-courtyard-house', '/faq']) {
          await page.goto(`${server.url}${prefix}${path}`);
          height = await page.evaluate('document.documentElement.scrollHeight') as number;
          if (height > 3000 + 900) break;
        }
        assert.ok(height > 3000 + 900, `a page is long enough to scroll 3000 px (${height})`);
        await page.evaluate('window.scrollTo(0, 3000)');
        // A fractional device pixel may leave the scroll a pixel short.
        assert.ok(Math.abs(Number(await page.evaluate('window.scrollY')) - 3000) <= 1, 'scrolled 3000 px down');
        const header = await page.locator('header.site-header').boundingBox();
        assert.ok(header && header.y === 0, 'the header sits at the top of the screen');
        assert.ok(header.height <= (width === 390 ? 110 : 130), `the header leaves the page the screen (${header.height} px)`);
        for (const selector of ['.site-header .brand', '.site-header .button.cta', '.site-header .language a', '.main-nav li:first-child a']) {
          assert.ok(await reachable(page, selector), `${selector} can be tapped after scrolling`);
        }
        // A link to a question lands below the sticky header, not under it.
        await page.goto(`${server.url}${prefix}/faq`);
        const question = page.locator('article h2').nth(4);
        await page.goto(`${server.url}${prefix}/faq#${await question.getAttribute('id')}`);
        const top = (await question.boundingBox())!.y;
        const bottom = (await page.locator('header.site-header').boundingBox())!.height;
        assert.ok(top >= bottom, `the question (${top}) shows below the header (${bottom})`);
        await page.close();
      });
    }
  }

  it('captions are at least 14 px on a phone, in both languages', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const [, prefix] of LOCALES) {
      await page.goto(`${server.url}${prefix}/projects/grove-courtyard-house`);
      const sizes = await page.evaluate('[...document.querySelectorAll("figcaption")].map((c) => parseFloat(getComputedStyle(c).fontSize))') as number[];
      assert.ok(sizes.length > 0, 'the project shows captions');
      assert.ok(sizes.every((size) => size >= 14), `caption sizes ${sizes.join(', ')}`);
    }
    await page.close();
  });

  it('the FAQ shows, as headings, the questions its FAQPage JSON-LD states', async () => {
    const page = await browser.newPage();
    for (const [, prefix] of LOCALES) {
      await page.goto(`${server.url}${prefix}/faq`);
      const data = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent() ?? '{}') as { '@graph': Array<{ '@type': string; mainEntity?: Array<{ name: string }> }> };
      const stated = data['@graph'].find((node) => node['@type'] === 'FAQPage')?.mainEntity?.map((q) => q.name);
      assert.deepEqual(stated, await page.locator('article h2').allTextContents());
    }
    await page.close();
  });
});
