import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../src/web/markdown.js';
import { formEncode, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { sitePages } from '../helpers/site-pages.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

/** A Content-Security-Policy as directive -> its sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  assert.ok(header, `${response.url} has a Content-Security-Policy`);
  return new Map(header.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]));
}

/** The headers every answer carries, whatever its kind. */
function assertCommonHeaders(response: Response): void {
  const what = `${response.status} ${response.url}`;
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', what);
  assert.equal(response.headers.get('x-frame-options'), 'DENY', what);
  assert.deepEqual(policyOf(response).get('frame-ancestors'), ["'none'"], what);
  assert.equal(response.headers.get('strict-transport-security'), null, `${what}: no HSTS over http`);
}

/** A page's policy: everything from the origin, nothing inline, nothing else. */
function assertPagePolicy(response: Response): void {
  const policy = policyOf(response);
  assert.deepEqual(policy.get('default-src'), ["'none'"], response.url);
  for (const directive of ['script-src', 'style-src', 'connect-src', 'form-action', 'img-src']) {
    assert.deepEqual(policy.get(directive), ["'self'"], `${response.url} ${directive}`);
  }
  assert.deepEqual(policy.get('base-uri'), ["'none'"]);
}

/** A document's policy (JSON, Markdown, text, assets, errors): it loads nothing at all. */
function assertDocumentPolicy(response: Response): void {
  const policy = policyOf(response);
  assert.deepEqual([...policy.keys()].sort(), ['default-src', 'frame-ancestors'], response.url);
  assert.deepEqual(policy.get('default-src'), ["'none'"], response.url);
}

describe('security headers', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

  it('every page carries the page policy; the pages have no inline script, handler or style for it to allow', async () => {
    const pages = await sitePages(server.url);
    assert.ok(pages.length > 20, 'the sitemap lists the pages');
    for (const path of [...pages, '/no-such-page']) {
      const response = await get(path);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/, path);
      assertCommonHeaders(response);
      assertPagePolicy(response);
      const body = await response.text();
      // JSON-LD and the form's rules (application/json) are data blocks, never run, so the policy has nothing
      // to allow for them (Chromium: test/web/previews.test.ts, test/browser/csp.test.ts).
      assert.doesNotMatch(body, /<script(?![^>]*\s(?:src=|type="application\/(?:ld\+)?json"))[^>]*>/, `${path}: no inline script`);
      assert.doesNotMatch(body, /\son[a-z]+=/i, `${path}: no inline event handler`);
      assert.doesNotMatch(body, /\sstyle=/i, `${path}: no inline style`);
    }
  });

  it('Markdown twins, documents, assets and JSON carry the document policy', async () => {
    const answers = [
      await get('/', { accept: 'text/markdown' }), await get('/projects.md'), await get('/llms.txt'), await get('/sitemap.xml'),
      await get('/openapi.json'), await get('/assets/site.css'), await get('/api/v1/projects'), await get('/healthz'),
      await get('/.well-known/oauth-authorization-server'),
    ];
    for (const response of answers) {
      assert.equal(response.status, 200, response.url);
      assertCommonHeaders(response);
      assertDocumentPolicy(response);
    }
  });

  it('a 304 and error answers carry them too (404, 405, 400, an OAuth 401, a page 404 asked as Markdown, the router\'s refusal)', async () => {
    const etag = (await get('/api/v1/projects')).headers.get('etag') ?? '';
    const answers: Array<[Response, number]> = [
      [await get('/api/v1/projects', { 'if-none-match': etag }), 304],
      [await get('/api/v1/nope'), 404],
      [await get('/no-such-page', { accept: 'text/markdown' }), 404],
      [await fetch(`${server.url}/api/v1/projects`, { method: 'DELETE' }), 405],
      [await postInquiry(server.url, '/api/v1/contact', { name: 'x' }), 400],
      [await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' }), 401],
      // Refused by the router before any hook runs (a path parameter that is not percent-encoding).
      [await get('/api/v1/inquiries/%zz'), 400],
    ];
    for (const [response, status] of answers) {
      assert.equal(response.status, status, response.url);
      assertCommonHeaders(response);
      assertDocumentPolicy(response);
      assert.match(response.headers.get('x-request-id') ?? '', /\S/, `${response.url}: its request id`);
      assert.match(response.headers.get('link') ?? '', /rel="service-desc"/, `${response.url}: the discovery links`);
    }
  });

  it('the form\'s answers: a page without its script, JSON with it', async () => {
    const post = (accept: string, body: string) => fetch(`${server.url}/contact`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept }, body,
    });
    const page = await post('text/html', formEncode(validInquiry({ name: 'J' })));
    assert.equal(page.status, 400);
    assertCommonHeaders(page);
    assertPagePolicy(page);
    const json = await post('application/json', formEncode(validInquiry()));
    assert.equal(json.status, 200);
    assertCommonHeaders(json);
    assertDocumentPolicy(json);
  });

  it('renders Markdown table alignment as a class, since the pages allow no inline style', () => {
    const rendered = renderMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n').value;
    assert.doesNotMatch(rendered, /style=/);
    for (const alignment of ['left', 'center', 'right']) assert.match(rendered, new RegExp(`<td class="align-${alignment}">`));
  });
});

describe('security headers over https', () => {
  it('adds HSTS when BASE_URL is https, to pages and documents alike', async (t) => {
    const server = await startServer(t, { BASE_URL: 'https://studio.example' });
    for (const path of ['/', '/api/v1/projects', '/api/v1/nope']) {
      const response = await fetch(server.url + path);
      assert.equal(response.headers.get('strict-transport-security'), 'max-age=31536000', path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
    }
  });
});
