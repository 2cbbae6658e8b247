import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import { chromiumSkip, launchChromium, seriousViolations } from '../helpers/chromium.js';
import { addOperator, OPERATOR_PASSWORD } from '../helpers/inbox.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The inbox's door in Chromium, at a desktop and a phone width: signing in and out without JavaScript,
// a refused password said beside the form, axe on the page, screenshots in test-output/; and a link from
// another site (webmail) that opens an inbox page keeps the session (SameSite=Strict does not lose it).

const OUTPUT = 'test-output';
const REFUSED = 'That email and password do not match an operator.';

describe('the sign-in page in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    server = await startServer(suite);
    await addOperator(server, 'ann@studio.test');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  for (const [width, height, name] of [[1280, 800, 'inbox-login'], [390, 844, 'inbox-login-mobile']] as const) {
    it(`signs in and out without JavaScript at ${width} px; the page passes axe; screenshots`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${server.url}/inbox/inquiries/abc`);
      assert.equal(new URL(page.url()).pathname, INBOX_PATHS.login, 'sent to sign in');
      await page.screenshot({ path: `${OUTPUT}/${name}.png`, fullPage: true });
      assert.equal(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'), 0, 'no horizontal scrolling');

      await page.fill('#email', 'ann@studio.test');
      await page.fill('#password', 'not the password at all');
      await page.click('button[type="submit"]');
      assert.ok((await page.locator('[role="alert"]').textContent())?.includes(REFUSED));
      await page.screenshot({ path: `${OUTPUT}/${name}-refused.png`, fullPage: true });
      // axe needs its script: a second context with JavaScript looks at the same page.
      const checker = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
      const checked = await checker.newPage();
      await checked.goto(`${server.url}${INBOX_PATHS.login}`);
      assert.deepEqual(await seriousViolations(checked), []);
      await checker.close();

      await page.fill('#password', OPERATOR_PASSWORD);
      await page.click('button[type="submit"]');
      assert.equal(new URL(page.url()).pathname, '/inbox/inquiries/abc', 'back to the page asked for');
      await page.goto(`${server.url}${INBOX_PATHS.list}`);
      assert.ok((await page.locator('.inbox-email').textContent())?.includes('ann@studio.test'));
      await page.screenshot({ path: `${OUTPUT}/${name}-signed-in.png`, fullPage: true });
      await page.click('text=Sign out');
      assert.equal(new URL(page.url()).pathname, INBOX_PATHS.login);
      await page.goto(`${server.url}${INBOX_PATHS.list}`);
      assert.equal(new URL(page.url()).pathname, INBOX_PATHS.login, 'signed out');
      await context.close();
    });
  }

  it('keeps the session when a link on another site (webmail) opens an inbox page', async () => {
    await addOperator(server, 'cross@studio.test');
    const wanted = `${server.url}/inbox?state=spam`;
    // Another site: localhost is not the same site as 127.0.0.1, so the SameSite=Strict cookie stays behind on the click.
    const other: Server = createServer((_request, response) => response.end(`<!doctype html><title>Mail</title><a href="${wanted}">Open the inquiry</a>`));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}${INBOX_PATHS.login}`);
      await page.fill('#email', 'cross@studio.test');
      await page.fill('#password', OPERATOR_PASSWORD);
      await page.click('button[type="submit"]');
      await page.goto(`http://localhost:${(other.address() as { port: number }).port}/`);
      await page.click('a');
      await page.locator('.inbox-email').waitFor();
      assert.equal(page.url(), wanted, 'the page asked for, signed in, without a second sign-in');
    } finally {
      await context.close();
      other.close();
    }
  });
});
