import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { conformanceViolations, findOperation } from '../helpers/openapi-conformance.js';

// The suite-wide conformance check itself (test/helpers/conformance-preload.ts, loaded by `npm test`):
// what it calls a violation, and that a violation fails the test that made the request.

const operation = {
  responses: {
    200: { description: 'ok', headers: { 'RateLimit-Limit': {}, ETag: {} }, content: { 'application/json': {} } },
    304: { description: 'not modified', headers: { ETag: {} } },
    '4XX': { description: 'refused', content: { 'application/problem+json': {} } },
  },
};

const answer = (status: number, headers: Record<string, string>, method = 'GET') => ({ status, headers: new Headers(headers), method });

describe('conformance of one response to its operation', () => {
  it('accepts declared statuses, media types and headers, and the origin\'s global headers', () => {
    const headers = {
      'content-type': 'application/json; charset=utf-8', 'ratelimit-limit': '60', etag: '"x"', 'x-request-id': 'id', link: '<a>; rel="b"',
      'content-security-policy': "default-src 'none'", 'access-control-allow-origin': '*', vary: 'Origin', date: 'now', 'content-length': '2',
    };
    assert.deepEqual(conformanceViolations(operation, answer(200, headers)), []);
    assert.deepEqual(conformanceViolations(operation, answer(304, { etag: '"x"' })), []);
    assert.deepEqual(conformanceViolations(operation, answer(404, { 'content-type': 'application/problem+json' })), [], '4XX covers 404');
  });

  it('names an undeclared status, media type and header', () => {
    assert.deepEqual(conformanceViolations(operation, answer(500, {})), ['status 500 is not declared']);
    assert.deepEqual(conformanceViolations(operation, answer(200, { 'content-type': 'text/html' })),
      ['media type text/html is not declared (declared: application/json)']);
    assert.deepEqual(conformanceViolations(operation, answer(304, { etag: '"x"', 'retry-after': '5' })), ['header retry-after is not declared']);
    assert.deepEqual(conformanceViolations(operation, answer(200, { 'content-length': '2' })), ['a body without Content-Type']);
    assert.deepEqual(conformanceViolations(operation, answer(200, { 'content-type': 'application/json' }, 'HEAD')), [], 'HEAD has no body');
  });

  it('finds the operation by path template, ignoring one trailing slash', () => {
    const document = { paths: { '/a/{id}': { get: { operationId: 'one' } }, '/a.json': { get: { operationId: 'two' } } } };
    assert.equal(findOperation(document, 'GET', '/a/42')?.operationId, 'one');
    assert.equal(findOperation(document, 'GET', '/a/42/')?.operationId, 'one');
    assert.equal(findOperation(document, 'POST', '/a/42'), undefined);
    assert.equal(findOperation(document, 'GET', '/a/42/b'), undefined);
    assert.equal(findOperation(document, 'GET', '/aXjson'), undefined, 'a dot in a path is literal');
  });
});

describe('the preload', () => {
  it('fails the test whose request broke the document, naming method, path, status and header', () => {
    // Without the runner's marker, which would make the child skip its files as a recursive run.
    const { NODE_TEST_CONTEXT: _runner, ...env } = process.env;
    const run = spawnSync(process.execPath, [
      '--import', 'tsx', '--import', './test/helpers/conformance-preload.ts', '--test', '--test-reporter=tap', 'test/fixtures/conformance-violation.ts',
    ], { encoding: 'utf8', timeout: 60_000, env });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 1, output);
    assert.match(output, /not ok 1 - undeclared header/, output);
    assert.match(output, /GET \/thing answered 200: header x-secret is not declared/, output);
    assert.match(output, /^ok 2 - conformant answer/m, output);
    assert.match(output, /not ok 3 - undeclared status/, output);
    assert.match(output, /GET \/thing answered 418: status 418 is not declared/, output);
  });
});
