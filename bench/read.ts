import { PATHS } from '../src/contract/paths.js';
import { measureCases, startProcess, startStudio, type BenchRow } from './lib.js';

/** GET /api/v1/projects with every production hook on, against a bare Fastify server sending the same bytes. */
export async function run(): Promise<BenchRow[]> {
  const studio = await startStudio();
  const bytes = await (await fetch(`${studio.url}${PATHS.projects}`)).text();
  const ceiling = await startProcess('bench/baseline-server.ts', { BASELINE_BODY: bytes });
  try {
    const etag = (await fetch(`${studio.url}${PATHS.projects}`)).headers.get('etag') ?? '';
    return await measureCases([
      { name: 'bare Fastify, same JSON bytes (ceiling)', options: { url: `${ceiling.url}/page` } },
      { name: `GET ${PATHS.projects} (all hooks, info logs)`, target: 0.8, options: { url: `${studio.url}${PATHS.projects}` } },
      { name: `GET ${PATHS.projects} If-None-Match (304)`, options: { url: `${studio.url}${PATHS.projects}`, headers: { 'if-none-match': etag } } },
    ]);
  } finally {
    await ceiling.stop();
    await studio.stop();
  }
}
