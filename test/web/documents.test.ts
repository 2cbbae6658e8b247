import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESS_TOKEN_LIFETIME_SECONDS, OAUTH_PATHS, SCOPES } from '../../src/contract/oauth.js';
import { markdownLinks, sameOriginPath } from '../helpers/links.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

interface OpenApi { paths: Record<string, Record<string, { operationId?: string }>> }

describe('agent and discovery documents', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);

  it('llms.txt: H1, blockquote summary, H2 sections of links, an Optional section last; every link resolves', async () => {
    const response = await get('/llms.txt');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.ok(response.headers.get('etag'));
    const text = await response.text();
    const lines = text.split('\n');
    assert.match(lines[0]!, /^# \S/, 'starts with an H1');
    assert.equal(text.match(/^# /gm)?.length, 1, 'exactly one H1');
    assert.match(lines.find((l) => l.trim() !== '' && !l.startsWith('# '))!, /^> \S/, 'the blockquote summary follows the H1');
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(sections.slice(0, 4), ['Pages', 'Projects', 'Services', 'API']);
    assert.equal(sections.at(-1), 'Optional');
    for (const section of text.split(/^## /m).slice(1)) {
      const items = section.split('\n').slice(1).filter((l) => l.trim() !== '');
      assert.ok(items.length > 0);
      for (const item of items) assert.match(item, /^- \[[^\]]+\]\(\S+\)(?:: .+)?$/, item);
    }
    const links = markdownLinks(text);
    assert.ok(links.includes(`${server.url}/projects/grove-courtyard-house.md`));
    for (const link of links) {
      const path = sameOriginPath(link, server.url);
      assert.ok(path, `${link} is on the origin`);
      assert.equal((await get(path)).status, 200, link);
    }
  });

  it('the OpenAPI document, the developer page and llms-full.txt describe the same operations', async () => {
    const openapi = (await (await get('/openapi.json')).json()) as OpenApi;
    const operations = Object.entries(openapi.paths).flatMap(([path, item]) =>
      Object.entries(item).filter(([, op]) => op.operationId).map(([method, op]) => ({ method: method.toUpperCase(), path, id: op.operationId! })));
    assert.ok(operations.length >= 3);
    const developers = await (await get('/developers', { headers: { Accept: 'text/markdown' } })).text();
    const full = await (await get('/llms-full.txt')).text();
    const expected = new Set(operations.map((o) => o.id));
    for (const op of operations) {
      assert.ok(developers.includes(`\`${op.method} ${op.path}\` | \`${op.id}\``), `developers lists ${op.id}`);
      assert.ok(full.includes(`### ${op.method} ${op.path} (\`${op.id}\`)`), `llms-full describes ${op.id}`);
    }
    const listedOnDevelopers = [...developers.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) [^`]+` \| `([^`]+)`/gm)].map((m) => m[2]);
    assert.deepEqual(new Set(listedOnDevelopers), expected, 'no extra operation on the developer page');
    const describedInFull = [...full.matchAll(/^### (?:GET|POST|PUT|PATCH|DELETE) \S+ \(`([^`]+)`\)$/gm)].map((m) => m[1]);
    assert.deepEqual(new Set(describedInFull), expected, 'no extra operation in llms-full.txt');
  });

  it('llms-full.txt holds every English page of the sitemap; the Spanish ones are named by llms.txt', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    const full = await (await get('/llms-full.txt')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const english = urls.filter((url) => !new URL(url).pathname.startsWith('/es/'));
    assert.ok(english.length >= 20 && english.length < urls.length);
    for (const url of english) assert.ok(full.includes(`url: ${url}\n`), url);
    assert.match(await (await get('/llms.txt')).text(), new RegExp(`in Spanish under \\[${server.url.replace(/[.]/g, '\\.')}/es/\\]`));
  });

  it('sitemap.xml lists every page, each answering 200, with an ETag and a cache lifetime', async () => {
    const response = await get('/sitemap.xml');
    assert.equal(response.headers.get('content-type'), 'application/xml; charset=utf-8');
    assert.ok(response.headers.get('etag'));
    assert.match(response.headers.get('cache-control') ?? '', /max-age/);
    const body = await response.text();
    assert.match(body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"[^>]*>/);
    for (const [, url] of body.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const page = await fetch(url!);
      assert.equal(page.status, 200, url);
      assert.ok(page.headers.get('content-type')?.startsWith('text/html'), url);
    }
  });

  it('robots.txt allows crawlers, names AI crawlers, the sitemap and the content signals, in records every validator knows', async () => {
    const response = await get('/robots.txt');
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.ok(response.headers.get('etag'));
    const text = await response.text();
    assert.match(text, /^User-agent: \*$/m);
    assert.match(text, /^User-agent: GPTBot$/m);
    assert.match(text, /^User-agent: ClaudeBot$/m);
    assert.match(text, /^Allow: \/$/m);
    assert.doesNotMatch(text, /^Disallow: \/$/m);
    assert.match(text, /^# Content-Signal: search=yes, ai-input=yes, ai-train=(?:yes|no)$/m);
    const records = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')).map((line) => line.split(':', 1)[0]!.toLowerCase());
    assert.deepEqual([...new Set(records)].sort(), ['allow', 'disallow', 'sitemap', 'user-agent'], 'only the records Lighthouse\'s robots.txt audit accepts');
    assert.ok(text.includes(`Sitemap: ${server.url}/sitemap.xml`));
  });

  it('api-catalog: RFC 9727 media type and profile, the linkset, and HEAD with the api-catalog link', async () => {
    const response = await get('/.well-known/api-catalog');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    assert.ok(response.headers.get('etag'));
    const { linkset } = await response.json() as { linkset: Array<Record<string, unknown>> };
    const docs = [
      { href: `${server.url}/developers`, type: 'text/html' },
      { href: `${server.url}/skill.md`, type: 'text/markdown' },
      { href: `${server.url}/auth.md`, type: 'text/markdown' },
    ];
    const status = [{ href: `${server.url}/healthz`, type: 'application/json' }];
    assert.deepEqual(linkset[0], {
      anchor: `${server.url}/api/v1`,
      'service-desc': [{ href: `${server.url}/openapi.json`, type: 'application/openapi+json' }],
      'service-doc': docs,
      status,
    });
    assert.deepEqual(linkset[1], {
      anchor: `${server.url}/mcp`, 'service-desc': [{ href: `${server.url}/.well-known/mcp/server-card.json`, type: 'application/json' }], 'service-doc': docs, status,
    });
    for (const entry of linkset) {
      for (const link of Object.values(entry).filter(Array.isArray).flat() as Array<{ href: string }>) {
        assert.equal((await get(new URL(link.href).pathname)).status, 200, link.href);
      }
    }
    const head = await get('/.well-known/api-catalog', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    assert.ok((head.headers.get('link') ?? '').includes(`<${server.url}/.well-known/api-catalog>; rel="api-catalog"`));
    assert.match(head.headers.get('content-type') ?? '', /rfc9727/);
    for (const target of ['/openapi.json', '/developers', '/healthz']) assert.equal((await get(target)).status, 200, target);
  });

  it('auth.md: text/markdown, optional tokens, register, token with Basic, Bearer, lifetime, scopes, 401 challenge', async () => {
    const response = await get('/auth.md');
    assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
    const text = await response.text();
    assert.match(text, /^# auth\.md\n/, 'the auth.md convention: the H1 names it');
    assert.match(text, /optional/i);
    for (const path of Object.values(OAUTH_PATHS)) assert.ok(text.includes(server.url + path), path);
    for (const scope of Object.keys(SCOPES)) assert.ok(text.includes(`\`${scope}\``), scope);
    assert.ok(text.includes(`${ACCESS_TOKEN_LIFETIME_SECONDS} seconds`));
    assert.match(text, /HTTP Basic/);
    assert.match(text, /Authorization: Bearer/);
    assert.match(text, /401/);
    assert.match(text, /WWW-Authenticate/);
  });
});
