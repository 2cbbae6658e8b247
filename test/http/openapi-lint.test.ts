import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The served /openapi.json through the two linters of the field, with the rulesets committed at the
// root (redocly.yaml: `recommended`; .spectral.yaml: `spectral:oas`): no error and no warning.

const bin = (name: string) => join('node_modules', '.bin', name);
// Offline and quiet: no usage report, no update check.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

interface Finding { severity: 'error' | 'warning' | 'other'; rule: string; where: string; message: string }

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  // A linter that finds problems exits non-zero; its findings are read from its output either way.
  return new Promise((resolve) => {
    execFile(command, args, { env, maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }, (_error, stdout, stderr) => resolve({ stdout, stderr }));
  });
}

async function redocly(file: string): Promise<{ findings: Finding[]; output: string }> {
  const { stdout, stderr } = await run(bin('redocly'), ['lint', file, '--config', 'redocly.yaml', '--format', 'json']);
  const start = stdout.indexOf('{');
  assert.ok(start >= 0, `Redocly printed no JSON report:\n${stdout}\n${stderr}`);
  const report = JSON.parse(stdout.slice(start)) as { problems: Array<{ severity: string; ruleId: string; message: string; location: Array<{ pointer?: string }> }> };
  const findings = report.problems.map((p): Finding => ({
    severity: p.severity === 'error' ? 'error' : p.severity === 'warn' ? 'warning' : 'other',
    rule: p.ruleId, where: p.location[0]?.pointer ?? '', message: p.message,
  }));
  return { findings, output: `${stdout}\n${stderr}` };
}

async function spectral(file: string, dir: string): Promise<{ findings: Finding[]; output: string }> {
  const results = join(dir, `spectral-${Date.now()}.json`);
  const { stdout, stderr } = await run(bin('spectral'), ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--output', results]);
  let report: Array<{ severity: number; code: string; message: string; path: string[] }>;
  try {
    report = JSON.parse(readFileSync(results, 'utf8'));
  } catch {
    assert.fail(`Spectral wrote no JSON report:\n${stdout}\n${stderr}`);
  }
  // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
  const findings = report.map((r): Finding => ({
    severity: r.severity === 0 ? 'error' : r.severity === 1 ? 'warning' : 'other',
    rule: r.code, where: r.path.join('.'), message: r.message,
  }));
  return { findings, output: `${stdout}\n${stderr}\n${JSON.stringify(report, null, 2)}` };
}

function assertClean(linter: string, { findings, output }: { findings: Finding[]; output: string }): void {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  const list = findings.map((f) => `  ${f.severity} ${f.rule} at ${f.where}: ${f.message}`).join('\n');
  assert.ok(errors === 0 && warnings === 0, `${linter}: ${errors} error(s), ${warnings} warning(s):\n${list}\n--- output ---\n${output}`);
}

describe('the OpenAPI document passes Redocly (recommended) and Spectral (spectral:oas)', () => {
  const suite = suiteScope();
  let server: TestServer;
  let dir: string;
  let document: Record<string, any>;
  let file: string;

  before(async () => {
    server = await startServer(suite);
    const response = await fetch(`${server.url}/openapi.json`);
    assert.equal(response.status, 200);
    document = await response.json() as Record<string, any>;
    dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('Redocly CLI reports no error and no warning', async () => {
    assertClean('Redocly', await redocly(file));
  });

  it('Spectral reports no error and no warning', async () => {
    assertClean('Spectral', await spectral(file, dir));
  });

  it('both report a defect planted in the same document (the check can fail)', async () => {
    const planted = structuredClone(document);
    delete planted.paths['/api/v1/projects'].get.description;
    delete planted.tags;
    delete planted.info.license.url;
    const plantedFile = join(dir, 'planted.json');
    writeFileSync(plantedFile, JSON.stringify(planted));
    const rules = (findings: Finding[]) => new Set(findings.map((f) => f.rule));
    assert.ok(rules((await redocly(plantedFile)).findings).has('info-license-strict'), 'Redocly did not report the license without a URL');
    const spectralRules = rules((await spectral(plantedFile, dir)).findings);
    assert.ok(spectralRules.has('operation-description') && spectralRules.has('operation-tag-defined'), 'Spectral did not report the planted defects');
  });
});
