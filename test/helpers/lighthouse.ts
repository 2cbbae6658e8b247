import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

// Lighthouse (the npm package) on Debian's Chromium, in its default mode: a mid-range phone on a slow
// 4G connection, throttling simulated. The categories a person's experience of the site is scored in.

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseReport {
  url: string;
  /** 0–100 per category. */
  scores: Record<LighthouseCategory, number>;
  /** The audits that lost points, by id and title: what to look at when a score drops. */
  failing: string[];
}

/** Audits each URL in turn in one Chromium, in mobile mode. */
export async function auditPages(urls: readonly string[], categories: readonly LighthouseCategory[] = LIGHTHOUSE_CATEGORIES): Promise<LighthouseReport[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS] });
  try {
    const reports: LighthouseReport[] = [];
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<LighthouseCategory, number>;
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual')
        .map((audit) => `${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      reports.push({ url, scores, failing });
    }
    return reports;
  } finally {
    chrome.kill();
  }
}
