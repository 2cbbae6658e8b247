import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { EN } from '../../src/words/en.js';
import { ES } from '../../src/words/es.js';
import { checkPage, chromiumSkip, fillValidInquiry, launchChromium, watchedPage } from '../helpers/chromium.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The booking pages as a person uses them in Chromium: without JavaScript the times are the studio's,
// named, and a plain form books; with JavaScript each time also shows in the visitor's own zone where it
// differs. axe-clean, no sideways scrolling, and screenshots at 1280 and 390 px to look at.

const SHOTS = '/tmp/shots';
const NOW = Date.parse('2027-03-10T12:00:00Z');
const WIDTHS = [1280, 390] as const;
let person = 0;

/** Picks the first free time, fills in the details and books; returns on the answer page. */
async function book(page: Page, email = `visitor${(person += 1)}@example.com`): Promise<void> {
  await page.locator('.slot-day label').first().click();
  await page.fill('#b-name', 'Grace Hopper');
  await page.fill('#b-email', email);
  await Promise.all([page.waitForLoadState('load'), page.click(`button:has-text("${EN.booking.page.submit}")`)]);
  await page.locator(`h1:has-text("${EN.booking.booked.title}")`).waitFor();
}

describe('booking a consultation in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer(suite, {}, { clock: () => NOW });
    browser = await launchChromium();
  });
  after(async () => { await browser?.close(); });

  it('with JavaScript, each time also shows in the visitor\'s zone when it differs, under the page\'s policy', async () => {
    const context = await browser.newContext({ timezoneId: 'Europe/London' });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/consultations`);
    const first = page.locator('.slot-day li').first();
    // Thursday 11 March, 9:00 in New York is 14:00 in London (both on winter time then).
    assert.equal((await first.innerText()).replace(/\s+/g, ' ').replace(' ,', ',').trim(), `9:00 AM 2:00 PM GMT, ${EN.booking.page.yourTime}`);
    assert.match(await page.locator('.zone-line').innerText(), new RegExp(`New York time \\(EST/EDT\\)\\. ${EN.booking.page.yourTimeLine}`));
    assert.deepEqual(await problems(), []);
    await context.close();
  });

  it('with JavaScript in the studio\'s own zone, the same words: nothing added', async () => {
    const context = await browser.newContext({ timezoneId: 'America/New_York' });
    const page = await context.newPage();
    await page.goto(`${server.url}/consultations`);
    await page.waitForLoadState('load');
    assert.equal(await page.locator('.your-time').count(), 0);
    assert.match(await page.locator('.zone-line').innerText(), /Times are New York time \(EST\/EDT\)\./);
    await context.close();
  });

  for (const width of WIDTHS) {
    it(`the booking page, its answer and the manage page at ${width} px: axe clean, no sideways scrolling; screenshots`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'America/Los_Angeles', bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${server.url}/consultations`);
      await page.locator('.your-time').first().waitFor();
      await checkPage(page, `${SHOTS}/booking-page-${width}.png`);
      await book(page);
      await checkPage(page, `${SHOTS}/booking-success-${width}.png`);
      await page.click(`text=${EN.booking.booked.manageLink}`);
      await page.locator(`h1:has-text("${EN.booking.manage.title}")`).waitFor();
      await checkPage(page, `${SHOTS}/booking-manage-${width}.png`);
      await context.close();
    });
  }

  it('in Spanish at 390 px: Spanish days, a 24-hour clock and the visitor\'s own time in Spanish; axe clean; books and manages in Spanish', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, timezoneId: 'Europe/Madrid', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/es/consultations`);
    await page.locator('.your-time').first().waitFor();
    assert.equal(await page.locator('.slot-day legend').first().innerText(), 'jueves, 11 de marzo');
    // The first free time on Thursday 11 March (earlier tests booked some): New York is six hours behind Madrid then.
    const shown = (await page.locator('.slot-day li').first().innerText()).replace(/\s+/g, ' ').replace(' ,', ',');
    const [, studio, visitor] = /^(\d{1,2}:\d\d) (\d{2}:\d\d) \S+, (?:.+)$/.exec(shown) ?? [];
    assert.ok(studio && visitor && shown.endsWith(`, ${ES.booking.page.yourTime}`), shown);
    assert.equal(Number(visitor.split(':')[0]) - Number(studio.split(':')[0]), 6, '24-hour clocks, the visitor\'s in Madrid');
    assert.match(await page.locator('.zone-line').innerText(), new RegExp(`hora oriental \\(EST/EDT\\)\\. ${ES.booking.page.yourTimeLine}`));
    await checkPage(page, `${SHOTS}/booking-page-es-390.png`);
    await page.locator('.slot-day label').first().click();
    await page.fill('#b-name', 'Gabriela Mistral');
    await page.fill('#b-email', `visitante${(person += 1)}@example.com`);
    await Promise.all([page.waitForLoadState('load'), page.click(`button:has-text("${ES.booking.page.submit}")`)]);
    await page.locator(`h1:has-text("${ES.booking.booked.title}")`).waitFor();
    assert.ok((await page.locator('main').innerText()).includes(`Llamada de introducción, jueves, 11 de marzo de 2027, de ${studio} a `), 'what and when, in Spanish');
    assert.match(await page.locator('main').innerText(), /, hora oriental \(EST\)\./);
    await checkPage(page, `${SHOTS}/booking-success-es-390.png`);
    await page.click(`text=${ES.booking.booked.manageLink}`);
    await page.locator(`h1:has-text("${ES.booking.manage.title}")`).waitFor();
    assert.match(page.url(), /\/es\/consultations\/manage\//);
    await checkPage(page, `${SHOTS}/booking-manage-es-390.png`);
    await context.close();
  });

  it('with JavaScript, the inquiry sent inline offers a booking that carries it over by POST', async () => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/contact`);
    const inquiry = await fillValidInquiry(page);
    await page.click('button[type="submit"]');
    await page.locator('.booking-offer').waitFor();
    assert.equal(page.url(), `${server.url}/contact`, 'answered inline by contact.js');
    await Promise.all([page.waitForURL(`${server.url}/consultations`), page.click(`.booking-offer button:has-text("${EN.booking.offer.button}")`)]);
    assert.equal(await page.inputValue('#b-name'), inquiry.name);
    assert.equal(await page.inputValue('#b-email'), inquiry.email);
    assert.match(await page.locator('input[name="inquiry_id"]').first().inputValue(), /^[0-9a-f-]{36}$/);
    assert.deepEqual(await problems(), []);
    await context.close();
  });

  it('without JavaScript: the studio\'s times, a plain form books, and the manage page cancels after asking', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    const inquiry = await fillValidInquiry(page);
    await page.click('button[type="submit"]');
    await page.locator('.booking-offer').waitFor();
    await page.screenshot({ path: `${SHOTS}/booking-thanks-offer-nojs.png`, fullPage: true });
    await page.click(`.booking-offer button:has-text("${EN.booking.offer.button}")`);
    assert.equal(await page.inputValue('#b-email'), inquiry.email, 'the thank-you page carried the inquiry over');
    await page.goto(`${server.url}/consultations?type=studio-meeting`);
    assert.equal(await page.locator('.your-time').count(), 0, 'only the studio\'s times, named');
    assert.match(await page.locator('.zone-line').innerText(), /New York time/);
    await book(page);
    assert.match(await page.locator('main').innerText(), /Studio meeting, Thursday, March 11, 2027/);
    await page.click(`text=${EN.booking.booked.manageLink}`);
    await page.click(`button:has-text("${EN.booking.manage.cancelAsk}")`);
    await page.click(`button:has-text("${EN.booking.manage.cancelYes}")`);
    assert.match(await page.locator('main').innerText(), new RegExp(EN.booking.manage.cancelledNow.slice(0, 20)));
    await page.screenshot({ path: `${SHOTS}/booking-cancelled-nojs.png`, fullPage: true });
    await context.close();
  });
});
