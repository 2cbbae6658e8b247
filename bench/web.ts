import { measureCases, startProcess, startStudio, type BenchRow } from './lib.js';

const PROJECT = '/projects/grove-courtyard-house';

/** Pages (HTML and the Markdown twin, negotiated per request) against a bare Fastify server sending the same bytes. */
export async function run(): Promise<BenchRow[]> {
  const studio = await startStudio();
  const html = await (await fetch(`${studio.url}${PROJECT}`)).text();
  const ceiling = await startProcess('bench/baseline-server.ts', { BASELINE_BODY: html, BASELINE_TYPE: 'text/html; charset=utf-8' });
  try {
    const etag = (await fetch(`${studio.url}${PROJECT}`)).headers.get('etag') ?? '';
    return await measureCases([
      { name: 'bare Fastify, same HTML bytes (ceiling)', options: { url: `${ceiling.url}/page` } },
      { name: `GET ${PROJECT} (HTML, negotiated, all hooks)`, options: { url: `${studio.url}${PROJECT}` } },
      { name: `GET ${PROJECT} Accept: text/markdown`, options: { url: `${studio.url}${PROJECT}`, headers: { accept: 'text/markdown' } } },
      { name: 'GET / (HTML)', options: { url: `${studio.url}/` } },
      { name: `GET ${PROJECT} If-None-Match (304)`, options: { url: `${studio.url}${PROJECT}`, headers: { 'if-none-match': etag } } },
    ]);
  } finally {
    await ceiling.stop();
    await studio.stop();
  }
}
