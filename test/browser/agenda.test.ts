import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { PATHS, pathOf } from '../../src/contract/paths.js';
import { checkPage, chromiumSkip, launchChromium, signInOperator } from '../helpers/chromium.js';
import { addOperator } from '../helpers/inbox.js';
import { openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The agenda in Chromium on a desktop and on a 390 px phone: a week with consultations on three days
// (one with a long message), reached from the inbox's navigation, a day by its heading, the reschedule
// form by its link, and the inquiry's page with its consultation. axe finds nothing serious and nothing scrolls sideways; screenshots go to
// /tmp/shots/agenda-*.png.

const SHOTS = '/tmp/shots';
const OPERATOR = 'agenda-browser@harbor.example';
/** Monday 1 March 2027, 10:00 EST. */
const NOW = Date.UTC(2027, 2, 1, 15);

const BOOKINGS = [
  { type: 'introductory-call', start: '2027-03-03T09:00:00-05:00', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 305 555 0100', message: 'We would like to talk about a beach house on Key Biscayne: four bedrooms, a pool, and room for the boat.\nMornings suit us best.' },
  { type: 'studio-meeting', start: '2027-03-03T14:00:00-05:00', name: 'Grace Hopper', email: 'grace.hopper.with.a.long.address@example.org' },
  { type: 'introductory-call', start: '2027-03-05T16:30:00-05:00', name: 'Mary Shelley', email: 'mary@example.org', phone: '+1 631 555 0199' },
];

describe('the agenda in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  let inquiryId: string;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer(suite, { STUDIO_TIME_ZONE: 'America/New_York', TRUST_PROXY: 'true' }, { clock: () => NOW });
    const sent = await postInquiry(server.url, '/api/v1/contact', validInquiry({ email: 'ada@example.com' }), { headers: { 'x-forwarded-for': '198.51.100.200' } });
    assert.equal(sent.status, 200, await sent.text());
    const db = openStore(server.config.databaseUrl);
    inquiryId = (await db.kysely.selectFrom('inquiries').select('id').executeTakeFirstOrThrow()).id;
    await db.close();
    for (const [index, { type, ...booking }] of BOOKINGS.entries()) {
      const body = index === 0 ? { ...booking, inquiry_id: inquiryId } : booking;
      const response = await fetch(server.url + pathOf(PATHS.consultationBookings, { type }), {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index + 1}` }, body: JSON.stringify(body),
      });
      assert.equal(response.status, 201, await response.text());
    }
    await addOperator(server, OPERATOR);
    browser = await launchChromium();
  });
  after(() => browser?.close());

  async function visit(width: number, suffix: string): Promise<void> {
    // bypassCSP: axe-core is injected as a script, which the inbox's policy refuses.
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signInOperator(page, server.url, OPERATOR);
    await Promise.all([page.waitForURL(/\/inbox\/agenda$/), page.click('a:has-text("Agenda")')]);
    assert.equal(await page.locator('h1').textContent(), 'Agenda: week of 1 March 2027');
    assert.equal(await page.locator('.agenda-item').count(), 3);
    assert.equal(await page.locator('.agenda-empty').count(), 5);
    await checkPage(page, `${SHOTS}/agenda-week-${suffix}.png`);

    await Promise.all([page.waitForURL(/view=day&day=2027-03-03$/), page.click('a:has-text("Wednesday 3 March 2027")')]);
    assert.equal(await page.locator('.agenda-item h3').first().textContent(), '09:00–09:30 EST · Ada Lovelace');
    await checkPage(page, `${SHOTS}/agenda-day-${suffix}.png`);

    await Promise.all([page.waitForURL(/\/reschedule$/), page.locator('.agenda-item').first().locator('a:has-text("Reschedule")').click()]);
    assert.ok(await page.locator('select#start option').count() > 10);
    await checkPage(page, `${SHOTS}/agenda-reschedule-${suffix}.png`);

    // The inquiry's page lists the consultation, linked back to its day.
    await page.goto(`${server.url}/inbox/inquiries/${inquiryId}`);
    assert.equal(await page.locator('#h-consultations + ul li').count(), 1);
    await page.locator('#h-consultations').scrollIntoViewIfNeeded();
    await checkPage(page, `${SHOTS}/agenda-inquiry-${suffix}.png`);
    await context.close();
  }

  it('shows the week, a day and the reschedule form on a desktop, axe clean', () => visit(1280, 'desktop'));
  it('shows them on a 390 px phone without sideways scrolling, axe clean', () => visit(390, 'phone'));
});
