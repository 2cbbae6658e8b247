import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { INQUIRY_LIMITS } from '../../src/contract/inquiry.js';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { EN } from '../../src/words/en.js';
import { ES } from '../../src/words/es.js';
import { chromiumSkip, fillValidInquiry, launchChromium, seriousViolations } from '../helpers/chromium.js';
import { postInquiry, validInquiry } from '../helpers/inquiries.js';
import { freePort, startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The inquiry form as a person meets it, in Chromium, in Spanish and English: it refuses and accepts with
// and without JavaScript in the same words, word for word; with the script, the error summary takes the
// focus and its links lead to the fields; a form-level message (rate limit, no network) on a phone is
// brought into view and focused; axe finds nothing serious in any of these states.

const OUTPUT = 'test-output';
const WIDTHS = [390, 1280] as const;

/** What the form shows of a refusal: each field's error, the summary's links, the page's title, the message above the form. */
interface Refusal { fields: Record<string, string>; summary: Array<[string, string]>; title: string; notice: string }

async function refusalShown(page: Page): Promise<Refusal> {
  const fields: Record<string, string> = {};
  for (const box of await page.locator('.field.has-error').all()) {
    fields[await box.getAttribute('data-field') ?? ''] = (await box.locator('.field-error').textContent() ?? '').trim();
  }
  const summary: Array<[string, string]> = [];
  for (const link of await page.locator('.error-summary:not([hidden]) li a').all()) {
    summary.push([await link.getAttribute('href') ?? '', (await link.textContent() ?? '').trim()]);
  }
  const notice = (await page.locator('.form-status').textContent() ?? '').trim();
  return { fields, summary, title: await page.title(), notice };
}

/** The paragraphs of a thank-you text: the page's article without script, the text in place of the form with it. */
async function thanksParagraphs(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(`${selector} p`).allTextContents()).map((text) => text.trim());
}

/** Each way of filling in the form that it must refuse. */
const REFUSED: Record<string, (page: Page) => Promise<unknown>> = {
  empty: async () => undefined,
  'too short': (page) => fillValidInquiry(page, 'J').then(() => page.fill('#f-message', 'Una casa')),
  'bad email': (page) => fillValidInquiry(page).then(() => page.fill('#f-email', 'ada@')),
};

describe('the inquiry form in Chromium, with and without JavaScript', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  let client = 0;
  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    // TRUST_PROXY: each context speaks for a client IP of its own (X-Forwarded-For), so its count starts at zero.
    server = await startServer(suite, { TRUST_PROXY: 'true' });
    browser = await launchChromium();
  });
  after(async () => { await browser?.close(); });

  /** A context of its own client address; bypassCSP lets axe-core be injected (the pages' policy rightly refuses it). */
  async function open(width: number, javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page; ip: string }> {
    client += 1;
    const ip = `203.0.113.${150 + client}`;
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, javaScriptEnabled, bypassCSP: true, extraHTTPHeaders: { 'x-forwarded-for': ip } });
    return { context, page: await context.newPage(), ip };
  }

  /** Whether the element is wholly inside the window. */
  const inView = (page: Page, selector: string) => page.evaluate(`(() => {
    const box = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  })()`) as Promise<boolean>;
  const focusedClass = (page: Page) => page.evaluate('document.activeElement && document.activeElement.className') as Promise<string>;

  it('the Spanish form refuses (empty, too short, bad email) and accepts, in the same Spanish words with and without JavaScript', async () => {
    const plain = await open(390, false);
    const scripted = await open(390);
    for (const [name, fill] of Object.entries(REFUSED)) {
      await plain.page.goto(`${server.url}/es/contact`);
      await fill(plain.page);
      const [answer] = await Promise.all([plain.page.waitForNavigation(), plain.page.click('button[type="submit"]')]);
      assert.equal(answer?.status(), 400, `${name}: refused by the server`);
      const withoutScript = await refusalShown(plain.page);

      await scripted.page.goto(`${server.url}/es/contact`);
      await fill(scripted.page);
      await scripted.page.click('button[type="submit"]');
      await scripted.page.locator('.error-summary:not([hidden])').waitFor();
      const withScript = await refusalShown(scripted.page);
      assert.equal(scripted.page.url(), `${server.url}/es/contact`, `${name}: answered in place`);
      assert.deepEqual(withScript, withoutScript, `${name}: the same words both ways`);
      assert.equal(await focusedClass(scripted.page), 'error-summary', `${name}: the summary takes the focus`);
      assert.ok(withScript.title.startsWith(ES.form.errorTitle) && withScript.title.includes('Contacto'), `${name}: the title says so`);
      await scripted.page.screenshot({ path: `${OUTPUT}/contact-es-${name.replace(' ', '-')}-390.png` });
    }
    // The words are the Spanish catalog's, with the schema's limits.
    assert.deepEqual((await refusalShown(scripted.page)).fields, { email: ES.form.problems.email });

    await plain.page.goto(`${server.url}/es/contact`);
    await fillValidInquiry(plain.page);
    const [sent] = await Promise.all([plain.page.waitForNavigation(), plain.page.click('button[type="submit"]')]);
    assert.equal(sent?.status(), 200);
    assert.equal(await plain.page.locator('h1').textContent(), ES.pages.thanks.heading);
    await scripted.page.goto(`${server.url}/es/contact`);
    await fillValidInquiry(scripted.page);
    await scripted.page.click('button[type="submit"]');
    await scripted.page.locator('.thanks').waitFor();
    const thanks = await thanksParagraphs(scripted.page, '.thanks');
    assert.deepEqual(thanks, await thanksParagraphs(plain.page, 'article'), 'the same thank-you words both ways');
    assert.ok(thanks[0]!.includes(ES.form.responseTime), 'it says when the studio answers');
    assert.equal(await focusedClass(scripted.page), 'form-status thanks');
    assert.equal(await scripted.page.title(), 'Contacto — ' + (await plain.page.title()).split(' — ')[1], 'no error word once sent');
    await plain.context.close();
    await scripted.context.close();
  });

  it('with JavaScript the too-short words are the server\'s, with the schema\'s limit, before anything is sent', async () => {
    const { context, page } = await open(1280);
    let posts = 0;
    page.on('request', (request) => { if (request.method() === 'POST') posts += 1; });
    await page.goto(`${server.url}/es/contact`);
    await fillValidInquiry(page, '  J  ');
    await page.click('button[type="submit"]');
    await page.locator('#f-name-error:not([hidden])').waitFor();
    assert.equal(await page.locator('#f-name-error').textContent(), `${ES.form.prompts.name.tooShort}: al menos ${INQUIRY_LIMITS.name.minLength} caracteres.`);
    assert.equal(posts, 0, 'caught in the page: a refused submission would count against the rate limit');
    await context.close();
  });

  it('the summary\'s links move the focus to their fields, and show the field\'s label', async () => {
    const { context, page } = await open(390);
    await page.goto(`${server.url}/es/contact`);
    await page.click('button[type="submit"]');
    await page.locator('.error-summary:not([hidden])').waitFor();
    for (const field of ['message', 'email', 'phase']) {
      await page.click(`.error-summary a[href="#f-${field}"]`);
      assert.equal(await page.evaluate('document.activeElement.id'), `f-${field}`, `${field} is focused`);
      assert.ok(await inView(page, `label[for="f-${field}"]`), `${field}'s label is in view`);
    }
    await context.close();
  });

  it('a rate-limited submission on a 390 px phone: the message in view, focused, announced, in Spanish', async () => {
    const { context, page, ip } = await open(390);
    for (let i = 0; i < RATE_LIMIT_POLICIES.inquiry.limit; i += 1) {
      assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry(), { headers: { 'x-forwarded-for': ip } })).status, 200);
    }
    await page.goto(`${server.url}/es/contact`);
    await fillValidInquiry(page);
    await page.click('button[type="submit"]');
    const message = page.locator('.form-status.is-error');
    await message.waitFor();
    assert.match(await message.textContent() ?? '', /^Se han enviado demasiadas consultas .* espere \d+ (?:segundos|minutos) /);
    assert.equal(await message.getAttribute('role'), 'alert');
    assert.ok(await inView(page, '.form-status'), 'the message is inside the window');
    assert.equal(await focusedClass(page), 'form-status is-error', 'the focus is on it');
    assert.ok((await page.title()).startsWith(ES.form.errorTitle));
    await page.screenshot({ path: `${OUTPUT}/contact-es-rate-limited-390.png` });
    await context.close();
  });

  it('no network on a phone: the message in view and focused, in the page\'s words', async () => {
    const { context, page } = await open(390);
    await page.goto(`${server.url}/contact`);
    await fillValidInquiry(page);
    await context.setOffline(true);
    await page.click('button[type="submit"]');
    await page.locator('.form-status.is-error').waitFor();
    assert.equal(await page.locator('.form-status').textContent(), EN.form.network);
    assert.ok(await inView(page, '.form-status'));
    assert.equal(await focusedClass(page), 'form-status is-error');
    await context.close();
  });

  it('the inbox unavailable (no database) on a phone: the Spanish message in view and focused, with and without JavaScript', async () => {
    // A database at a closed port: the service starts, and every inquiry is answered 503 inbox_unavailable.
    const down = await startServer(suite, { DATABASE_URL: `postgres://test@127.0.0.1:${await freePort()}/test` }, { waitForStore: false });
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await open(390, javaScriptEnabled);
      await page.goto(`${down.url}/es/contact`);
      await fillValidInquiry(page);
      if (javaScriptEnabled) {
        await page.click('button[type="submit"]');
        await page.locator('.form-status.is-error').waitFor();
      } else {
        const [answer] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
        assert.equal(answer?.status(), 503);
      }
      assert.equal(await page.locator('.form-status').textContent(), ES.form.unavailable);
      assert.ok(await inView(page, '.form-status'), `in view (script ${javaScriptEnabled ? 'on' : 'off'})`);
      assert.equal(await focusedClass(page), 'form-status is-error', `focused (script ${javaScriptEnabled ? 'on' : 'off'})`);
      assert.ok((await page.title()).startsWith(ES.form.errorTitle));
      await context.close();
    }
  });

  for (const width of WIDTHS) {
    for (const [locale, path] of [['en', '/contact'], ['es', '/es/contact']] as const) {
      it(`axe at ${width} px, ${locale}: the form empty, with the script's summary, the page without script's, and the thank-you`, async () => {
        const { context, page } = await open(width);
        await page.goto(server.url + path);
        assert.deepEqual(await seriousViolations(page), [], 'empty');
        await page.click('button[type="submit"]');
        await page.locator('.error-summary:not([hidden])').waitFor();
        assert.deepEqual(await seriousViolations(page), [], 'with the script\'s summary');
        // form.submit() fires no submit event: the server alone answers, with its page.
        await page.goto(server.url + path);
        const [refused] = await Promise.all([page.waitForNavigation(), page.evaluate('document.querySelector("form.inquiry-form").submit()')]);
        assert.equal(refused?.status(), 400);
        assert.equal(await focusedClass(page), 'error-summary', 'the page without script focuses its summary too (autofocus)');
        assert.ok(await inView(page, '#error-summary-title'), 'and shows it');
        assert.deepEqual(await seriousViolations(page), [], 'the page without script, with errors');
        await page.goto(server.url + path);
        await fillValidInquiry(page);
        await page.click('button[type="submit"]');
        await page.locator('.thanks').waitFor();
        assert.deepEqual(await seriousViolations(page), [], 'thank-you in place of the form');
        await page.screenshot({ path: `${OUTPUT}/contact-${locale}-sent-${width}.png`, fullPage: true });
        await context.close();
      });
    }
  }
});
