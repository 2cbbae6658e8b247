import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { chromiumSkip, fillValidInquiry, launchChromium, watchedPage } from '../helpers/chromium.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { sitePages } from '../helpers/site-pages.js';

const OUTPUT = 'test-output/pages';
const WIDTHS = [1280, 390];

const screenshotName = (path: string, width: number) => `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${width}.png`;

describe('pages under their Content-Security-Policy in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    server = await startServer(suite);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  it('shows every page, at 1280 and 390 px, with its stylesheet and no violation; screenshots each', async () => {
    const pages = [...await sitePages(server.url), '/no-such-page'];
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const { page, problems } = await watchedPage(context);
      for (const path of pages) {
        const response = await page.goto(server.url + path);
        assert.equal(response?.status(), path === '/no-such-page' ? 404 : 200, path);
        assert.equal(await page.evaluate('getComputedStyle(document.body).backgroundColor'), 'rgb(246, 244, 239)', `${path}: site.css applies`);
        await page.screenshot({ path: `${OUTPUT}/${screenshotName(path, width)}`, fullPage: true });
        assert.deepEqual(await problems(), [], `${path} at ${width} px`);
      }
      await context.close();
    }
  });

  it('the form\'s script runs and sends the inquiry under the policy', async () => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/contact`);
    assert.equal(await page.evaluate('document.querySelector("form.inquiry-form").noValidate'), true, 'contact.js ran');
    await fillValidInquiry(page);
    await page.click('button[type="submit"]');
    await page.locator('.thanks').waitFor();
    assert.equal(page.url(), `${server.url}/contact`, 'answered inline by the script, not by a page');
    assert.deepEqual(await problems(), []);
    await context.close();
  });

  it('without JavaScript, the form\'s answers (its error page and the thank-you page) show with no violation', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/contact`);
    await fillValidInquiry(page, '  J  ');
    const [refused] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    assert.equal(refused?.status(), 400);
    await page.screenshot({ path: `${OUTPUT}/contact-error-1280.png`, fullPage: true });
    await page.fill('#f-name', 'Jordan Example');
    const [sent] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    assert.equal(sent?.status(), 200);
    assert.equal(await page.locator('h1').textContent(), 'Thank you');
    await page.screenshot({ path: `${OUTPUT}/thanks-1280.png`, fullPage: true });
    assert.deepEqual(await problems(), []);
    await context.close();
  });
});
