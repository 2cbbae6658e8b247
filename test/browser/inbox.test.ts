import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { EXPORT_COLUMNS } from '../../src/inquiries/export.js';
import { checkPage, chromiumSkip, fillValidInquiry, launchChromium } from '../helpers/chromium.js';
import { addOperator, OPERATOR_PASSWORD } from '../helpers/inbox.js';
import { startSmtpSink, type SmtpSink } from '../helpers/inquiry-peers.js';
import { eventually } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The operators' web inbox in Chromium, as a person at the studio uses it, on a desktop and on a phone:
// an operator added by the operator command signs in, finds an inquiry by a word of its message, opens
// it, takes it out of spam (its notification reaches the loopback SMTP server), files it in spam and
// back, exports the list as a real CSV download and signs out. axe-core checks the list, the inquiry
// and the erasure page; screenshots of each go to test-output/.

const OUTPUT = 'test-output';
const OPERATOR = 'studio-desk@harbor.example';



describe('operators’ inbox in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let smtp: SmtpSink;
  let browser: Browser;

  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    smtp = await startSmtpSink();
    server = await startServer(suite, {
      SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@harbor.example', OUTBOX_POLL_INTERVAL_MS: '50', RATE_LIMIT_SCALE: '100', STUDIO_TIME_ZONE: 'America/Los_Angeles',
    });
    await addOperator(server, OPERATOR);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await smtp?.close();
  });

  /** A bot's submission through the website's form: the hidden honeypot field filled in, so it is stored as spam. */
  async function botSubmits(name: string, word: string): Promise<void> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact`);
    await fillValidInquiry(page, name);
    await page.fill('#f-message', `We would like a house with a garden, and our favourite plant is ${word}.`);
    await page.evaluate(`document.querySelector('input[name="website"]').value = 'https://bot.example'`);
    await page.click('button[type="submit"]');
    await page.locator('.thanks').waitFor();
    await page.close();
  }

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${server.url}/inbox`);
    assert.match(page.url(), /\/inbox\/login$/, 'not signed in: the sign-in page');
    await page.fill('#email', OPERATOR);
    await page.fill('#password', OPERATOR_PASSWORD);
    await Promise.all([page.waitForURL(`${server.url}/inbox`), page.click('button:has-text("Sign in")')]);
  }

  const shoot = (page: Page, shot: string) => checkPage(page, `${OUTPUT}/${shot}.png`);

  /** The whole visit, at one screen width. */
  async function visit(width: number, suffix: string, name: string, word: string): Promise<void> {
    await botSubmits(name, word);
    // bypassCSP: axe-core is injected as a script, which the inbox's policy (rightly) refuses.
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true, bypassCSP: true });
    const page = await context.newPage();
    await signIn(page);

    await page.fill('#f-q', word);
    await Promise.all([page.waitForURL(/\/inbox\?q=/), page.click('button:has-text("Search")')]);
    assert.equal(await page.locator('a.row-link').count(), 1, 'the search finds the one inquiry');
    assert.equal(await page.locator('td[data-label="Notifications"]').textContent(), 'Held');
    // Received in the studio's zone (Los Angeles), said with its abbreviation; the element carries the same hour with its offset.
    const received = page.locator('td[data-label="Received"] time');
    const shown = await received.textContent() ?? '';
    const datetime = await received.getAttribute('datetime') ?? '';
    assert.match(shown, /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} P[SD]T$/, shown);
    assert.match(datetime, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?-0[78]:00$/, datetime);
    assert.equal(shown.slice(-9, -4), datetime.slice(11, 16), 'the local hour and minute, as the offset says');
    assert.ok(Math.abs(Date.parse(datetime) - Date.now()) < 5 * 60_000, 'the instant it arrived');
    await shoot(page, `inbox-list${suffix}`);

    await Promise.all([page.waitForURL(/\/inbox\/inquiries\//), page.click(`a.row-link:has-text("${name}")`)]);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    assert.equal(await page.locator('h1').textContent(), name);
    assert.equal(smtp.mails.some((mail) => mail.raw.includes(id)), false, 'in spam, nobody was told');
    await shoot(page, `inbox-inquiry-spam${suffix}`);

    await Promise.all([page.waitForURL(/done=not-spam/), page.click('button:has-text("Not spam")')]);
    assert.match(await page.locator('[role="status"]').textContent() ?? '', /Moved out of spam/);
    const mail = await eventually(async () => smtp.mails.find((m) => m.raw.includes(id)));
    assert.deepEqual(mail.to, ['studio@harbor.example']);
    await eventually(async () => {
      await page.reload();
      return (await page.locator('.inquiry-meta .badge').textContent()) === 'Delivered' || undefined;
    });
    await shoot(page, `inbox-inquiry${suffix}`);

    await Promise.all([page.waitForURL(/done=spam/), page.click('button:has-text("Spam")')]);
    assert.match(await page.locator('.inquiry-meta').textContent() ?? '', /in Spam/);
    await Promise.all([page.waitForURL(/done=not-spam/), page.click('button:has-text("Not spam")')]);
    assert.equal(smtp.mails.filter((m) => m.raw.includes(id)).length, 1, 'its notification went out once');

    await page.goto(`${server.url}/inbox?q=${word}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a:has-text("Export CSV")')]);
    assert.match(download.suggestedFilename(), /^inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    assert.equal(csv[0], EXPORT_COLUMNS.join(','));
    assert.equal(csv.filter((line) => line.startsWith(id)).length, 1, 'the searched inquiry, and only it');
    assert.ok(csv[1]!.includes(`,${name},`) && csv[1]!.includes(word) && csv[1]!.includes(',read,'), csv[1]);

    await page.goto(`${server.url}/inbox/erase`);
    await shoot(page, `inbox-erase${suffix}`);

    await Promise.all([page.waitForURL(/\/inbox\/login$/), page.click('button:has-text("Sign out")')]);
    await page.goto(`${server.url}/inbox`);
    assert.match(page.url(), /\/inbox\/login$/, 'signed out: the inbox sends to the sign-in page again');
    await context.close();
  }

  it('an operator finds, opens, triages and exports an inquiry on a desktop screen', async () => {
    await visit(1280, '', 'Wren Gardener', 'wisteria');
  });

  it('the same on a 390 px wide phone, rows as cards and nothing scrolling sideways', async () => {
    await visit(390, '-mobile', 'Ivy Planter', 'bougainvillea');
  });
});
