import { printRows, BENCH_SECONDS, ROUNDS, type BenchRow } from './lib.js';
import * as images from './images.js';
import * as inquiries from './inquiries.js';
import * as lighthouse from './lighthouse.js';
import * as mcp from './mcp.js';
import * as oauth from './oauth.js';
import * as outbox from './outbox.js';
import * as read from './read.js';
import * as revocation from './revocation.js';
import * as search from './search.js';
import * as slots from './slots.js';
import * as startup from './startup.js';
import * as web from './web.js';

// `npm run bench [suite …]`: every suite measures its cases against a baseline in the same run.
const suites: Record<string, { run(): Promise<BenchRow[]> }> = { read, inquiries, outbox, oauth, revocation, mcp, web, images, startup, search, slots, lighthouse };

const wanted = process.argv.slice(2);
const selected = wanted.length > 0 ? wanted : Object.keys(suites);
console.log(`studio-api benchmarks: ${BENCH_SECONDS} s per case in ${ROUNDS} interleaved rounds after a 1 s warm-up; ratios are medians of per-round ratios; node ${process.version}`);
for (const name of selected) {
  const suite = suites[name];
  if (!suite) throw new Error(`unknown bench suite "${name}"; known: ${Object.keys(suites).join(', ')}`);
  // A suite that measures something other than throughput (revocation's window, startup's milliseconds
  // and megabytes) prints its own lines.
  const rows = await suite.run();
  if (rows.length > 0) printRows(name, rows);
}
