import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Inquiry } from '../src/contract/inquiry.js';
import { validatorOf } from '../src/contract/validator.js';

// The README is the newcomer's first contract: its inquiry table and example must match the schema,
// every variable the configuration reads must be in its table, and it must not send the reader
// to files outside the repository.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const configSource = readFileSync(new URL('../src/config.ts', import.meta.url), 'utf8');

function inquiryTable(): Map<string, { required: string; values: string }> {
  const start = readme.indexOf('The fields of an `Inquiry`');
  assert.ok(start >= 0, 'README has the table of inquiry fields');
  const rows = new Map<string, { required: string; values: string }>();
  for (const line of readme.slice(start).split('\n').slice(1)) {
    if (line.trim() === '') { if (rows.size > 0) break; continue; }
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    const field = /^`(\w+)`$/.exec(cells[0] ?? '')?.[1];
    if (field) rows.set(field, { required: cells[1]!, values: cells[2]! });
  }
  return rows;
}

test('the README lists every inquiry field, whether it is required, its enum values and its limits', () => {
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

test('the README\'s first inquiry example is a valid Inquiry', () => {
  const example = /curl -i [^\n]*\/api\/v1\/contact[^\n]* -d '([^']*)'/.exec(readme)?.[1];
  assert.ok(example, 'README has a curl example for POST /api/v1/contact');
  const validate = validatorOf(Inquiry);
  assert.ok(validate(JSON.parse(example)), JSON.stringify(validate.errors));
});

test('every environment variable the configuration reads is in the README\'s configuration table', () => {
  const read = new Set([...configSource.matchAll(/\(\s*'([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!));
  assert.ok(read.size > 10, 'found the variables read in src/config.ts');
  for (const name of read) assert.match(readme, new RegExp(`^\\| \`${name}\` \\|`, 'm'), `${name} is documented`);
});

test('the README points at nothing outside the repository', () => {
  assert.doesNotMatch(readme, /\.\.\/shared|\(\.\.\//);
});
