import { PATHS } from '../src/contract/paths.js';
import { measureCases, startProcess, startStudio, type BenchRow } from './lib.js';

/** Headers of a response that Node or Fastify write themselves: the bare server leaves them to those. */
const WRITTEN_BY_NODE = new Set(['content-length', 'content-type', 'date', 'connection', 'keep-alive']);

/**
 * GET /api/v1/projects with every production hook on, against a bare Fastify server sending the same bytes.
 * A second bare server also sends the service's headers, fixed (the request id and the rate-limit counts
 * frozen at one answer's): what the contract's headers cost Node and Fastify to write, with no hook
 * computing them, shown beside the ceiling (informative: the goal is against the ceiling).
 */
export async function run(): Promise<BenchRow[]> {
  const studio = await startStudio();
  const sample = await fetch(`${studio.url}${PATHS.projects}`);
  const bytes = await sample.text();
  const headers = Object.fromEntries([...sample.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name)));
  const ceiling = await startProcess('bench/baseline-server.ts', { BASELINE_BODY: bytes });
  const withHeaders = await startProcess('bench/baseline-server.ts', { BASELINE_BODY: bytes, BASELINE_HEADERS: JSON.stringify(headers) });
  try {
    const etag = sample.headers.get('etag') ?? '';
    return await measureCases([
      { name: 'bare Fastify, same JSON bytes (ceiling)', options: { url: `${ceiling.url}/page` } },
      { name: `bare Fastify, same JSON bytes and the same ${Object.keys(headers).length} headers, fixed`, options: { url: `${withHeaders.url}/page` } },
      { name: `GET ${PATHS.projects} (all hooks, info logs)`, target: 0.8, options: { url: `${studio.url}${PATHS.projects}` } },
      { name: `GET ${PATHS.projects} If-None-Match (304)`, options: { url: `${studio.url}${PATHS.projects}`, headers: { 'if-none-match': etag } } },
    ]);
  } finally {
    await withHeaders.stop();
    await ceiling.stop();
    await studio.stop();
  }
}
