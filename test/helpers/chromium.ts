import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import { OPERATOR_PASSWORD } from './inbox.js';
import { validInquiry, type Body } from './inquiries.js';
import { peerMissing } from './peers.js';

// Debian's Chromium, driven by playwright-core, for the tests that look at the website as a person does.

export const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM = CHROMIUM_PATH;
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

/** The `skip` option of a suite that needs Chromium: false when it is installed, else the reason (or a failure when peers are required). */
export function chromiumSkip(): false | string {
  return existsSync(CHROMIUM) ? false : peerMissing(`${CHROMIUM} is not installed`);
}

/** `extraArgs`: switches a suite needs on top of the usual ones (e.g. a feature under test). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Fills the contact form with a valid inquiry (name replaced when given) and returns what it filled in. */
export async function fillValidInquiry(page: Page, name?: string): Promise<Body> {
  const inquiry = validInquiry(name === undefined ? {} : { name });
  for (const field of ['name', 'email', 'phone', 'message']) await page.fill(`#f-${field}`, String(inquiry[field]));
  for (const field of ['location', 'budget', 'phase']) await page.selectOption(`#f-${field}`, String(inquiry[field]));
  return inquiry;
}

// Runs in every page before the page's own scripts (the test's tsconfig has no DOM types: it is a string).
const RECORD_VIOLATIONS = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
});`;

/**
 * A page whose every Content-Security-Policy violation is recorded: the `securitypolicyviolation` events
 * (collected by a script that runs before any of the page's own) and the console messages, where Chromium
 * reports blocked resources and inline code, also with JavaScript off.
 */
export async function watchedPage(context: BrowserContext): Promise<{ page: Page; problems(): Promise<string[]> }> {
  await context.addInitScript(RECORD_VIOLATIONS);
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // A 404 or 400 page reports its own status as a failed load; a failed stylesheet, script or icon still
    // counts (every page names its icon, so Chromium never asks /favicon.ico).
    const { url } = message.location();
    if (message.text().startsWith('Failed to load resource') && url === page.url()) return;
    messages.push(`console ${message.type()}: ${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
  return {
    page,
    async problems() {
      const events = await page.evaluate('window.cspViolations || []')
        .catch((error: Error) => [`could not read the recorded violations: ${error.message}`]) as string[];
      return [...events, ...messages.splice(0)];
    },
  };
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

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/** What every page of a visit must be: axe finds nothing serious, nothing scrolls sideways; then a full-page screenshot to look at. */
export async function checkPage(page: Page, screenshot: string): Promise<void> {
  assert.deepEqual(await seriousViolations(page), [], `axe on ${page.url()}`);
  assert.equal(await horizontalOverflow(page), 0, `no horizontal scrolling on ${page.url()}`);
  await page.screenshot({ path: screenshot, fullPage: true });
}

/** Signs an operator in through the inbox's sign-in form, as a person does, and waits for the list. */
export async function signInOperator(page: Page, baseUrl: string, email: string, password = OPERATOR_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}${INBOX_PATHS.login}`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await Promise.all([page.waitForURL(`${baseUrl}${INBOX_PATHS.list}`), page.click('button:has-text("Sign in")')]);
}
