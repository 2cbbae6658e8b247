import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { chromiumSkip, fillValidInquiry, launchChromium } from '../helpers/chromium.js';
import { postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

const OUTPUT = 'test-output';

describe('website in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    // TRUST_PROXY: the rate-limit tests speak for client IPs of their own (X-Forwarded-For), so their count starts at zero.
    server = await startServer(suite, { TRUST_PROXY: 'true' });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  it('renders the home page and a project page with the stylesheet applied; screenshots them', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/`);
    assert.equal(await page.title(), 'Harbor & Hedge Design-Build');
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    assert.equal(background, 'rgb(246, 244, 239)', 'site.css is loaded');
    const navLinks = await page.locator('nav[aria-label="Main"] a').count();
    assert.ok(navLinks >= 5);
    await page.screenshot({ path: `${OUTPUT}/home.png`, fullPage: true });
    await page.click('text=Grove Courtyard House');
    await page.waitForURL(`${server.url}/projects/grove-courtyard-house`);
    assert.equal(await page.locator('h1').textContent(), 'Grove Courtyard House');
    await page.screenshot({ path: `${OUTPUT}/project.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    assert.equal(overflow, 0, 'no horizontal scrolling on a phone');
    await page.screenshot({ path: `${OUTPUT}/home-mobile.png` });
    await page.close();
  });

  it('shows the skip link on keyboard focus', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/services`);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement && document.activeElement.textContent'), 'Skip to content');
    const top = await page.evaluate('document.activeElement.getBoundingClientRect().top') as number;
    assert.ok(top >= 0, 'the focused skip link is on screen');
    await page.close();
  });

  it('with JavaScript: a field error next to the field, then success inline', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact`);
    // Caught in the browser from the schema-derived constraints.
    await page.click('button[type="submit"]');
    assert.ok(await page.locator('#f-name-error').isVisible());
    assert.equal(await page.getAttribute('#f-name', 'aria-invalid'), 'true');
    // Caught by the API (the name is too short once trimmed): the 400 names the field.
    await fillValidInquiry(page, '  J  ');
    await page.click('button[type="submit"]');
    await page.locator('#f-name-error').filter({ hasText: 'name' }).waitFor();
    assert.equal(await page.locator('#f-email-error').isVisible(), false);
    assert.equal(page.url(), `${server.url}/contact`, 'no navigation: the script answered inline');
    await fillValidInquiry(page);
    await page.click('button[type="submit"]');
    await page.locator('.thanks').waitFor();
    assert.match(await page.locator('.thanks').textContent() ?? '', /Thank you/);
    await page.screenshot({ path: `${OUTPUT}/contact-sent.png` });
    await page.close();
  });

  it('without JavaScript: the plain POST answers with the form, its error and the values, then with the thank-you page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    const filled = await fillValidInquiry(page, '  J  ');
    const [invalid] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    assert.equal(invalid?.status(), 400);
    assert.ok(await page.locator('#f-name-error').isVisible());
    assert.match(await page.locator('#f-name-error').textContent() ?? '', /name/);
    assert.equal(await page.inputValue('#f-email'), filled.email, 'values are filled back in');
    assert.equal(await page.inputValue('#f-budget'), filled.budget);
    await page.screenshot({ path: `${OUTPUT}/contact-error-nojs.png`, fullPage: true });
    await page.fill('#f-name', 'Jordan Example');
    const [sent] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    assert.equal(sent?.status(), 200);
    assert.equal(await page.locator('h1').textContent(), 'Thank you');
    await context.close();
  });

  it(`with JavaScript: after ${RATE_LIMIT_POLICIES.inquiry.limit} API submissions the form says how long to wait`, async () => {
    const client = { 'x-forwarded-for': '203.0.113.31' };
    for (let i = 0; i < RATE_LIMIT_POLICIES.inquiry.limit; i += 1) {
      assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: client })).status, 200, `API call ${i + 1}`);
    }
    const context = await browser.newContext({ extraHTTPHeaders: client });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    await fillValidInquiry(page);
    await page.click('button[type="submit"]');
    const message = page.locator('.form-status.is-error');
    await message.waitFor();
    assert.match(await message.textContent() ?? '', /wait \d+ (?:seconds|minutes)/);
    await context.close();
  });

  it(`without JavaScript: ${RATE_LIMIT_POLICIES.inquiry.limit} form submissions, then the API answers 429 (one bucket)`, async () => {
    const client = { 'x-forwarded-for': '203.0.113.32' };
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: client });
    const page = await context.newPage();
    for (let i = 0; i < RATE_LIMIT_POLICIES.inquiry.limit; i += 1) {
      await page.goto(`${server.url}/contact`);
      await fillValidInquiry(page);
      const [sent] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
      assert.equal(sent?.status(), 200, `form ${i + 1}`);
    }
    await context.close();
    const refused = await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: client });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  });
});
