import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

describe('the deprecated alias POST /api/contact', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  function assertDeprecated(response: Response, what: string): void {
    assert.match(response.headers.get('deprecation') ?? '', /^@\d+$/, what);
    assert.ok(!Number.isNaN(Date.parse(response.headers.get('sunset') ?? '')), what);
    assert.match(response.headers.get('link') ?? '', /rel="deprecation"/, what);
    assert.match(response.headers.get('link') ?? '', /rel="service-desc"/, `${what}: the discovery links stay`);
  }

  it('sends Deprecation, Sunset and the deprecation link on every answer of its path, not only on POST', async () => {
    const url = `${server.url}/api/contact`;
    const wrongMethod = await fetch(url, { method: 'GET' });
    assert.equal(wrongMethod.status, 405);
    assertDeprecated(wrongMethod, 'GET (405)');
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: server.url, 'Access-Control-Request-Method': 'POST' } });
    assert.equal(preflight.status, 204);
    assertDeprecated(preflight, 'preflight');
    const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    assert.equal(refused.status, 415);
    assertDeprecated(refused, 'POST text/plain (415)');
  });

  it('leaves the versioned path without them', async () => {
    const response = await fetch(`${server.url}/api/v1/contact`, { method: 'GET' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('deprecation'), null);
    assert.equal(response.headers.get('sunset'), null);
  });
});
