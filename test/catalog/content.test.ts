import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalog } from '../../src/catalog/load.js';
import { catalogIn } from '../../src/catalog/catalog.js';
import { spawnServer } from '../helpers/service-process.js';

const GOOD_PROJECT = '---\ntitle: Test House\nregion: miami\nscope: [Architecture]\n---\nBody.\n';

describe('content catalog', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'studio-content-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of the shipped content with one file replaced. */
  function contentWith(relativePath: string, text: string): string {
    const copy = mkdtempSync(join(dir, 'c-'));
    cpSync('content', copy, { recursive: true });
    writeFileSync(join(copy, relativePath), text);
    return copy;
  }

  async function problemOf(relativePath: string, text: string): Promise<string> {
    await assert.rejects(loadCatalog(contentWith(relativePath, text)), (error: Error) => {
      assert.equal(error.name, 'ContentError');
      assert.ok(error.message.includes(relativePath), error.message);
      return true;
    });
    return (await loadCatalog(contentWith(relativePath, text)).catch((e: Error) => e.message)) as string;
  }

  it('loads the shipped sample firm: projects in every region, services with capabilities, pages', async () => {
    const catalog = await loadCatalog('content');
    assert.ok(catalog.projects.length >= 8);
    for (const region of ['miami', 'hamptons', 'other']) assert.ok(catalog.projects.some((p) => p.region === region), region);
    assert.ok(catalog.projects.every((p) => (p.scope ?? []).length > 0));
    assert.ok(catalog.services.length >= 5);
    assert.ok(catalog.services.every((s) => typeof s.capabilities === 'string'));
    assert.ok(Object.isFrozen(catalog.projects) && Object.isFrozen(catalog.projects[0]));
  });

  it('names the file, the field and the problem for a bad front matter', async () => {
    assert.match(await problemOf('projects/bad.md', '---\nregion: miami\n---\nx'), /field "title".*missing/);
    assert.match(await problemOf('projects/bad.md', '---\ntitle: T\nregion: mars\n---\nx'), /field "region": must be one of miami, hamptons, other \(got "mars"\)/);
    assert.match(await problemOf('projects/bad.md', '---\ntitle: T\nregion: miami\nscope: Architecture\n---\nx'), /field "scope".*array/i);
    assert.match(await problemOf('services/bad.md', '---\ntitle: T\ncapabilities: [a, b]\n---\nx'), /field "capabilities".*string/i);
    assert.match(await problemOf('projects/bad.md', '---\ntitle: T\nregion: miami\ncolour: red\n---\nx'), /field "colour": unknown property/);
    assert.match(await problemOf('projects/bad.md', 'no front matter here'), /front-matter/);
    assert.match(await problemOf('projects/Bad_Name.md', GOOD_PROJECT), /slug/);
  });

  it('reads every sample project\'s facts, the services it shows among the services, and none in the translations', async () => {
    const catalog = await loadCatalog('content');
    const services = new Set(catalog.services.map((s) => s.slug));
    for (const project of catalog.projects) {
      assert.ok(project.year && project.status && project.size_sqft && project.work?.length && project.team?.length, project.slug);
      assert.ok(project.services?.length && project.services.every((slug) => services.has(slug)), project.slug);
      assert.equal(project.photographer, undefined, 'the sample images are drawings: no photographer is credited');
    }
    // The Spanish catalog carries the originals' facts, over its own words.
    const es = catalog.inLanguage.es.projects.find((p) => p.slug === 'grove-courtyard-house')!;
    assert.equal(es.language, 'es');
    assert.deepEqual([es.size_sqft, es.status, es.work, es.services], [4800, 'completed', ['new-house', 'interior', 'garden'], ['architecture', 'interior-design', 'landscape-design', 'construction']]);
  });

  it('reads a photographer\'s credit and the facts a project may leave out', async () => {
    const project = '---\ntitle: Photographed House\nregion: miami\nstatus: in-design\nwork: [interior]\nphotographer: "Ana Reyes"\n---\nBody.\n';
    const catalog = await loadCatalog(contentWith('projects/photographed-house.md', project));
    const entry = catalog.projects.find((p) => p.slug === 'photographed-house')!;
    assert.deepEqual([entry.photographer, entry.status, entry.work, entry.size_sqft, entry.team, entry.services], ['Ana Reyes', 'in-design', ['interior'], undefined, undefined, undefined]);
  });

  it('names the file and the field of a bad project fact', async () => {
    const fact = (lines: string) => `---\ntitle: T\nregion: miami\n${lines}\n---\nx`;
    assert.match(await problemOf('projects/bad.md', fact('status: finished')), /field "status": must be one of completed, under-construction, in-design/);
    assert.match(await problemOf('projects/bad.md', fact('size_sqft: 4800.5')), /field "size_sqft"/);
    assert.match(await problemOf('projects/bad.md', fact('size_sqm: 446')), /field "size_sqm": unknown property/);
    assert.match(await problemOf('projects/bad.md', fact('work: [pool]')), /field "work\.0": must be one of new-house, renovation, garden, interior/);
    assert.match(await problemOf('projects/bad.md', fact('team: [{role: wizard, name: Ana}]')), /field "team\.0\.role": must be one of architect/);
    assert.match(await problemOf('projects/bad.md', fact('team: [{role: architect}]')), /field "team\.0\.name".*missing/);
    assert.match(await problemOf('projects/bad.md', fact('photographer: "  "')), /field "photographer"/);
    assert.match(await problemOf('projects/bad.md', fact('services: [architecture, gardening]')), /field "services\.1": there is no services\/gardening\.md/);
    // A translation carries words only: a fact there is refused, so it is written once.
    const translation = readFileSync('content/projects/grove-courtyard-house.es.md', 'utf8').replace('---\n', '---\nstatus: completed\n');
    assert.match(await problemOf('projects/grove-courtyard-house.es.md', translation), /field "status": unknown property/);
  });

  it('reads the sample studio\'s consultations, and names the field of a bad schedule in site.yaml', async () => {
    const { consultations } = await loadCatalog('content');
    assert.deepEqual(consultations?.kinds.map((kind) => [kind.slug, kind.durationMinutes]), [['introductory-call', 30], ['studio-meeting', 60]]);
    assert.deepEqual([...consultations!.hours.keys()], [1, 2, 3, 4, 5], 'Monday to Friday');
    const site = readFileSync('content/site.yaml', 'utf8');
    // The offices have hours of the same shape: change the consultations' own.
    const consultationsMonday = (hours: string) => site.replace(/(\nconsultations:[^]*?)monday: \["09:00-17:00"\]/, `$1monday: ${hours}`);
    assert.match(await problemOf('site.yaml', consultationsMonday('["17:00-09:00"]')), /consultations\.hours\.monday\.0.*ends before it starts/);
    assert.match(await problemOf('site.yaml', consultationsMonday('["9am-5pm"]')), /field "consultations\.hours\.monday\.0"/);
    assert.match(await problemOf('site.yaml', site.replace('duration_minutes: 30', 'duration_minutes: 0')), /field "consultations\.types\.0\.duration_minutes"/);
    assert.match(await problemOf('site.yaml', site.replace('place: "phone"', 'place: "zoom"')), /field "consultations\.types\.0\.place"/);
  });

  it('never evaluates code in front matter: a JavaScript front-matter block is refused, not run', async () => {
    // What gray-matter's "js" engine would evaluate: the title expression sets a global as it runs.
    const evil = "---js\n({ title: (globalThis.pwned = true, 'T'), region: 'miami' })\n---\nbody";
    assert.match(await problemOf('projects/evil.md', evil), /front-matter/);
    assert.equal((globalThis as { pwned?: boolean }).pwned, undefined, 'the front matter was evaluated');
  });

  it('refuses a YAML custom tag, naming the tag problem', async () => {
    const message = await problemOf('projects/evil.md', '---\ntitle: !!js/function "function(){ globalThis.pwned = true }"\nregion: miami\n---\nx');
    assert.match(message, /tag/i);
    assert.match(message, /js\/function/);
    assert.equal((globalThis as { pwned?: boolean }).pwned, undefined);
  });

  it('stops the service start with the file name and the problem, exit code 1', { timeout: 30_000 }, async (t) => {
    const content = contentWith('projects/broken.md', '---\ntitle: T\nregion: atlantis\n---\nx');
    const service = await spawnServer(t, { CONTENT_DIR: content, DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, LOG_LEVEL: 'silent' }, { waitForReady: false });
    assert.equal(await service.exitCode(), 1);
    const stderr = service.stderr();
    assert.match(stderr, /projects\/broken\.md/);
    assert.match(stderr, /field "region"/);
    assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace for a content problem');
  });

  describe('translations beside their originals', () => {
    it('reads every language: translated entries carry their words and say so, the others keep the original\'s, facts are shared', async () => {
      const catalog = await loadCatalog('content');
      const es = catalogIn(catalog, 'es');
      assert.equal(es.language, 'es');
      assert.equal(catalogIn(es, 'en'), catalog, 'each catalog names the others');
      const grove = es.projects.find((p) => p.slug === 'grove-courtyard-house')!;
      const original = catalog.projects.find((p) => p.slug === 'grove-courtyard-house')!;
      assert.equal(grove.language, 'es');
      assert.notEqual(grove.title, original.title);
      assert.notEqual(grove.body, original.body);
      assert.equal(grove.region, original.region);
      assert.equal(grove.year, original.year);
      assert.deepEqual(grove.images.map((i) => i.variants), original.images.map((i) => i.variants), 'the same pictures');
      assert.notEqual(grove.images[0]!.alt, original.images[0]!.alt, 'described in Spanish');
      assert.deepEqual(es.projects.map((p) => p.slug), catalog.projects.map((p) => p.slug), 'the same order');
      assert.notEqual(es.site.tagline, catalog.site.tagline);
      assert.equal(es.site.email, catalog.site.email);

      const copy = contentWith('projects/grove-courtyard-house.es.md', '---\ntitle: Casa\n---\nTexto.\n');
      rmSync(join(copy, 'services/architecture.es.md'));
      const partial = catalogIn(await loadCatalog(copy), 'es');
      const service = partial.services.find((s) => s.slug === 'architecture')!;
      assert.equal(service.language, 'en', 'without a translation, the English words');
      assert.equal(partial.projects.find((p) => p.slug === 'grove-courtyard-house')!.images[0]!.alt, original.images[0]!.alt, 'alt text not translated stays');
    });

    it('refuses a fact in a translation, a translation without its original, a language the site does not speak, and images that do not match', async () => {
      assert.match(await problemOf('projects/grove-courtyard-house.es.md', '---\ntitle: Casa\nregion: miami\n---\nTexto.\n'), /field "region": unknown property/);
      assert.match(await problemOf('projects/nowhere.es.md', '---\ntitle: Casa\n---\nTexto.\n'), /translates nowhere\.md, which is not in the folder/);
      assert.match(await problemOf('projects/grove-courtyard-house.fr.md', '---\ntitle: Maison\n---\nTexte.\n'), /"fr" is not a language the site speaks/);
      assert.match(await problemOf('projects/grove-courtyard-house.es.md', '---\ntitle: Casa\ngallery: [{alt: a}, {alt: b}, {alt: c}]\n---\nTexto.\n'),
        /field "gallery": the original has 2 images/);
      assert.match(await problemOf('projects/grove-courtyard-house.es.md', '---\ntitle: Casa\ncover: {file: grove-courtyard-house/section.svg, alt: Planta}\n---\nTexto.\n'),
        /field "cover\.file": the original's image here is another file/);
      assert.match(await problemOf('site.es.yaml', 'tagline: Casas\ndescription: Un estudio\nemail: x@y.z\n'), /field "email": unknown property/);
      // The file named must be the original's, not one whose path merely ends the same way.
      assert.match(await problemOf('projects/grove-courtyard-house.es.md', '---\ntitle: Casa\ncover: {file: plan.svg, alt: Planta}\n---\nTexto.\n'),
        /field "cover\.file": the original's image here is another file/);
      assert.match(await problemOf('pages/about.en.md', '---\ntitle: About\n---\nText.\n'), /en is the original's language/);
      // A translation's words keep the original's rules: alt text is at most 300 characters there too.
      assert.match(await problemOf('projects/grove-courtyard-house.es.md', `---\ntitle: Casa\ncover: {alt: "${'a'.repeat(301)}"}\n---\nTexto.\n`),
        /field "cover\.alt"/);
      const siteWords = 'tagline: Casas\ndescription: Un estudio\n';
      assert.match(await problemOf('site.es.yaml', `${siteWords}offices: [{note: a}, {note: b}, {note: c}]\n`), /field "offices": site\.yaml has 2 offices/);
      assert.match(await problemOf('site.es.yaml', `${siteWords}consultation_types: [{slug: coffee, title: Café, description: Un café}]\n`),
        /field "consultation_types\.0\.slug": site\.yaml offers no consultation "coffee"/);
    });
  });
});
