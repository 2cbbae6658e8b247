import { compare, measure, startProcess, startStudio, type BenchRow } from './lib.js';

const PROJECT = '/projects/grove-courtyard-house';

/** Pages (HTML and the Markdown twin, negotiated per request) against a bare Fastify server sending the same bytes. */
export async function run(): Promise<BenchRow[]> {
  const studio = await startStudio();
  try {
    const html = await (await fetch(`${studio.url}${PROJECT}`)).text();
    const ceiling = await startProcess('bench/baseline-server.ts', { BASELINE_BODY: html, BASELINE_TYPE: 'text/html; charset=utf-8' });
    const baseline = await measure('bare Fastify, same HTML bytes (ceiling)', { url: `${ceiling.url}/page` });
    await ceiling.stop();
    const page = await measure(`GET ${PROJECT} (HTML, negotiated, all hooks)`, { url: `${studio.url}${PROJECT}` });
    const twin = await measure(`GET ${PROJECT} Accept: text/markdown`, { url: `${studio.url}${PROJECT}`, headers: { accept: 'text/markdown' } });
    const home = await measure('GET / (HTML)', { url: `${studio.url}/` });
    const etag = (await fetch(`${studio.url}${PROJECT}`)).headers.get('etag') ?? '';
    const notModified = await measure(`GET ${PROJECT} If-None-Match (304)`, { url: `${studio.url}${PROJECT}`, headers: { 'if-none-match': etag } });
    return [baseline, ...[page, twin, home, notModified].map((row) => compare(row, baseline))];
  } finally {
    await studio.stop();
  }
}
