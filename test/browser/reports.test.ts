import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { BUDGETS, LOCATIONS, PHASES, STAGES } from '../../src/contract/inquiry.js';
import { chromiumSkip, horizontalOverflow, launchChromium, seriousViolations, signInOperator } from '../helpers/chromium.js';
import { addOperator } from '../helpers/inbox.js';
import { openStore } from '../helpers/inquiries.js';
import { seedInquiry, seedStageChange } from '../helpers/pipeline-seed.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The reports page in Chromium on a desktop and on a 390 px phone: half a year of inquiries in the
// studio's weeks, the chart and its table, the split chosen by its links (no script), the funnel. axe
// finds nothing serious, nothing scrolls sideways but the table's own region, and the chart fits the
// screen; screenshots go to /tmp/shots/reports-*.png.

const SHOTS = '/tmp/shots';
const OPERATOR = 'reports-desk@harbor.example';
const NOW = Date.UTC(2026, 10, 27, 15);
const DAY = 86_400_000;


describe('the reports page in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer(suite, { STUDIO_TIME_ZONE: 'America/New_York' }, { clock: () => NOW });
    const db = openStore(server.config.databaseUrl);
    // A season: a few inquiries most days of the last 26 weeks, more in spring; stages along the funnel.
    for (let day = 0; day < 182; day += 1) {
      const count = (day * 7) % 5 === 0 ? 0 : ((day * 13) % 3) + (day > 120 ? 1 : 0);
      for (let n = 0; n < count; n += 1) {
        const k = day * 3 + n;
        const id = await seedInquiry(db, {
          at: NOW - day * DAY - n * 3_600_000, location: LOCATIONS[k % 3], budget: BUDGETS[k % 5], phase: PHASES[k % 3],
          stage: STAGES[k % 11 === 0 ? 4 : k % 4], folder: k % 17 === 0 ? 'spam' : 'inbox',
        });
        if (k % 7 === 0) await seedStageChange(db, id, NOW - day * DAY + 3_600_000, 'contacted', 'consultation');
      }
    }
    await db.close();
    await addOperator(server, OPERATOR);
    browser = await launchChromium();
  });
  after(() => browser?.close());

  async function visit(width: number, suffix: string): Promise<void> {
    // bypassCSP: axe-core is injected as a script, which the inbox's policy refuses.
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signInOperator(page, server.url, OPERATOR);

    await Promise.all([page.waitForURL(/\/inbox\/reports$/), page.click('a:has-text("Reports")')]);
    for (const split of ['location', 'budget', 'phase'] as const) {
      if (split !== 'location') await Promise.all([page.waitForURL(new RegExp(`split=${split}$`)), page.click(`a:has-text("By ${split}")`)]);
      assert.equal(await page.locator('h2#weekly-heading').textContent(), `Inquiries per week by ${split}`);
      assert.equal(await page.locator('.report-data tbody tr').count(), 26);
      await page.screenshot({ path: `${SHOTS}/reports-${split}${suffix}.png`, fullPage: true });
      const chart = await page.locator('svg.report-chart').boundingBox();
      assert.ok(chart && chart.width <= width && chart.width >= Math.min(width * 0.75, 440), `the chart fills the width it has (${chart?.width} of ${width})`);
      assert.ok(await page.locator('svg.report-chart rect[fill^="url(#report-fill-"]').count() > 26, 'bars drawn');
      assert.deepEqual(await seriousViolations(page), [], `axe on ${page.url()}`);
      assert.equal(await horizontalOverflow(page), 0, `no horizontal scrolling on ${page.url()}`);
    }
    assert.match(await page.locator('.report-funnel').textContent() ?? '', /Consultation\d+\d+%\d+%/);
    await context.close();
  }

  it('reads on a desktop screen', async () => {
    await visit(1280, '');
  });

  it('reads on a 390 px wide phone', async () => {
    await visit(390, '-mobile');
  });
});
