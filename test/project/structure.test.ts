import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';
import type { ICruiseResult, IViolation } from 'dependency-cruiser';

// The structure rules of .dependency-cruiser.cjs (no import cycle, use cases free of frameworks and
// surfaces, protocols free of Fastify, adapters reached only from the composition root, …), held over
// src/ by the checker itself; and the proof that the checker can fail, on a fixture breaking each rule.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/structure/', import.meta.url));
const CONFIG = `${ROOT}.dependency-cruiser.cjs`;
const DEPCRUISE = `${ROOT}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;

/**
 * The checker's command, as `npx depcruise src` runs it, in a process of its own: under tsx's module
 * loader, the checker's import of swc's Visitor gets the class where it expects the module, and parses nothing.
 */
async function violationsIn(baseDir: string): Promise<string[]> {
  const run = promisify(execFile)(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], {
    cwd: baseDir, maxBuffer: 64 * 1024 * 1024,
  });
  const { stdout } = await run;
  const result = JSON.parse(stdout) as ICruiseResult;
  return result.summary.violations.map(describe);
}

/** `rule-name: from -> to`; a cycle names every module on it, an orphan only itself. */
function describe(violation: IViolation): string {
  const { name } = violation.rule;
  if (violation.cycle) return `${name}: ${[violation.from, ...violation.cycle.map((step) => step.name)].join(' -> ')}`;
  if (violation.from === violation.to) return `${name}: ${violation.from}`;
  return `${name}: ${violation.from} -> ${violation.to}`;
}

test('src/ keeps every structure rule of .dependency-cruiser.cjs', async () => {
  const violations = await violationsIn(ROOT);
  assert.equal(violations.length, 0, `broken structure rules (.dependency-cruiser.cjs says why each holds):\n${violations.join('\n')}`);
});

test('the checker fails, naming the rule, on a tree that breaks each rule once', async () => {
  // The fixture resolves its packages from the repository's node_modules, three folders up.
  const violations = (await violationsIn(FIXTURE)).map((violation) => violation.replaceAll('../../../node_modules/', 'node_modules/'));
  const broken = (rule: string) => violations.filter((violation) => violation.startsWith(`${rule}: `));
  assert.deepEqual(broken('no-circular'), ['no-circular: src/inbox/actions.ts -> src/inbox/list-page.ts -> src/inbox/actions.ts']);
  assert.deepEqual(broken('use-cases-no-framework'), ['use-cases-no-framework: src/inquiries/submit.ts -> node_modules/fastify/fastify.js']);
  assert.deepEqual(broken('notifiers-no-framework'), ['notifiers-no-framework: src/inquiries/notifiers/smtp.ts -> node_modules/kysely/dist/index.js']);
  assert.deepEqual(broken('protocol-no-fastify'), ['protocol-no-fastify: src/mcp/tools.ts -> node_modules/fastify/fastify.js']);
  assert.deepEqual(broken('no-deeper-internals').sort(), [
    'no-deeper-internals: src/web/page.ts -> src/store/inbox-store.ts',
    'no-deeper-internals: src/web/page.ts -> src/store/schema.ts',
  ]);
  assert.deepEqual(broken('store-plumbing-stays-in-store'), ['store-plumbing-stays-in-store: src/web/page.ts -> src/store/schema.ts']);
  assert.deepEqual(broken('web-not-to-protocols'), ['web-not-to-protocols: src/web/webmcp-tools.ts -> src/mcp/tools.ts']);
  assert.deepEqual(broken('agent-tools-no-surface'), ['agent-tools-no-surface: src/agent-tools/get-project.ts -> src/web/page.ts']);
  assert.deepEqual(broken('whole-config-at-the-root'), ['whole-config-at-the-root: src/web/page.ts -> src/config/load.ts']);
  assert.deepEqual(broken('src-not-to-test'), ['src-not-to-test: src/web/page.ts -> test/helper.ts']);
  assert.deepEqual(broken('no-orphans'), ['no-orphans: src/orphan.ts']);
  assert.deepEqual(broken('not-to-unresolvable'), ['not-to-unresolvable: src/main.ts -> ./missing.js']);
  const rules = new Set(violations.map((violation) => violation.slice(0, violation.indexOf(':'))));
  assert.deepEqual([...rules].sort(), [
    'agent-tools-no-surface', 'no-circular', 'no-deeper-internals', 'no-orphans', 'not-to-unresolvable', 'notifiers-no-framework',
    'protocol-no-fastify', 'src-not-to-test', 'store-plumbing-stays-in-store', 'use-cases-no-framework',
    'web-not-to-protocols', 'whole-config-at-the-root',
  ]);
});
