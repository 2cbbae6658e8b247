import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EN } from '../../src/words/en.js';
import { chromiumSkip, fillValidInquiry, launchChromium, seriousViolations, type Violation } from '../helpers/chromium.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { sitePages } from '../helpers/site-pages.js';

// axe-core in Chromium on every page of the website, on a desktop and on a phone: each page of the
// sitemap, the contact page with the errors of a plain (no-script) POST, the thank-you page and the 404
// page. No serious or critical violation anywhere; colour contrast is among axe's rules. Screenshots of
// the contact page, empty and with errors, go to test-output/.

const OUTPUT = 'test-output';
const WIDTHS = [1280, 390] as const;


/**
 * Sends the form as a browser without the script does: HTMLFormElement.submit() fires no submit event (so
 * contact.js stays out of it) and skips the browser's checks, so the server alone answers, with a page.
 */
async function submitNatively(page: Page): Promise<number | undefined> {
  const [response] = await Promise.all([page.waitForNavigation(), page.evaluate('document.querySelector("form.inquiry-form").submit()')]);
  return response?.status();
}

describe('website accessibility in Chromium (axe-core)', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    // Each width sends two forms from the same address: well inside the bucket with the scale raised.
    server = await startServer(suite, { RATE_LIMIT_SCALE: '100' });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  /** A page at one width; bypassCSP: axe-core is injected as a script, which the pages' policy (rightly) refuses. */
  async function open(width: number): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    return { context, page: await context.newPage() };
  }

  for (const width of WIDTHS) {
    it(`every page of the sitemap at ${width} px has no serious or critical violation`, async () => {
      const paths = await sitePages(server.url);
      for (const required of ['/', '/projects', '/services', '/about', '/process', '/developers', '/contact']) {
        assert.ok(paths.includes(required), `the sitemap lists ${required}`);
      }
      assert.ok(paths.some((p) => p.startsWith('/projects/')) && paths.some((p) => p.startsWith('/services/')), 'project and service pages are listed');
      const { context, page } = await open(width);
      const found: Record<string, Violation[]> = {};
      for (const path of paths) {
        assert.equal((await page.goto(server.url + path))?.status(), 200, path);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      await context.close();
      assert.deepEqual(found, {});
    });

    it(`the contact page empty, with the errors of a no-script POST, and the thank-you page at ${width} px`, async () => {
      const { context, page } = await open(width);
      await page.goto(`${server.url}/contact`);
      await page.screenshot({ path: `${OUTPUT}/contact-${width}.png`, fullPage: true });
      assert.deepEqual(await seriousViolations(page), [], 'contact, empty');

      await page.fill('#f-name', ' J ');
      await page.fill('#f-email', 'ada@');
      assert.equal(await submitNatively(page), 400);
      assert.ok(await page.locator('.field.has-error').count() >= 2, 'several fields are marked at once');
      assert.ok(await page.locator('#f-email-error').isVisible());
      await page.screenshot({ path: `${OUTPUT}/contact-with-errors-${width}.png`, fullPage: true });
      assert.deepEqual(await seriousViolations(page), [], 'contact with errors');

      await fillValidInquiry(page);
      assert.equal(await submitNatively(page), 200);
      assert.equal(await page.locator('h1').textContent(), 'Thank you');
      assert.deepEqual(await seriousViolations(page), [], 'thank-you page');
      await context.close();
    });

    it(`the 404 page at ${width} px`, async () => {
      const { context, page } = await open(width);
      assert.equal((await page.goto(`${server.url}/no-such-page`))?.status(), 404);
      assert.deepEqual(await seriousViolations(page), [], '404 page');
      await context.close();
    });
  }

  it('with the script, a refusal only the server can tell shows the page\'s plain words inline, and stays clean', async () => {
    const { context, page } = await open(390);
    await page.goto(`${server.url}/contact`);
    // A tab passes every rule the page can check (the lengths); the server's single-line rule refuses it.
    await fillValidInquiry(page, 'Ada\tLovelace');
    await page.click('button[type="submit"]');
    await page.locator('#f-name-error:not([hidden])').waitFor();
    assert.equal(await page.locator('#f-name-error').textContent(), EN.form.problems.singleLine);
    assert.equal(await page.locator('.error-summary a[href="#f-name"]').textContent(), EN.form.problems.singleLine, 'listed in the summary');
    assert.equal(await page.evaluate('document.activeElement.className'), 'error-summary', 'focus on the summary of what to fix');
    assert.equal(page.url(), `${server.url}/contact`, 'answered inline');
    assert.deepEqual(await seriousViolations(page), [], 'contact with inline errors');
    await context.close();
  });

  it('the code blocks of /developers are reached by the keyboard and named', async () => {
    const { context, page } = await open(1280);
    await page.goto(`${server.url}/developers`);
    const blocks = page.locator('pre');
    assert.ok(await blocks.count() > 0, 'the developer guide has code blocks');
    await blocks.first().focus();
    assert.equal(await page.evaluate('document.activeElement.tagName'), 'PRE');
    assert.match(await blocks.first().getAttribute('aria-label') ?? '', /^Code example 1/);
    await context.close();
  });
});
