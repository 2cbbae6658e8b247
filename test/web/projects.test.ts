import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { htmlLinks } from '../helpers/links.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The project pages as a person without JavaScript gets them, over plain HTTP: the facts in both languages,
// the index's filters as links, next and previous projects, images linked to their largest file, the
// service pages listing the projects that show them, and JSON-LD saying the same facts.

type Json = Record<string, any>;

/** The pairs of the page's description lists (its facts, its team, its filters), as text. */
function terms(html: string): Array<[string, string]> {
  return [...html.matchAll(/<dt>(.*?)<\/dt>\s*<dd>(.*?)<\/dd>/gs)].map((m) => [m[1]!, m[2]!.replace(/<[^>]+>/g, '')]);
}

/** The hrefs of the links inside the <dd> of a term. */
function linksOf(html: string, term: string): string[] {
  const dd = new RegExp(`<dt>${term}</dt>\\s*<dd>(.*?)</dd>`, 's').exec(html)?.[1] ?? '';
  return htmlLinks(dd);
}

/** The project links of the index's cards (grouped by region on the page), sorted. */
const cardSlugs = (html: string): string[] => [...html.matchAll(/<h3 id="[^"]*"><a href="(?:\/es)?\/projects\/([^"]+)">/g)].map((m) => m[1]!).sort();

function jsonLd(html: string): Json[] {
  const text = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  assert.ok(text, 'the page carries JSON-LD');
  return (JSON.parse(text) as { '@graph': Json[] })['@graph'];
}

describe('project pages without JavaScript', () => {
  const suite = suiteScope();
  let server: TestServer;
  let projects: Json[];
  const page = async (path: string) => {
    const response = await fetch(server.url + path);
    return { status: response.status, html: await response.text(), response };
  };
  before(async () => {
    server = await startServer(suite);
    projects = ((await (await fetch(`${server.url}/api/v1/projects`)).json()) as { projects: Json[] }).projects;
  });

  it('shows a project\'s facts as a description list, in English and in Spanish, the area in both units', async () => {
    const en = terms((await page('/projects/grove-courtyard-house')).html);
    for (const pair of [
      ['Year', '2023'], ['Status', 'Completed'], ['Size', '4,800 ft² (446 m²)'], ['Kind of work', 'New house, interior, and garden'],
      ['Services', 'Architecture, Interior Design, Landscape Design, Construction'],
      ['Architect, interior designer, landscape designer, and builder', 'Harbor &amp; Hedge Design-Build'],
      ['Structural engineer', 'Rafael Ortega'],
    ]) assert.ok(en.some(([dt, dd]) => dt === pair[0] && dd === pair[1]), `${pair.join(': ')} in ${JSON.stringify(en)}`);
    const es = await page('/es/projects/grove-courtyard-house');
    const esTerms = terms(es.html);
    for (const pair of [
      ['Año', '2023'], ['Estado', 'Terminado'], ['Superficie', '4,800 pies² (446 m²)'], ['Tipo de obra', 'Casa nueva, interiores y jardín'],
      ['Arquitectura, diseño de interiores, paisajismo y construcción', 'Harbor &amp; Hedge Design-Build'],
    ]) assert.ok(esTerms.some(([dt, dd]) => dt === pair[0] && dd === pair[1]), `${pair.join(': ')} in ${JSON.stringify(esTerms)}`);
    assert.match(es.html, /<h2 id="equipo">Equipo<\/h2>/);
    assert.deepEqual(linksOf(es.html, 'Servicios'), ['/es/services/architecture', '/es/services/interior-design', '/es/services/landscape-design', '/es/services/construction']);
    // The Markdown twin says the same, as labelled lines.
    const twin = await (await fetch(`${server.url}/es/projects/grove-courtyard-house`, { headers: { Accept: 'text/markdown' } })).text();
    assert.match(twin, /^- \*\*Superficie:\*\* 4,800 pies² \(446 m²\)$/m);
  });

  it('says the facts in JSON-LD: status, size in both units, the team as Roles, the studio as itself', async () => {
    const [work] = jsonLd((await page('/projects/grove-courtyard-house')).html).filter((node) => node['@type'] === 'CreativeWork');
    assert.equal(work!.creativeWorkStatus, 'Completed');
    assert.equal(work!.dateCreated, '2023');
    assert.deepEqual(work!.size.map((s: Json) => [s['@type'], s.value, s.unitCode]), [['QuantitativeValue', 4800, 'FTK'], ['QuantitativeValue', 446, 'MTK']]);
    const roles = work!.contributor as Json[];
    assert.ok(roles.every((role) => role['@type'] === 'Role' && typeof role.roleName === 'string'));
    assert.equal(roles[0]!.contributor['@type'], 'HomeAndConstructionBusiness');
    assert.ok(roles.some((role) => role.roleName === 'Structural engineer' && role.contributor['@type'] === 'Person' && role.contributor.name === 'Rafael Ortega'));
    const [spanish] = jsonLd((await page('/es/projects/grove-courtyard-house')).html).filter((node) => node['@type'] === 'CreativeWork');
    assert.equal(spanish!.creativeWorkStatus, 'Terminado');
  });

  it('links each project to the one before and after it, in the portfolio\'s order and the page\'s language', async () => {
    const order = projects.map((p) => p.slug as string);
    for (const prefix of ['', '/es']) {
      const visited: string[] = [];
      let path: string | undefined = `${prefix}/projects/${order[0]}`;
      while (path) {
        const { status, html } = await page(path);
        assert.equal(status, 200, path);
        visited.push(path.split('/').pop()!);
        const [next] = linksOf(html, prefix ? 'Proyecto siguiente' : 'Next project');
        const [previous] = linksOf(html, prefix ? 'Proyecto anterior' : 'Previous project');
        const at = visited.length - 1;
        assert.equal(previous, at === 0 ? undefined : `${prefix}/projects/${order[at - 1]}`, path);
        path = next;
      }
      assert.deepEqual(visited, order, 'following "next" from the first visits every project once, in order');
    }
  });

  it('filters the index by region and kind of work with plain links, the current ones marked, in both languages', async () => {
    const all = await page('/projects');
    assert.deepEqual(cardSlugs(all.html), projects.map((p) => p.slug).sort());
    assert.match(all.html, /<a href="\/projects" aria-current="page">All regions<\/a>/);
    const miami = await page('/projects?region=miami');
    assert.equal(miami.status, 200);
    assert.deepEqual(cardSlugs(miami.html), projects.filter((p) => p.region === 'miami').map((p) => p.slug).sort());
    assert.match(miami.html, /<a href="\/projects\?region=miami" aria-current="page">Miami<\/a>/);
    assert.match(miami.html, /<a href="\/projects\?region=miami&amp;work=renovation">Renovation<\/a>/, 'a kind of work keeps the region');
    assert.match(miami.html, /<link rel="canonical" href="[^"]+\/projects">/, 'a filtered view is the same page');
    const both = await page('/es/projects?work=renovation&region=hamptons');
    assert.deepEqual(cardSlugs(both.html), projects.filter((p) => p.region === 'hamptons' && p.work.includes('renovation')).map((p) => p.slug).sort());
    assert.match(both.html, /<a href="\/es\/projects\?region=hamptons&amp;work=renovation" aria-current="page">Renovación<\/a>/);
    assert.match(both.html, /<a href="\/es\/projects\?work=renovation">Todas las regiones<\/a>/);
    assert.equal(both.response.headers.get('content-language'), 'es');
    // Every filter link of every view answers, and names the view it leads to as current.
    for (const link of linksOf(both.html, 'Región').concat(linksOf(both.html, 'Tipo de obra'))) {
      const view = await page(link);
      assert.equal(view.status, 200, link);
      assert.ok(view.html.includes(`href="${link.replaceAll('&', '&amp;')}" aria-current="page"`), link);
    }
    const etag = miami.response.headers.get('etag')!;
    assert.notEqual(etag, all.response.headers.get('etag'));
    assert.equal((await fetch(`${server.url}/projects?region=miami`, { headers: { 'If-None-Match': etag } })).status, 304);
  });

  it('answers a filter the page does not have with 400 and every project, saying so in the page\'s language', async () => {
    for (const [path, message] of [['/projects?region=mars', 'We could not use the filter'], ['/es/projects?work=pool', 'No pudimos aplicar el filtro']] as const) {
      const { status, html, response } = await page(path);
      assert.equal(status, 400, path);
      assert.match(response.headers.get('content-type')!, /^text\/html/);
      assert.ok(html.includes(message), path);
      assert.deepEqual(cardSlugs(html), projects.map((p) => p.slug).sort(), 'every project is shown instead');
    }
    const twin = await fetch(`${server.url}/projects.md?work=pool`);
    assert.equal(twin.status, 400);
    assert.match(await twin.text(), /We could not use the filter/);
  });

  it('links every wide image to its largest file, and loads the dialog script with the page\'s words', async () => {
    const { html } = await page('/es/projects/grove-courtyard-house');
    const project = projects.find((p) => p.slug === 'grove-courtyard-house')!;
    const enlarged = [...html.matchAll(/<a class="enlarge" href="([^"]+)"><picture>/g)].map((m) => m[1]!);
    assert.deepEqual(enlarged, project.images.map((image: Json) => new URL(image.url).pathname), 'the cover and the gallery, each to its largest JPEG');
    const file = await fetch(server.url + enlarged[0]!);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/jpeg');
    assert.match(html, /<script src="\/assets\/images\.js\?v=[^"]+" data-close="Cerrar" data-label="Imagen" defer><\/script>/);
  });

  it('lists on each service page the projects that show it, in the page\'s language', async () => {
    for (const prefix of ['', '/es']) {
      const { html } = await page(`${prefix}/services/renovation-and-restoration`);
      const expected = projects.filter((p) => p.services.includes('renovation-and-restoration')).map((p) => `${prefix}/projects/${p.slug}`);
      assert.ok(expected.length > 0);
      const heading = prefix ? 'Proyectos en los que prestamos este servicio' : 'Projects that show this service';
      const section = new RegExp(`<h2 id="[^"]*">${heading}</h2>\\s*<ul>(.*?)</ul>`, 's').exec(html)?.[1] ?? '';
      assert.deepEqual(htmlLinks(section), expected, prefix || 'en');
    }
  });
});

describe('a project with a photographer', () => {
  const suite = suiteScope();
  let server: TestServer;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-photographer-'));
    cpSync('content', dir, { recursive: true });
    const file = join(dir, 'projects', 'grove-courtyard-house.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('status: "completed"', 'status: "completed"\nphotographer: "Ana Reyes"'));
    server = await startServer(suite, { CONTENT_DIR: dir });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('credits the photographs on the page, in the API and in JSON-LD', async () => {
    const en = await (await fetch(`${server.url}/projects/grove-courtyard-house`)).text();
    assert.ok(terms(en).some(([dt, dd]) => dt === 'Photographs' && dd === 'Ana Reyes'));
    const es = await (await fetch(`${server.url}/es/projects/grove-courtyard-house`)).text();
    assert.ok(terms(es).some(([dt, dd]) => dt === 'Fotografías' && dd === 'Ana Reyes'));
    const { projects } = await (await fetch(`${server.url}/api/v1/projects`)).json() as { projects: Json[] };
    assert.equal(projects.find((p) => p.slug === 'grove-courtyard-house')!.photographer, 'Ana Reyes');
    assert.equal(projects.find((p) => p.slug === 'sagaponack-barn-house')!.photographer, undefined);
    const [work] = jsonLd(en).filter((node) => node['@type'] === 'CreativeWork');
    assert.ok(work!.image.length > 0);
    for (const image of work!.image) assert.deepEqual([image['@type'], image.creditText, image.creator.name], ['ImageObject', 'Ana Reyes', 'Ana Reyes']);
  });
});
