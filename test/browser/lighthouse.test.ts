import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromiumSkip } from '../helpers/chromium.js';
import { auditPages, type LighthouseReport } from '../helpers/lighthouse.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// Lighthouse in mobile mode on the pages a homeowner lands on, in both languages. Accessibility, best
// practices and SEO are scored from the page itself and hold here; performance is scored from timings, which
// four test files sharing two cores would distort, so `npm run bench lighthouse` prints it (bench/README.md).

const PAGES = ['/', '/projects', '/projects/grove-courtyard-house', '/contact', '/es/'];
const GOAL = 95;

describe('Lighthouse', { skip: chromiumSkip() }, () => {
  const suite = suiteScope();
  let server: TestServer;
  let reports: LighthouseReport[];
  before(async () => {
    server = await startServer(suite);
    reports = await auditPages(PAGES.map((path) => server.url + path), ['accessibility', 'best-practices', 'seo']);
  });

  it(`scores at least ${GOAL} in accessibility, best practices and SEO on the home, projects, a project, contact and the Spanish home`, () => {
    assert.equal(reports.length, PAGES.length);
    for (const { url, scores, failing } of reports) {
      for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
        assert.ok(scores[category] >= GOAL, `${url}: ${category} ${scores[category]}; lost points on ${failing.join('; ')}`);
      }
    }
  });
});
