import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { ERRORS } from '../../src/contract/errors.js';
import { PATHS } from '../../src/contract/paths.js';
import { splitLocalePath } from '../../src/words/locale.js';
import { htmlLinks, markdownLinks, sameOriginPath } from '../helpers/links.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

function frontMatter(markdown: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  assert.ok(match, 'the Markdown twin starts with a front-matter block');
  return parseYaml(match[1]!) as Record<string, unknown>;
}

describe('website pages', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it('crawls every same-origin link from / : each page has a Markdown twin, Vary and the alternate link; nothing is broken', async () => {
    const queue = ['/'];
    const seen = new Set(queue);
    const htmlPages: string[] = [];
    const broken: string[] = [];
    while (queue.length > 0) {
      const path = queue.shift()!;
      const response = await fetch(server.url + path);
      if (response.status !== 200) { broken.push(`${path} -> ${response.status}`); continue; }
      const type = response.headers.get('content-type') ?? '';
      const body = await response.text();
      let links: string[] = [];
      if (type.startsWith('text/html')) {
        htmlPages.push(path);
        assert.match(response.headers.get('vary') ?? '', /\bAccept\b/, `${path}: Vary`);
        assert.ok(response.headers.get('etag'), `${path}: ETag`);
        // The booking page's free times change with every booking: never stored; every other page is cached a while.
        const caching = splitLocalePath(path).path.startsWith(PATHS.bookPage) ? /^no-store$/ : /max-age/;
        assert.match(response.headers.get('cache-control') ?? '', caching, `${path}: Cache-Control`);
        const url = `${server.url}${path.split('?')[0]}`;
        assert.ok((response.headers.get('link') ?? '').includes(`<${url}>; rel="alternate"; type="text/markdown"`), `${path}: Link alternate`);
        assert.match(response.headers.get('link') ?? '', /rel="service-desc"/, `${path}: discovery links kept`);
        assert.ok(body.includes(`<link rel="alternate" type="text/markdown" href="${url}">`), `${path}: <link rel="alternate">`);
        const twin = await fetch(url, { headers: { Accept: 'text/markdown' } });
        assert.equal(twin.status, 200, `${path}: twin status`);
        assert.equal(twin.headers.get('content-type'), 'text/markdown; charset=utf-8', `${path}: twin type`);
        assert.match(twin.headers.get('vary') ?? '', /\bAccept\b/, `${path}: twin Vary`);
        const markdown = await twin.text();
        const meta = frontMatter(markdown);
        assert.equal(meta.url, url, `${path}: front-matter url`);
        assert.equal(typeof meta.title, 'string');
        assert.equal(typeof meta.description, 'string');
        assert.doesNotMatch(markdown, /<nav|Skip to content/, `${path}: no navigation chrome in the twin`);
        links = [...htmlLinks(body), ...markdownLinks(markdown)];
      }
      for (const link of links) {
        const next = sameOriginPath(link, server.url);
        if (next && !seen.has(next)) { seen.add(next); queue.push(next); }
      }
    }
    assert.deepEqual(broken, []);
    const projects = (await (await fetch(`${server.url}/api/v1/projects`)).json()) as { projects: Array<{ url: string }> };
    const services = (await (await fetch(`${server.url}/api/v1/services`)).json()) as { services: Array<{ url: string }> };
    for (const item of [...projects.projects, ...services.services]) {
      assert.ok(htmlPages.includes(new URL(item.url).pathname), `${item.url} is reached from the home page`);
    }
    for (const path of ['/', '/projects', '/services', '/about', '/process', '/contact', '/developers']) assert.ok(htmlPages.includes(path), path);
  });

  it('serves the HTML page for */*, no Accept, and text/markdown;q=0', async () => {
    for (const accept of [undefined, '*/*', 'text/markdown;q=0, text/html', 'text/html, text/markdown;q=0.9']) {
      const response = await fetch(`${server.url}/services`, { headers: accept ? { Accept: accept } : {} });
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8', String(accept));
    }
    const markdown = await fetch(`${server.url}/services`, { headers: { Accept: 'text/html;q=0.5, text/markdown' } });
    assert.equal(markdown.headers.get('content-type'), 'text/markdown; charset=utf-8');
  });

  it('answers Accept: text/plain with the Markdown twin as text/plain, on every kind of page and the 404', async () => {
    for (const path of ['/', '/projects/grove-courtyard-house', '/services', '/developers', '/no-such-page']) {
      const twin = await fetch(server.url + path, { headers: { Accept: 'text/markdown' } });
      const plain = await fetch(server.url + path, { headers: { Accept: 'text/plain' } });
      assert.equal(plain.status, twin.status, path);
      assert.equal(plain.headers.get('content-type'), 'text/plain; charset=utf-8', path);
      assert.equal(await plain.text(), await twin.text(), `${path}: the same bytes as the Markdown twin`);
      assert.match(plain.headers.get('vary') ?? '', /\bAccept\b/, `${path}: Vary`);
      assert.ok((plain.headers.get('link') ?? '').includes('rel="alternate"; type="text/html"'), `${path}: names the HTML page`);
      if (plain.status === 200) assert.notEqual(plain.headers.get('etag'), twin.headers.get('etag'), `${path}: its own ETag`);
    }
    // A browser's Accept and text/* still get the page; Markdown named first still wins over plain text.
    for (const [accept, type] of [['text/*', 'text/html'], ['text/html, text/plain', 'text/html'], ['text/markdown, text/plain', 'text/markdown'],
      ['text/plain;q=0.5, text/markdown', 'text/markdown'], ['text/plain, text/html;q=0.9', 'text/plain']] as const) {
      const response = await fetch(`${server.url}/about`, { headers: { Accept: accept } });
      assert.equal(response.headers.get('content-type'), `${type}; charset=utf-8`, accept);
    }
    const etag = (await fetch(`${server.url}/about`, { headers: { Accept: 'text/plain' } })).headers.get('etag')!;
    const again = await fetch(`${server.url}/about`, { headers: { Accept: 'text/plain', 'If-None-Match': etag } });
    assert.equal(again.status, 304);
  });

  it('answers If-None-Match with 304 per representation', async () => {
    const first = await fetch(`${server.url}/about`, { headers: { Accept: 'text/markdown' } });
    const etag = first.headers.get('etag')!;
    const html = await fetch(`${server.url}/about`);
    assert.notEqual(html.headers.get('etag'), etag, 'HTML and Markdown have different ETags');
    const again = await fetch(`${server.url}/about`, { headers: { Accept: 'text/markdown', 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.match(again.headers.get('vary') ?? '', /Accept/);
  });

  it('serves the twin at <path>.md too, with a canonical link to the page', async () => {
    const response = await fetch(`${server.url}/projects/grove-courtyard-house.md`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.match(response.headers.get('link') ?? '', new RegExp(`<${server.url}/projects/grove-courtyard-house>; rel="canonical"`));
    assert.equal((await fetch(`${server.url}/index.md`)).status, 200);
  });

  it('answers an unknown page with the HTML 404 page (or its Markdown), and an unknown API path with the JSON Error', async () => {
    const page = await fetch(`${server.url}/no-such-page`);
    assert.equal(page.status, 404);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(await page.text(), /Page not found[\s\S]*href="\/"/);
    const markdown = await fetch(`${server.url}/no-such-page`, { headers: { Accept: 'text/markdown' } });
    assert.equal(markdown.status, 404);
    assert.equal(markdown.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.match(await markdown.text(), /^---\n[\s\S]*# Page not found/);
    const api = await fetch(`${server.url}/api/v1/no-such-thing`, { headers: { Accept: 'text/html' } });
    assert.equal(api.status, 404);
    assert.deepEqual(await api.json(), { ok: false, error: ERRORS.not_found.error, code: 'not_found', hint: ERRORS.not_found.hint });
    const post = await fetch(`${server.url}/no-such-page`, { method: 'POST' });
    assert.equal(post.headers.get('content-type'), 'application/json; charset=utf-8');
  });

  it('escapes the request path in the 404 page', async () => {
    const response = await fetch(`${server.url}/%3Cscript%3Ealert(1)%3C/script%3E`);
    const body = await response.text();
    assert.equal(response.status, 404);
    assert.doesNotMatch(body, /<script>alert/);
  });

  it('serves the stylesheet and script with a long cache and an ETag, linked by a versioned URL', async () => {
    const page = await (await fetch(`${server.url}/contact`)).text();
    const css = /href="(\/assets\/site\.css\?v=[^"]+)"/.exec(page)?.[1];
    const js = /src="(\/assets\/contact\.js\?v=[^"]+)"/.exec(page)?.[1];
    assert.ok(css && js);
    for (const [path, type] of [[css, 'text/css'], [js, 'text/javascript']] as const) {
      const response = await fetch(server.url + path);
      assert.equal(response.status, 200);
      assert.ok(response.headers.get('content-type')?.startsWith(type));
      assert.match(response.headers.get('cache-control') ?? '', /max-age=31536000/);
      const again = await fetch(server.url + path, { headers: { 'If-None-Match': response.headers.get('etag')! } });
      assert.equal(again.status, 304);
    }
  });

  it('lays out pages with landmarks, a skip link and one h1', async () => {
    const body = await (await fetch(`${server.url}/projects/grove-courtyard-house`)).text();
    for (const part of ['<html lang="en">', '<a class="skip-link" href="#content">', '<header', '<nav class="main-nav" aria-label="Main">', '<main id="content"', '<footer',
      'aria-current="page"', '<meta name="viewport"', '<meta name="description"']) {
      assert.ok(body.includes(part), part);
    }
    assert.equal(body.match(/<h1/g)?.length, 1);
  });

  it('has a main menu and a call to action for homeowners; the developer documents are one footer link, the <head>, Link headers, llms.txt and the sitemap', async () => {
    const response = await fetch(`${server.url}/`);
    const home = await response.text();
    const menu = /<nav class="main-nav" aria-label="Main">(.*?)<\/nav>/s.exec(home)?.[1] ?? '';
    assert.deepEqual([...menu.matchAll(/href="([^"]+)"/g)].map((m) => m[1]), ['/projects', '/services', '/about', '/process', '/faq', '/contact', PATHS.bookPage]);
    assert.match(home, /<header[^]*<a class="button cta" href="\/contact">Start a project<\/a>[^]*<\/header>/, 'the header calls to action');
    const footer = /<footer[^>]*>(.*?)<\/footer>/s.exec(home)?.[1] ?? '';
    assert.deepEqual([...footer.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]), ['/developers'], 'one discreet link for developers');
    assert.match(footer, /href="tel:\+13055550142"/, 'the phone number can be called');
    assert.doesNotMatch(home.split('<footer')[0]!, /llms\.txt|Accept: text\/markdown|For software agents/, 'no words for machines on a page for people');
    assert.match(home, /<link rel="service-desc" type="application\/openapi\+json"/);
    assert.match(response.headers.get('link') ?? '', /\/llms\.txt>; rel="describedby"/);
    assert.ok((await (await fetch(`${server.url}/llms.txt`)).text()).includes('/developers'), 'llms.txt');
    assert.ok((await (await fetch(`${server.url}/sitemap.xml`)).text()).includes(`${server.url}/developers</loc>`), 'the sitemap');
  });
});
