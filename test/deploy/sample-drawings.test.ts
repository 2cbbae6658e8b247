import { translationName } from '../../src/catalog/translations.js';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { splitFrontMatter } from '../../src/catalog/front-matter.js';
import type { ProjectFile } from '../../src/catalog/content-schemas.js';
import { SAMPLE_PROJECTS } from '../../deploy/drawings/projects/index.js';
import { SHEET } from '../../deploy/drawings/sheet.js';

// The sample firm's drawings: deploy/sample-drawings.ts run as prepare runs it, into copies of the content
// folder. Two runs give the same bytes; every sample project gets its drawings, declared in its front matter
// with alt text; each SVG is read by sharp at the sheet's 3:2 size; git ignores what it writes.

const run = (contentDir: string): string =>
  execFileSync(process.execPath, ['--import', 'tsx', 'deploy/sample-drawings.ts', contentDir], { encoding: 'utf8' });

/** A content folder with the sample projects' Markdown (or only `keep` of them). */
function contentCopy(keep?: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'studio-drawings-'));
  mkdirSync(join(dir, 'projects'));
  for (const name of readdirSync('content/projects').filter((n) => n.endsWith('.md'))) {
    if (!keep || keep.includes(name)) copyFileSync(join('content/projects', name), join(dir, 'projects', name));
  }
  return dir;
}

const svgFiles = (dir: string): string[] => readdirSync(join(dir, 'projects'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.svg')).sort();

describe('sample drawings', () => {
  const dirs: string[] = [];
  let first: string;
  let second: string;

  before(() => {
    [first, second] = [contentCopy(), contentCopy()];
    dirs.push(first, second);
    const out = run(first);
    console.log(out.trim());
    run(second);
  });
  after(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

  it('is deterministic: two runs write the same files with the same bytes', () => {
    const files = svgFiles(first);
    assert.deepEqual(svgFiles(second), files);
    for (const file of files) assert.ok(readFileSync(join(first, 'projects', file)).equals(readFileSync(join(second, 'projects', file))), file);
  });

  it('draws every sample project, and every project declares a cover and gallery with alt text that the generator writes', () => {
    const written = new Set(svgFiles(first));
    // The originals: a translation (<slug>.es.md) shares its original's drawings.
    const markdown = readdirSync('content/projects').filter((n) => n.endsWith('.md') && !translationName(n));
    assert.deepEqual(SAMPLE_PROJECTS.map((p) => `${p.slug}.md`).sort(), markdown.sort(), 'a drawing set per sample project');
    for (const name of markdown) {
      const fields = splitFrontMatter(readFileSync(join('content/projects', name), 'utf8')).data as ProjectFile;
      assert.ok(fields.cover, `${name}: cover`);
      for (const image of [fields.cover, ...(fields.gallery ?? [])]) {
        assert.ok(written.has(image.file), `${name}: ${image.file} is written by the generator`);
        assert.ok(image.alt.trim().length >= 40, `${name}: ${image.file} has alt text that describes it`);
      }
      assert.equal(1 + (fields.gallery?.length ?? 0), 3, `${name}: three drawings`);
    }
  });

  it('writes SVG that sharp reads at the sheet size, 3:2', async () => {
    assert.equal(SHEET.width * 2, SHEET.height * 3);
    for (const file of svgFiles(first)) {
      const meta = await sharp(join(first, 'projects', file)).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['svg', SHEET.width, SHEET.height], file);
    }
  });

  it('writes nothing for a project whose Markdown is gone (a firm that replaced the samples)', () => {
    const only = contentCopy(['aspen-ranch-house.md']);
    dirs.push(only);
    run(only);
    assert.deepEqual(svgFiles(only).map((f) => f.split('/')[0]), ['aspen-ranch-house', 'aspen-ranch-house', 'aspen-ranch-house']);
    const none = contentCopy([]);
    dirs.push(none);
    run(none);
    assert.deepEqual(svgFiles(none), []);
  });

  it('git ignores the generated files in the repository', () => {
    run('content');
    const files = svgFiles('content').map((f) => join('content/projects', f));
    assert.equal(files.length, SAMPLE_PROJECTS.reduce((n, p) => n + p.drawings.length, 0));
    const ignored = execFileSync('git', ['check-ignore', ...files], { encoding: 'utf8' }).trim().split('\n');
    assert.deepEqual(ignored.map((f) => relative('.', f)).sort(), files.sort());
    assert.equal(execFileSync('git', ['ls-files', 'content/projects/*/'], { encoding: 'utf8' }), '', 'none is tracked');
  });
});
