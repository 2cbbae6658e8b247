import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { validInquiry, type Body } from './inquiries.js';
import { peerMissing } from './peers.js';

// Debian's Chromium, driven by playwright-core, for the tests that look at the website as a person does.

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

/** The `skip` option of a suite that needs Chromium: false when it is installed, else the reason (or a failure when peers are required). */
export function chromiumSkip(): false | string {
  return existsSync(CHROMIUM) ? false : peerMissing(`${CHROMIUM} is not installed`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** Fills the contact form with a valid inquiry (name replaced when given) and returns what it filled in. */
export async function fillValidInquiry(page: Page, name?: string): Promise<Body> {
  const inquiry = validInquiry(name === undefined ? {} : { name });
  for (const field of ['name', 'email', 'phone', 'message']) await page.fill(`#f-${field}`, String(inquiry[field]));
  for (const field of ['location', 'budget', 'phase']) await page.selectOption(`#f-${field}`, String(inquiry[field]));
  return inquiry;
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface Violation { id: string; impact: string; help: string; nodes: string[] }

/** axe-core's serious and critical violations on the page as it is (its script is added past the CSP, as a test may). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(`(async () => {
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  })()`);
}
