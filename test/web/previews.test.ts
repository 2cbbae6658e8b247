import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { parse as parseYaml } from 'yaml';
import type { Browser } from 'playwright-core';
import { chromiumSkip, launchChromium } from '../helpers/chromium.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';
import { sitePages } from '../helpers/site-pages.js';

// Link previews, search results and agents read a page's head: one title, description and canonical
// address, Open Graph and Twitter card tags (with the cover), and schema.org JSON-LD from the catalog.
// A copy of the sample content (whose projects have drawings) gains a project with a photo and a plan in
// front of them, a service with a picture (the sample services have none), and a project whose title tries
// to close the JSON-LD script element.

const BREAKOUT_TITLE = 'Breakout </script><script>alert(1)</script> <!-- House';
const OLD = new Date('2020-01-01T00:00:00Z');
const COVER_CHANGED = new Date('2024-03-05T06:07:08Z');

const PICTURED_PROJECT = `---
title: "Lantern House"
description: "A test house with a cover and a plan."
location: "Montauk, New York"
region: "hamptons"
year: 2021
order: 0
cover: {file: lantern-house/front.jpg, alt: "The lantern house at dusk, its porch lit"}
gallery:
  - {file: lantern-house/plan.png, alt: "Ground floor plan"}
---
A house that glows at night.
`;
const PICTURED_SERVICE = `---
title: "Site Survey"
description: "We measure the lot before anything is drawn."
order: 99
cover: {file: site-survey/lot.png, alt: "A surveyed lot with its trees marked"}
---
Measured drawings of the lot.
`;
const BREAKOUT_PROJECT = `---
title: ${JSON.stringify(BREAKOUT_TITLE)}
description: "Ends the element </script> and opens <!-- a comment & more."
region: "other"
order: 99
---
Nothing to see.
`;

async function writeContent(dir: string): Promise<void> {
  cpSync('content', dir, { recursive: true });
  mkdirSync(join(dir, 'projects', 'lantern-house'));
  mkdirSync(join(dir, 'services', 'site-survey'));
  const picture = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });
  await picture(1600, 1000, '#2f3e46').jpeg().toFile(join(dir, 'projects', 'lantern-house', 'front.jpg'));
  await picture(900, 600, '#cad2c5').png().toFile(join(dir, 'projects', 'lantern-house', 'plan.png'));
  await picture(1000, 700, '#84a98c').png().toFile(join(dir, 'services', 'site-survey', 'lot.png'));
  writeFileSync(join(dir, 'projects', 'lantern-house.md'), PICTURED_PROJECT);
  writeFileSync(join(dir, 'projects', 'breakout-house.md'), BREAKOUT_PROJECT);
  writeFileSync(join(dir, 'services', 'site-survey.md'), PICTURED_SERVICE);
  // Known dates: every file old, the cover changed later (a page's lastmod counts its images).
  const touch = (path: string): void => {
    if (statSync(path).isDirectory()) readdirSync(path).forEach((name) => touch(join(path, name)));
    else utimesSync(path, OLD, OLD);
  };
  touch(dir);
  utimesSync(join(dir, 'projects', 'lantern-house', 'front.jpg'), COVER_CHANGED, COVER_CHANGED);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const unescape = (text: string): string => text.replace(/&(?:amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e]!);

/** Every <tag ...> of the head with its attributes, unescaped. */
function headTags(body: string, tag: string): Array<Record<string, string>> {
  const head = body.slice(0, body.indexOf('</head>'));
  return [...head.matchAll(new RegExp(`<${tag}\\s([^>]*)>`, 'g'))]
    .map((m) => Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, unescape(a[2]!)])));
}

/** The values of <meta property|name=key>: a list, so a test can say "exactly one". */
const metaValues = (body: string, key: string): string[] =>
  headTags(body, 'meta').filter((m) => m.property === key || m.name === key).map((m) => m.content!);

function one(values: string[], what: string): string {
  assert.equal(values.length, 1, `exactly one ${what} (got ${JSON.stringify(values)})`);
  return values[0]!;
}

type Node = Record<string, unknown>;

/** The page's JSON-LD: every script of that type, parsed, and the @graph nodes in them. */
function jsonLd(body: string): { documents: Node[]; nodes: Node[] } {
  const documents = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Node);
  return { documents, nodes: documents.flatMap((d) => (d['@graph'] as Node[] | undefined) ?? [d]) };
}

const ofType = (nodes: Node[], type: string): Node[] => nodes.filter((n) => n['@type'] === type);

/** A page's address in English: the Spanish pages carry the same previews and data, in Spanish. */
const inEnglish = (path: string): string => (path === '/es/' ? '/' : path.replace(/^\/es(?=\/)/, ''));

/** The schema.org types each page must carry, by path: the page itself, then what it shows. */
function expectedTypes(path: string): string[] {
  const english = inEnglish(path);
  // The studio page shows the offices, so it describes the firm too; the FAQ is an FAQPage.
  if (english === '/' || english === '/about') return ['WebPage', 'HomeAndConstructionBusiness'];
  if (english === '/faq') return ['WebPage', 'FAQPage'];
  if (/^\/projects\/[^/]+$/.test(english)) return ['WebPage', 'CreativeWork', 'BreadcrumbList'];
  if (/^\/services\/[^/]+$/.test(english)) return ['WebPage', 'Service', 'BreadcrumbList'];
  return [];
}

describe('rich previews and structured data', () => {
  const suite = suiteScope();
  let server: TestServer;
  let contentDir: string;
  let pages: string[];
  const html = new Map<string, string>();
  const page = async (path: string): Promise<string> => {
    if (!html.has(path)) html.set(path, await (await fetch(server.url + path)).text());
    return html.get(path)!;
  };

  before(async () => {
    contentDir = mkdtempSync(join(tmpdir(), 'studio-previews-'));
    await writeContent(contentDir);
    server = await startServer(suite, { CONTENT_DIR: contentDir });
    pages = await sitePages(server.url);
  });
  after(async () => {
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('every page has one title, description and canonical address, Open Graph and a Twitter card', async () => {
    assert.ok(pages.includes('/projects/lantern-house') && pages.includes('/developers'), 'the sitemap lists the pages');
    for (const path of [...pages, '/no-such-page']) {
      const body = await page(path);
      const url = server.url + path;
      assert.equal([...body.matchAll(/<title>/g)].length, 1, `${path}: one <title>`);
      const description = one(metaValues(body, 'description'), `${path}: description`);
      assert.ok(description.length > 0);
      const canonical = headTags(body, 'link').filter((l) => l.rel === 'canonical').map((l) => l.href!);
      const error = path === '/no-such-page';
      if (error) {
        assert.deepEqual(canonical, [], 'an error page has no canonical address');
        assert.equal(one(metaValues(body, 'robots'), 'robots'), 'noindex');
        assert.deepEqual(metaValues(body, 'og:url'), []);
      } else {
        assert.equal(one(canonical, `${path}: canonical`), url, `${path}: the canonical address is the page's absolute URL`);
        assert.equal(one(metaValues(body, 'og:url'), `${path}: og:url`), url);
      }
      assert.ok(one(metaValues(body, 'og:title'), `${path}: og:title`).length > 0);
      assert.equal(one(metaValues(body, 'og:description'), `${path}: og:description`), description);
      const website = ['/', '/projects', '/services'].includes(inEnglish(path));
      assert.equal(one(metaValues(body, 'og:type'), `${path}: og:type`), website ? 'website' : 'article', path);
      assert.equal(one(metaValues(body, 'og:site_name'), `${path}: og:site_name`), 'Harbor & Hedge Design-Build');
      assert.equal(one(metaValues(body, 'og:locale'), `${path}: og:locale`), path.startsWith('/es/') ? 'es_US' : 'en_US');
      const card = one(metaValues(body, 'twitter:card'), `${path}: twitter:card`);
      assert.equal(card, metaValues(body, 'og:image').length > 0 ? 'summary_large_image' : 'summary', `${path}: card fits the image`);
      for (const kept of ['rel="alternate" type="text/markdown"', 'rel="service-desc"', 'rel="stylesheet"', 'rel="icon"']) {
        assert.ok(body.slice(0, body.indexOf('</head>')).includes(kept), `${path}: ${kept} kept`);
      }
    }
    assert.ok((await page('/contact')).includes('<script src="/assets/contact.js'), 'the contact page keeps its script');
    const icon = one(headTags(await page('/'), 'link').filter((l) => l.rel === 'icon').map((l) => l.href!), 'icon');
    const answer = await fetch(server.url + icon);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'image/svg+xml');
    assert.match(await answer.text(), /^<svg /);
  });

  it('pages with a cover preview it: a 1200 px JPEG with its size, type and alt text; the others have none', async () => {
    // The project's cover is 1600 px wide (made at 480 to 1600), the sample projects' are drawings (made at
    // every width), the service's is 1000 px (made at 480 and 800). Only the breakout project has no image.
    const projectPages = pages.filter((p) => inEnglish(p).startsWith('/projects/') && inEnglish(p) !== '/projects/breakout-house');
    const covered = ['/', '/projects', '/services', '/services/site-survey'].flatMap((p) => [p, p === '/' ? '/es/' : `/es${p}`]);
    const withCover = new Map([...covered.map((p) => [p, inEnglish(p).startsWith('/services') ? 800 : 1200] as const), ...projectPages.map((p) => [p, 1200] as const)]);
    for (const [path, width] of withCover) {
      const body = await page(path);
      const image = one(metaValues(body, 'og:image'), `${path}: og:image`);
      assert.match(image, new RegExp(`^${server.url}/images/[\\w.-]+-${width}\\.[\\w]+\\.jpg$`), `${path}: absolute, the JPEG closest to 1200 px`);
      assert.equal(one(metaValues(body, 'og:image:type'), 'og:image:type'), 'image/jpeg');
      assert.equal(one(metaValues(body, 'og:image:width'), 'og:image:width'), String(width));
      assert.ok(Number(one(metaValues(body, 'og:image:height'), 'og:image:height')) > 0);
      assert.equal(one(metaValues(body, 'twitter:image'), 'twitter:image'), image);
      assert.equal(one(metaValues(body, 'og:image:alt'), 'og:image:alt'), one(metaValues(body, 'twitter:image:alt'), 'twitter:image:alt'));
    }
    assert.equal(metaValues(await page('/projects'), 'og:image:alt')[0], 'The lantern house at dusk, its porch lit', 'an index shows its first project\'s cover');
    assert.equal(metaValues(await page('/services'), 'og:image:alt')[0], 'A surveyed lot with its trees marked', 'the first service with images');
    for (const path of pages.filter((p) => !withCover.has(p))) {
      assert.deepEqual(metaValues(await page(path), 'og:image'), [], `${path}: no image, no og:image`);
    }
  });

  it('the og:image URL answers with a JPEG', async () => {
    const image = metaValues(await page('/projects/lantern-house'), 'og:image')[0]!;
    const response = await fetch(image);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/jpeg');
  });

  it('a detail page preloads its cover as the AVIF srcset its picture uses; other pages preload no image', async () => {
    const preloads = (body: string) => headTags(body, 'link').filter((l) => l.rel === 'preload' && l.as === 'image');
    const body = await page('/projects/lantern-house');
    const [preload, ...more] = preloads(body);
    assert.equal(more.length, 0);
    assert.equal(preload?.type, 'image/avif');
    assert.match(preload?.imagesrcset ?? '', /^\/images\/\S+-480\.\w+\.avif 480w, .*-1600\.\w+\.avif 1600w$/);
    const source = /<source type="image\/avif" srcset="([^"]+)" sizes="([^"]+)">/.exec(body.slice(body.indexOf('<main')));
    assert.deepEqual([preload?.imagesrcset, preload?.imagesizes], [source?.[1], unescape(source?.[2] ?? '')],
      'the same candidates and sizes as the first picture of the page, so the browser picks the same file');
    for (const path of ['/', '/projects', '/projects/breakout-house', '/about']) {
      assert.deepEqual(preloads(await page(path)), [], `${path}: nothing to preload`);
    }
  });

  it('the JSON-LD parses, names schema.org and carries the types each page shows', async () => {
    for (const path of [...pages, '/no-such-page']) {
      const { documents, nodes } = jsonLd(await page(path));
      for (const document of documents) assert.equal(document['@context'], 'https://schema.org', path);
      assert.deepEqual(nodes.map((n) => n['@type']), expectedTypes(path), path);
    }
  });

  it('the home page describes the firm with the offices of site.yaml; projects and services refer to it', async () => {
    const site = parseYaml(readFileSync(join(contentDir, 'site.yaml'), 'utf8')) as
      { name: string; email: string; phone: string; offices: Array<{ city: string }> };
    const [firm] = ofType(jsonLd(await page('/')).nodes, 'HomeAndConstructionBusiness');
    assert.ok(firm);
    assert.equal(firm.name, site.name);
    assert.equal(firm.email, site.email);
    assert.equal(firm.telephone, site.phone);
    assert.equal(firm.url, `${server.url}/`);
    const places = firm.location as Array<{ name: string; address: { addressLocality: string; addressRegion?: string } }>;
    assert.deepEqual(places.map((p) => p.name), site.offices.map((o) => o.city));
    assert.deepEqual(places.map((p) => [p.address.addressLocality, p.address.addressRegion].filter(Boolean).join(', ')),
      site.offices.map((o) => o.city), 'each office\'s address is its city and region');
    assert.ok((firm.areaServed as unknown[]).length > 0);
    assert.equal(firm.sameAs, undefined);
    const { projects } = (await (await fetch(`${server.url}/api/v1/projects`)).json()) as
      { projects: Array<{ slug: string; title: string; description?: string; url: string; images?: Array<{ url: string }> }> };
    assert.deepEqual(firm.image, [projects[0]!.images![0]!.url], 'the first project\'s cover, as the API gives it');

    const lantern = projects.find((p) => p.slug === 'lantern-house')!;
    const { nodes } = jsonLd(await page('/projects/lantern-house'));
    const [work] = ofType(nodes, 'CreativeWork');
    assert.equal(work?.name, lantern.title);
    assert.equal(work?.description, lantern.description);
    assert.equal(work?.url, lantern.url);
    assert.deepEqual(work?.image, lantern.images?.map((i) => i.url), 'the images as the API gives them: absolute JPEG URLs');
    assert.equal(work?.dateCreated, '2021');
    assert.deepEqual(work?.locationCreated, { '@type': 'Place', name: 'Montauk, New York' });
    assert.equal((work?.creator as Node)['@id'], firm['@id']);
    const [trail] = ofType(nodes, 'BreadcrumbList');
    const items = trail?.itemListElement as Array<{ position: number; name: string; item: string }>;
    assert.deepEqual(items.map((i) => [i.position, i.name, i.item]),
      [[1, 'Home', `${server.url}/`], [2, 'Projects', `${server.url}/projects`], [3, 'Lantern House', lantern.url]]);

    const [service] = ofType(jsonLd(await page('/services/site-survey')).nodes, 'Service');
    assert.equal(service?.name, 'Site Survey');
    assert.equal((service?.provider as Node)['@id'], firm['@id']);
    assert.deepEqual(service?.areaServed, firm.areaServed);
  });

  it('a title that closes the script element stays inside it, as data', async () => {
    const body = await page('/projects/breakout-house');
    // Besides the scripts the layout loads by src (webmcp.js on every page).
    assert.equal([...body.matchAll(/<script\b(?![^>]*\ssrc=)/g)].length, 1, 'the JSON-LD is the only inline script: nothing broke out');
    assert.equal([...body.matchAll(/<\/script>/g)].length, [...body.matchAll(/<script\b/g)].length, 'every script element ends once');
    assert.doesNotMatch(body.slice(body.indexOf('application/ld+json')), /<!--/, 'no comment opened inside the script');
    const [work] = ofType(jsonLd(body).nodes, 'CreativeWork');
    assert.equal(work?.name, BREAKOUT_TITLE, 'the title, unchanged, once parsed');
  });

  it('the sitemap has a lastmod for every page, from the content behind it, and the images each page shows', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
      path: new URL(/<loc>([^<]+)<\/loc>/.exec(m[1]!)![1]!).pathname,
      lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(m[1]!)?.[1],
      images: [...m[1]!.matchAll(/<image:image><image:loc>([^<]+)<\/image:loc><\/image:image>/g)].map((i) => i[1]!),
    }));
    assert.deepEqual(entries.map((e) => e.path), pages);
    for (const entry of entries) assert.match(entry.lastmod ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, `${entry.path}: W3C lastmod`);
    const byPath = new Map(entries.map((e) => [e.path, e]));
    const changed = COVER_CHANGED.toISOString().replace('.000', '');
    assert.equal(byPath.get('/projects/lantern-house')?.lastmod, changed, 'a project changed when its cover did');
    assert.equal(byPath.get('/projects')?.lastmod, changed, 'the index: the latest of its projects');
    assert.equal(byPath.get('/services')?.lastmod, OLD.toISOString().replace('.000', ''), 'the services index: none of its services changed');
    assert.equal(byPath.get('/projects/grove-courtyard-house')?.lastmod, OLD.toISOString().replace('.000', ''));

    const lantern = await page('/projects/lantern-house');
    const ld = ofType(jsonLd(lantern).nodes, 'CreativeWork')[0]!.image as string[];
    assert.deepEqual(byPath.get('/projects/lantern-house')?.images, ld, 'the cover and the plan, as JPEG fallback URLs');
    assert.equal(ld.length, 2);
    const { projects } = (await (await fetch(`${server.url}/api/v1/projects`)).json()) as { projects: Array<{ images?: Array<{ url: string }> }> };
    assert.deepEqual(byPath.get('/')?.images, projects.flatMap((p) => p.images?.[0]?.url ?? []), 'the home page shows every cover');
    assert.equal(byPath.get('/')?.images[0], ld[0]);
    assert.deepEqual(byPath.get('/services/site-survey')?.images.length, 1);
    assert.deepEqual(byPath.get('/developers')?.images, []);
    assert.match(xml, /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:image="http:\/\/www.google.com\/schemas\/sitemap-image\/1.1" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
  });

  describe('in Chromium', { skip: chromiumSkip() }, () => {
    let browser: Browser;
    before(async () => { browser = await launchChromium(); });
    after(async () => { await browser?.close(); });

    it('the sitemap is well-formed XML in both namespaces', async () => {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(`${server.url}/robots.txt`);
      const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
      const parsed = await tab.evaluate(`(() => {
        const doc = new DOMParser().parseFromString(${JSON.stringify(xml)}, 'application/xml');
        return {
          error: doc.getElementsByTagName('parsererror').length > 0,
          urls: doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url').length,
          lastmods: doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'lastmod').length,
          images: doc.getElementsByTagNameNS('http://www.google.com/schemas/sitemap-image/1.1', 'loc').length,
        };
      })()`) as { error: boolean; urls: number; lastmods: number; images: number };
      assert.equal(parsed.error, false, 'no parser error');
      assert.equal(parsed.urls, pages.length);
      assert.equal(parsed.lastmods, pages.length);
      assert.ok(parsed.images >= 4, `image entries (${parsed.images})`);
      await context.close();
    });

    it('the JSON-LD is data under the page policy: no violation, no script ran, the title reads back whole', async () => {
      const context = await browser.newContext();
      await context.addInitScript(`window.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));`);
      const tab = await context.newPage();
      const problems: string[] = [];
      tab.on('console', (m) => {
        const { url } = m.location();
        if (m.type() === 'error' || m.type() === 'warning') {
          problems.push(`${m.text()} (${url})`);
        }
      });
      tab.on('dialog', (d) => { problems.push(`dialog: ${d.message()}`); void d.dismiss(); });
      for (const path of ['/', '/projects/breakout-house', '/services/site-survey']) {
        await tab.goto(server.url + path);
        const seen = await tab.evaluate(`({
          violations: window.violations,
          scripts: [...document.scripts].filter((s) => !s.src).length,
          names: [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => JSON.parse(s.textContent)['@graph'].map((n) => n.name)),
        })`) as { violations: string[]; scripts: number; names: string[] };
        assert.deepEqual(seen.violations, [], `${path}: no CSP violation`);
        assert.equal(seen.scripts, 1, `${path}: one inline script element (webmcp.js comes by src)`);
        if (path === '/projects/breakout-house') assert.equal(seen.names[0], BREAKOUT_TITLE);
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
});
