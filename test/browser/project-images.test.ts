import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkip, launchChromium } from '../helpers/chromium.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// A project's image opened large on a phone (390 px), in Chromium: a tap on the image opens a modal dialog
// with the largest file, the caption and a close button in the page's language; Escape or the button
// closes it and gives focus back to the image's link. The drawings' captions are read at the body's size.

describe('project images on a phone, in Chromium', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  before(async () => {
    server = await startServer(suite);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })).newPage();
  });
  after(async () => { await browser?.close(); });

  const dialogState = () => page.evaluate(`(() => {
    const dialog = document.querySelector('dialog.image-dialog');
    const img = dialog && dialog.querySelector('img');
    return dialog && {
      open: dialog.open, modal: dialog.matches(':modal'), label: dialog.getAttribute('aria-label'),
      src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0, width: img.getBoundingClientRect().width,
      caption: dialog.querySelector('figcaption').textContent, close: dialog.querySelector('button').textContent,
      active: document.activeElement && document.activeElement.className,
    };
  })()`) as Promise<Record<string, any> | null>;

  it('opens the tapped image large in a dialog, and closes it with the button and with Escape', async () => {
    await page.goto(`${server.url}/es/projects/grove-courtyard-house`);
    const link = page.locator('figure a.enlarge').nth(1);
    const href = await link.getAttribute('href');
    const caption = await page.locator('figure').nth(1).locator('figcaption').textContent();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    for (let tries = 0; !(await dialogState())?.loaded; tries += 1) {
      assert.ok(tries < 100, 'the large image loads within ten seconds');
      await page.waitForTimeout(100);
    }
    const shown = (await dialogState())!;
    assert.deepEqual([shown.open, shown.modal, shown.label, shown.src, shown.caption, shown.close], [true, true, 'Imagen', server.url + href, caption, 'Cerrar']);
    assert.ok(shown.width > 300 && shown.width <= 390, `the image fills the phone's width (${shown.width} px)`);
    assert.equal(page.url(), `${server.url}/es/projects/grove-courtyard-house`, 'the page stays');
    const box = await page.locator('dialog.image-dialog button').boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, 'the close button is a 44 px tap target');
    await page.locator('dialog.image-dialog button').click();
    assert.equal((await dialogState())!.open, false);
    await link.click();
    assert.equal((await dialogState())!.open, true);
    await page.keyboard.press('Escape');
    const closed = (await dialogState())!;
    assert.equal(closed.open, false);
    assert.equal(closed.active, 'enlarge', 'focus goes back to the image\'s link');
  });

  it('shows the drawings\' captions at the body\'s size and in ink on a phone', async () => {
    await page.goto(`${server.url}/projects/key-biscayne-bay-house`);
    const style = await page.evaluate(`(() => {
      const caption = getComputedStyle(document.querySelector('figure figcaption'));
      return { size: parseFloat(caption.fontSize), body: parseFloat(getComputedStyle(document.body).fontSize), color: caption.color };
    })()`) as { size: number; body: number; color: string };
    assert.ok(style.size >= 16 && style.size >= style.body, `caption ${style.size} px, body ${style.body} px`);
    assert.equal(style.color, 'rgb(29, 29, 27)');
  });
});
