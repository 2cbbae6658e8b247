import { after, afterEach } from 'node:test';
import { conformanceViolations, findOperation } from './openapi-conformance.js';
import { openApiDocumentOf, unwrappedFetch } from './openapi-documents.js';

// The suite-wide OpenAPI conformance check, loaded before every test file (`node --import` in the `test`
// script of package.json). It wraps fetch: every response from a server of this service (its answers carry
// the rel="service-desc" Link to /openapi.json) whose method and path are a documented operation is held
// to that operation (openapi-conformance.ts). A violation fails the test that made the request, after it
// ran, so one run reports them all; undocumented addresses (pages, /mcp, preflights, 405s) are not checked.

const SERVICE_DESC = /rel="service-desc"/;
const pending: string[] = [];

function requestOf(input: Parameters<typeof fetch>[0], init?: RequestInit): { method: string; url: URL } {
  const url = new URL(input instanceof Request ? input.url : String(input));
  return { method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(), url };
}

async function check(method: string, url: URL, response: Response): Promise<void> {
  // A redirect followed by fetch ends at another operation, with a method fetch chose; none of the API's operations redirect.
  if (response.redirected || !SERVICE_DESC.test(response.headers.get('link') ?? '')) return;
  const document = await openApiDocumentOf(url.origin);
  const operation = document && findOperation(document, method, url.pathname);
  if (!operation) return;
  for (const violation of conformanceViolations(operation, { status: response.status, headers: response.headers, method })) {
    pending.push(`${method} ${url.pathname} answered ${response.status}: ${violation} in ${url.origin}/openapi.json`);
  }
}

globalThis.fetch = async function conformingFetch(input, init) {
  const response = await unwrappedFetch(input, init);
  const { method, url } = requestOf(input, init);
  await check(method, url, response);
  return response;
};

function failOnViolations(where: string): void {
  const found = pending.splice(0);
  if (found.length > 0) throw new Error(`OpenAPI conformance (${where}): ${found.length} response(s) break the document:\n  ${found.join('\n  ')}`);
}

afterEach((t) => failOnViolations(`test "${t.name}"`));
// Requests made in a file's last after hooks.
after(() => failOnViolations('after the last test'));
