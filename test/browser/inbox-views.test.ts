import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import type { Folder, Stage } from '../../src/contract/inquiry.js';
import { openDatabase, type Db } from '../../src/store/db/database.js';
import { checkPage, chromiumSkip, launchChromium, signInOperator } from '../helpers/chromium.js';
import { addOperator } from '../helpers/inbox.js';
import { postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The inbox list's views in Chromium, on a desktop and a phone: the views with their counts, a stage
// view, a search from the archive that finds inquiries in every folder (each with its folder), an
// inquiry opened from a view whose back link returns to it, the unread count in the navigation and
// the title, and the banner of a studio with no notification channel. axe-core checks each page;
// screenshots go to /tmp/shots/list-*.png.

const SHOTS = '/tmp/shots';
const OPERATOR = 'desk@harbor.example';

const PEOPLE: Array<{ name: string; folder: Folder; unread: boolean; stage: Stage; assignee: string | null }> = [
  { name: 'Wren Gardener', folder: 'inbox', unread: true, stage: 'new', assignee: null },
  { name: 'Ivy Planter', folder: 'inbox', unread: false, stage: 'consultation', assignee: OPERATOR },
  { name: 'Rowan Builder', folder: 'inbox', unread: true, stage: 'proposal', assignee: 'bo@harbor.example' },
  { name: 'Hazel Archive', folder: 'archived', unread: false, stage: 'proposal', assignee: OPERATOR },
  { name: 'Spammy McSpam', folder: 'spam', unread: true, stage: 'new', assignee: null },
];

/** The browser's getComputedStyle, which the test's (DOM-less) types do not know. */
interface StyleReader { getComputedStyle(element: unknown): { fontWeight: string } }


describe('the inbox views in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  let db: Db;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer(suite, { RATE_LIMIT_SCALE: '100', TRUST_PROXY: 'true', STUDIO_TIME_ZONE: 'America/New_York' });
    await addOperator(server, OPERATOR);
    db = openDatabase(server.config.databaseUrl, pino({ level: 'silent' }));
    for (const [i, person] of PEOPLE.entries()) {
      const email = `${person.name.split(' ')[0]!.toLowerCase()}@example.org`;
      const sent = await postInquiry(server.url, '/api/v1/contact', validInquiry({ name: person.name, email, message: `A garden pavilion with a pergola, word trellis, number ${i}` }), {
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      assert.equal(sent.status, 200);
      await db.kysely.updateTable('inquiries').set({ folder: person.folder, unread: person.unread ? 1 : 0, stage: person.stage, assignee: person.assignee })
        .where('email', '=', email).execute();
    }
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await db?.close();
  });

  const check = (page: Page, shot: string) => checkPage(page, `${SHOTS}/${shot}.png`);

  async function visit(width: number, suffix: string): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signInOperator(page, server.url, OPERATOR);

    assert.equal(await page.title(), '(2) Inbox — Inbox — Harbor & Hedge Design-Build');
    assert.equal((await page.locator('.inbox-nav a[href="/inbox"]').textContent())?.trim(), 'Inbox 2 unread');
    assert.match(await page.locator('.inbox-banner').textContent() ?? '', /Nobody is notified of new inquiries\. .*Set SMTP_URL and INBOX_EMAIL_TO \(email\)/);
    assert.equal(await page.locator('a.row-link').count(), 3, 'the inbox folder');
    assert.equal(await page.locator('tr.is-unread').count(), 2);
    assert.equal(await page.locator('tr.is-unread .row-link').first().evaluate((a) => (globalThis as unknown as StyleReader).getComputedStyle(a).fontWeight), '700', 'unread in bold');
    await check(page, `list-inbox${suffix}`);

    await Promise.all([page.waitForURL(/stage=proposal/), page.click('.inbox-views a:has-text("Proposal")')]);
    assert.equal(await page.locator('h1').textContent(), 'Stage: Proposal');
    assert.deepEqual(await page.locator('a.row-link').allTextContents(), ['Hazel Archive', 'Rowan Builder'], 'archived ones too');
    assert.deepEqual(await page.locator('td[data-label="From"] .badge-folder').allTextContents(), ['Folder: Archived', 'Folder: Inbox']);
    await check(page, `list-proposal${suffix}`);

    await Promise.all([page.waitForURL(/\/inbox\/inquiries\//), page.click('a.row-link:has-text("Rowan Builder")')]);
    assert.equal(await page.title(), '(1) Rowan Builder — Inbox — Harbor & Hedge Design-Build', 'opened: one fewer unread');
    await check(page, `list-inquiry${suffix}`);
    await Promise.all([page.waitForURL(/\/inbox\?stage=proposal$/), page.click('a:has-text("← Back to the list")')]);

    await Promise.all([page.waitForURL(/folder=archived/), page.click('.inbox-views a:has-text("Archived")')]);
    await page.fill('#f-q', 'trellis');
    await Promise.all([page.waitForURL(/\/inbox\?q=trellis/), page.click('button:has-text("Search")')]);
    assert.equal(await page.locator('h1').textContent(), 'Search results');
    assert.equal(await page.locator('a.row-link').count(), 5, 'every folder, spam included');
    assert.equal(await page.locator('tr:has-text("Spammy McSpam") .badge-folder').textContent(), 'Folder: Spam');
    await check(page, `list-search${suffix}`);
    await context.close();
  }

  it('an operator moves between views, searches every folder and comes back, on a desktop screen', async () => {
    await visit(1280, '-1280');
    // Put the opened inquiry back as unread for the phone's visit.
    await db.kysely.updateTable('inquiries').set({ unread: 1 }).where('name', '=', 'Rowan Builder').execute();
  });

  it('the same on a 390 px wide phone', async () => {
    await visit(390, '-390');
  });
});
