import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Inquiry } from '../../src/contract/inquiry.js';
import { validatorOf } from '../../src/contract/validator.js';

// The README and docs/ are the newcomer's first contract: the inquiry table and example must match the
// schema, every variable the configuration reads must be in the configuration table, the README must stay
// short enough to read, and no link may send the reader to a file or heading that is not there, nor out of
// the repository.
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const configurationDoc = read('docs/configuration.md');
const inquiriesDoc = read('docs/inquiries.md');
const documents = ['README.md', 'bench/README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Every file the configuration lives in: the sections of `src/config/`. */
function configSources(): string[] {
  return readdirSync(join(root, 'src/config')).filter((name) => name.endsWith('.ts')).map((name) => read(`src/config/${name}`));
}

function inquiryTable(): Map<string, { required: string; values: string }> {
  const start = inquiriesDoc.indexOf('The fields of an `Inquiry`');
  assert.ok(start >= 0, 'docs/inquiries.md has the table of inquiry fields');
  const rows = new Map<string, { required: string; values: string }>();
  for (const line of inquiriesDoc.slice(start).split('\n').slice(1)) {
    if (line.trim() === '') { if (rows.size > 0) break; continue; }
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    const field = /^`(\w+)`$/.exec(cells[0] ?? '')?.[1];
    if (field) rows.set(field, { required: cells[1]!, values: cells[2]! });
  }
  return rows;
}

/** The text outside fenced code blocks, line by line (a `#` in a shell block is no heading). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) { fenced = !fenced; return false; }
    return !fenced;
  });
}

/** GitHub's anchors: lower case, punctuation but '-' and '_' dropped, each space a '-', repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const text = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (text === undefined) continue;
    const slug = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of the inline links of a document, code blocks and code spans left out. */
function linkTargets(markdown: string): string[] {
  const prose = proseLines(markdown).join('\n').replace(/`[^`]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

test('the inquiry docs list every inquiry field, whether it is required, its enum values and its limits', () => {
  const rows = inquiryTable();
  const properties = Inquiry.properties as Record<string, { enum?: string[]; minLength?: number; maxLength?: number }>;
  assert.deepEqual([...rows.keys()].sort(), Object.keys(properties).sort());
  for (const [field, schema] of Object.entries(properties)) {
    const row = rows.get(field)!;
    assert.equal(row.required, (Inquiry.required as readonly string[]).includes(field) ? 'yes' : 'no', `${field}: required`);
    for (const value of schema.enum ?? []) assert.ok(row.values.includes(`\`${value}\``), `${field}: lists ${value}`);
    for (const limit of [schema.minLength, schema.maxLength]) {
      if (limit !== undefined) assert.ok(row.values.includes(String(limit)), `${field}: states the limit ${limit}`);
    }
  }
});

test('the inquiry docs\' first inquiry example is a valid Inquiry', () => {
  const example = /curl -i [^\n]*\/api\/v1\/contact[^\n]* -d '([^']*)'/.exec(inquiriesDoc)?.[1];
  assert.ok(example, 'docs/inquiries.md has a curl example for POST /api/v1/contact');
  const validate = validatorOf(Inquiry);
  assert.ok(validate(JSON.parse(example)), JSON.stringify(validate.errors));
});

test('every environment variable the configuration reads is in the configuration table', () => {
  const names = new Set(configSources().flatMap((source) => [...source.matchAll(/\(\s*'([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!)));
  assert.ok(names.size > 10, 'found the variables read in src/config/');
  for (const name of names) assert.match(configurationDoc, new RegExp(`^\\| \`${name}\` \\|`, 'm'), `${name} is documented`);
});

test('the README points at nothing outside the repository', () => {
  assert.doesNotMatch(readme, /\.\.\/shared|\(\.\.\//);
});

test('the README is at most 200 lines and starts the reader with the two quick-start commands', () => {
  const lines = readme.endsWith('\n') ? readme.split('\n').length - 1 : readme.split('\n').length;
  assert.ok(lines <= 200, `README.md has ${lines} lines`);
  assert.ok(readme.includes('npm ci && npm start'), 'README has `npm ci && npm start`');
  assert.ok(readme.includes('npm ci && npm test'), 'README has `npm ci && npm test`');
});

test('every relative link of the README, docs/ and bench/README.md reaches a file, and a heading in it', () => {
  for (const document of documents) {
    const text = read(document);
    assert.doesNotMatch(text, /\.\.\/shared/, `${document} points at ../shared`);
    for (const target of linkTargets(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? join(root, document) : resolve(dirname(join(root, document)), decodeURIComponent(path));
      assert.ok(!relative(root, file).startsWith('..'), `${document}: ${target} leaves the repository`);
      assert.ok(existsSync(file), `${document}: ${target} names no file`);
      if (anchor !== undefined) assert.ok(headingAnchors(readFileSync(file, 'utf8')).has(anchor), `${document}: ${target} names no heading`);
    }
  }
});

/** Whether a repository path exists; a `*` in its last part matches any run of characters in a name there. */
function pathExists(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(root, path));
  const folder = dirname(path);
  const name = new RegExp(`^${path.slice(folder.length + 1).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return existsSync(join(root, folder)) && readdirSync(join(root, folder)).some((entry) => name.test(entry));
}

test('every file of the repository the README, docs/ and bench/README.md name in code (`src/…`, `test/…`) is there', () => {
  for (const document of documents) {
    const named = [...read(document).matchAll(/`((?:src|test|bench|deploy)\/[^`\s:#]+)/g)].map((match) => match[1]!);
    // A path with a placeholder (`src/agent-tools/<name>.ts`) names where a file would go, not a file.
    for (const path of named.filter((path) => !path.includes('<'))) assert.ok(pathExists(path.replace(/\/$/, '')), `${document} names \`${path}\`, which is not in the repository`);
  }
});
