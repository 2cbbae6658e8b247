import { auditPages, LIGHTHOUSE_CATEGORIES } from '../test/helpers/lighthouse.js';
import { startStudio, type BenchRow } from './lib.js';

// Lighthouse's four scores (the npm package on Debian's Chromium, mobile mode: a mid-range phone on slow
// 4G, throttling simulated) of the pages a homeowner lands on, in both languages, served as `npm start`
// serves them. The goal is 95 in each; the audits that lost points are printed under a page below it.

const PAGES = ['/', '/projects', '/projects/grove-courtyard-house', '/contact', '/es/', '/es/projects/grove-courtyard-house', '/es/contact'];
const GOAL = 95;

export async function run(): Promise<BenchRow[]> {
  const studio = await startStudio();
  try {
    const reports = await auditPages(PAGES.map((path) => studio.url + path));
    console.log(`\nlighthouse (mobile, simulated slow 4G; goal ${GOAL} in each)`);
    console.log(['page'.padEnd(36), ...LIGHTHOUSE_CATEGORIES.map((c) => c.padStart(15))].join(''));
    for (const report of reports) {
      const path = new URL(report.url).pathname;
      const below = LIGHTHOUSE_CATEGORIES.some((c) => report.scores[c] < GOAL);
      console.log([path.padEnd(36), ...LIGHTHOUSE_CATEGORIES.map((c) => String(report.scores[c]).padStart(15))].join('') + (below ? '  below goal' : ''));
      if (below) for (const audit of report.failing) console.log(`    ${audit}`);
    }
    return [];
  } finally {
    await studio.stop();
  }
}
