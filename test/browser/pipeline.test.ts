import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { checkPage, chromiumSkip, launchChromium, signInOperator } from '../helpers/chromium.js';
import { addOperator } from '../helpers/inbox.js';
import { openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';

// The pipeline on an inquiry's page in Chromium, without JavaScript of its own, on a desktop and on a
// phone: an operator writes a note, assigns the inquiry to a colleague, moves it from stage to stage,
// and reads the timeline of it all in the studio's time; a note too long is refused with its text kept.
// axe-core finds nothing serious; screenshots go to /tmp/shots/pipeline-*.png.

const SHOTS = '/tmp/shots';
const OPERATOR = 'studio-desk@harbor.example';
const COLLEAGUE = 'sam.rivera@harbor.example';


describe('the pipeline on the inquiry page in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer(suite, { RATE_LIMIT_SCALE: '100', STUDIO_TIME_ZONE: 'America/New_York' });
    await addOperator(server, OPERATOR);
    await addOperator(server, COLLEAGUE);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  async function submitted(word: string, email: string): Promise<string> {
    const message = `We would like a courtyard house with a long pool, word ${word}.\nThe lot is narrow.`;
    assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry({ name: 'Marisol Vega', email, message }))).status, 200);
    const db = openStore(server.config.databaseUrl);
    try {
      return (await new KyselyInboxStore(db).list({ search: word }))[0]!.id;
    } finally {
      await db.close();
    }
  }

  const shoot = (page: Page, shot: string) => checkPage(page, `${SHOTS}/${shot}.png`);

  async function visit(width: number, suffix: string): Promise<void> {
    const earlier = await submitted(`earlier${width}`, `marisol${width}@example.com`);
    const id = await submitted(`pool${width}`, `Marisol${width}@Example.com`);
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, javaScriptEnabled: true });
    const page = await context.newPage();
    await signInOperator(page, server.url, OPERATOR);
    await page.goto(`${server.url}/inbox/inquiries/${id}`);
    assert.equal(await page.locator('h1').textContent(), 'Marisol Vega');
    assert.match(await page.locator('#h-others + ul').textContent() ?? '', /New · in Inbox/, 'the person\'s earlier inquiry');
    assert.equal(await page.locator(`#h-others + ul a[href="/inbox/inquiries/${earlier}"]`).count(), 1);

    await page.fill('#note-new', 'Called her back: site visit Tuesday at 10.\nBring the survey.');
    await Promise.all([page.waitForURL(/done=note-added/), page.click('button:has-text("Add note")')]);
    assert.match(await page.locator('[role="status"]').textContent() ?? '', /Note added/);

    await page.selectOption('#assignee', COLLEAGUE);
    await Promise.all([page.waitForURL(/done=assigned/), page.click('button:has-text("Assign")')]);
    assert.match(await page.locator('.inquiry-meta').textContent() ?? '', new RegExp(`Assigned to ${COLLEAGUE.replace('.', '\\.')}`));

    for (const stage of ['contacted', 'consultation']) {
      await page.selectOption('#stage', stage);
      await Promise.all([page.waitForURL(/done=stage/), page.click('button:has-text("Move")')]);
    }
    assert.match(await page.locator('.inquiry-meta').textContent() ?? '', /stage Consultation/);
    const timeline = await page.locator('.timeline > li').allTextContents();
    assert.equal(timeline.length, 4, timeline.join(' | '));
    assert.match(timeline[0]!, new RegExp(`^${OPERATOR} noted .*E[SD]T[\\s\\S]*Called her back`));
    assert.match(timeline[1]!, new RegExp(`assigned it to ${COLLEAGUE}`));
    assert.match(timeline[2]!, /moved it from New to Contacted \d{1,2} \w{3} \d{4}, \d\d:\d\d E[SD]T/);
    assert.match(timeline[3]!, /moved it from Contacted to Consultation/);
    await shoot(page, `pipeline-inquiry${suffix}`);

    // Too long: refused, the text still in the form, the reason beside it.
    const long = 'x'.repeat(10_001);
    await page.evaluate(`document.querySelector('#note-new').removeAttribute('maxlength')`);
    await page.fill('#note-new', long);
    await page.click('button:has-text("Add note")');
    await page.locator('#note-new-error').waitFor();
    assert.match(await page.locator('#note-new-error').textContent() ?? '', /10,001 characters long; a note takes at most 10,000/);
    assert.equal((await page.inputValue('#note-new')).length, 10_001);
    await shoot(page, `pipeline-note-refused${suffix}`);

    // The author edits the note: it says "edited".
    await page.goto(`${server.url}/inbox/inquiries/${id}`);
    await page.click('.timeline-note summary');
    await page.locator('.timeline-note textarea').fill('Site visit moved to Wednesday.');
    await shoot(page, `pipeline-editing${suffix}`);
    await Promise.all([page.waitForURL(/done=note-edited/), page.click('.timeline-note button:has-text("Save")')]);
    assert.match(await page.locator('.timeline-note').textContent() ?? '', /edited[\s\S]*Site visit moved to Wednesday\./);
    await shoot(page, `pipeline-edited${suffix}`);
    await context.close();
  }

  it('at 1280 px: notes, assigns, moves stages, reads the timeline', async () => {
    await visit(1280, '-1280');
  });

  it('at 390 px (a phone): the same, nothing wider than the screen', async () => {
    await visit(390, '-390');
  });
});
