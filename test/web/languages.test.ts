import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

/** The hreflang alternates a page's <head> names, by language tag. */
function alternatesOf(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]));
}

const attribute = (html: string, pattern: RegExp): string | undefined => pattern.exec(html)?.[1];

describe('the site in English and Spanish', () => {
  const suite = suiteScope();
  let server: TestServer;
  let sitemap: string;
  before(async () => {
    server = await startServer(suite);
    sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  });

  it('states every page\'s language, and every page\'s alternates point back to it (hreflang, x-default, the sitemap)', async () => {
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    assert.ok(urls.some((url) => url.includes('/es/')) && urls.length > 40, 'both languages are in the sitemap');
    const pages = new Map<string, { lang: string; alternates: Map<string, string> }>();
    for (const url of urls) {
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      const html = await response.text();
      const lang = attribute(html, /<html lang="([^"]+)">/)!;
      assert.equal(response.headers.get('content-language'), lang, `${url}: Content-Language`);
      assert.equal(lang, new URL(url).pathname.startsWith('/es/') ? 'es' : 'en', url);
      pages.set(url, { lang, alternates: alternatesOf(html) });
    }
    for (const [url, { lang, alternates }] of pages) {
      if (url.endsWith('/developers')) { assert.equal(alternates.size, 0, 'written for developers in English only'); continue; }
      assert.equal(alternates.get(lang), url, `${url} names itself`);
      assert.deepEqual([...alternates.keys()].sort(), ['en', 'es', 'x-default'], url);
      assert.equal(alternates.get('x-default'), alternates.get('en'), `${url}: x-default is the English page`);
      for (const [tag, other] of alternates) {
        if (tag === 'x-default') continue;
        assert.deepEqual(pages.get(other)?.alternates, alternates, `${other} points back to ${url}`);
      }
      const entry = new RegExp(`<loc>${url.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')}</loc>[^]*?</url>`).exec(sitemap)![0];
      for (const tag of ['en', 'es']) assert.ok(entry.includes(`hreflang="${tag}" href="${alternates.get(tag)}"`), `${url}: the sitemap's ${tag} alternate`);
    }
  });

  it('speaks Spanish under /es/: words, links, the language switcher that keeps the page, the Markdown twin and structured data', async () => {
    const response = await fetch(`${server.url}/es/projects/grove-courtyard-house`);
    const html = await response.text();
    assert.match(html, /<a class="skip-link" href="#content">Ir al contenido<\/a>/);
    assert.match(html, /<a class="button cta" href="\/es\/contact">Empezar un proyecto<\/a>/);
    const menu = /<nav class="main-nav"[^>]*>(.*?)<\/nav>/s.exec(html)![1]!;
    assert.ok([...menu.matchAll(/href="([^"]+)"/g)].every((m) => m[1]!.startsWith('/es/')), 'the menu stays in Spanish');
    assert.match(html, /<nav class="language" aria-label="Idioma"><a href="\/projects\/grove-courtyard-house" hreflang="en" lang="en"[^>]*>English<\/a><\/nav>/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { '@graph': Array<Record<string, unknown>> };
    assert.ok(jsonLd['@graph'].some((node) => node['@type'] === 'WebPage' && node.inLanguage === 'es'));
    assert.ok(jsonLd['@graph'].some((node) => node['@type'] === 'CreativeWork' && node.inLanguage === 'es' && String(node.url).endsWith('/es/projects/grove-courtyard-house')));
    assert.match(html, /<meta property="og:locale" content="es_US">/);

    const twin = await fetch(`${server.url}/es/projects/grove-courtyard-house`, { headers: { Accept: 'text/markdown' } });
    assert.equal(twin.headers.get('content-language'), 'es');
    assert.match(await twin.text(), /url: http:\/\/127\.0\.0\.1:\d+\/es\/projects\/grove-courtyard-house/);
    const home = await fetch(`${server.url}/es/index.md`);
    assert.equal(home.status, 200);
    assert.equal(home.headers.get('content-language'), 'es');
    assert.match(await home.text(), /## Proyectos seleccionados/);
  });

  it('answers an unknown address in the language of its folder, with 404', async () => {
    const spanish = await fetch(`${server.url}/es/no-existe`);
    assert.equal(spanish.status, 404);
    assert.equal(spanish.headers.get('content-language'), 'es');
    assert.match(await spanish.text(), /<html lang="es">[^]*Página no encontrada/);
    const english = await fetch(`${server.url}/no-such-page`);
    assert.equal(english.status, 404);
    assert.match(await english.text(), /<html lang="en">[^]*Page not found/);
  });
});

describe('a page without its translation', () => {
  const suite = suiteScope();
  let server: TestServer;
  let content: string;
  before(async () => {
    content = mkdtempSync(join(tmpdir(), 'studio-content-'));
    cpSync('content', content, { recursive: true });
    rmSync(join(content, 'services/architecture.es.md'));
    server = await startServer(suite, { CONTENT_DIR: content });
  });
  after(() => rmSync(content, { recursive: true, force: true }));

  it('is shown in English under /es/, saying so in Spanish, its text marked as English', async () => {
    const html = await (await fetch(`${server.url}/es/services/architecture`)).text();
    assert.match(html, /<html lang="es">/);
    assert.match(html, /<p class="untranslated" role="note">Esta página aún no está traducida al español; se muestra en inglés\.<\/p><article class="prose" lang="en">/);
    assert.match(html, /<h1[^>]*>Architecture<\/h1>/);
    const translated = await (await fetch(`${server.url}/es/services/construction`)).text();
    assert.doesNotMatch(translated, /class="untranslated"/);
  });
});
