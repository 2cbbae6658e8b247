import { compare, measure, startProcess, startStudio, type BenchRow } from './lib.js';

/** GET /api/v1/projects with every production hook on, against a bare Fastify server sending the same bytes. */
export async function run(): Promise<BenchRow[]> {
  const studio = await startStudio();
  try {
    const bytes = await (await fetch(`${studio.url}/api/v1/projects`)).text();
    const ceiling = await startProcess('bench/baseline-server.ts', { BASELINE_BODY: bytes });
    const baseline = await measure('bare Fastify, same JSON bytes (ceiling)', { url: `${ceiling.url}/page` });
    await ceiling.stop();
    const projects = await measure('GET /api/v1/projects (all hooks, info logs)', { url: `${studio.url}/api/v1/projects` });
    const etag = (await fetch(`${studio.url}/api/v1/projects`)).headers.get('etag') ?? '';
    const notModified = await measure('GET /api/v1/projects If-None-Match (304)', { url: `${studio.url}/api/v1/projects`, headers: { 'if-none-match': etag } });
    return [baseline, compare(projects, baseline), compare(notModified, baseline)];
  } finally {
    await studio.stop();
  }
}
