import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

const PARTNER = 'https://partner.example';
const STRANGER = 'https://stranger.example';

describe('CORS', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite, { ALLOWED_ORIGINS: PARTNER }); });

  function preflight(path: string, origin: string, method = 'POST'): Promise<Response> {
    return fetch(server.url + path, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'content-type' },
    });
  }

  for (const path of ['/api/v1/contact', '/api/contact', '/mcp', '/a2a']) {
    it(`${path}: a preflight from an allowed origin is granted to that origin only`, async () => {
      for (const origin of [PARTNER, server.url]) {
        const response = await preflight(path, origin);
        assert.equal(response.status, 204);
        assert.equal(response.headers.get('access-control-allow-origin'), origin);
        assert.match(response.headers.get('vary') ?? '', /Origin/i);
        assert.match(response.headers.get('access-control-allow-methods') ?? '', /POST/);
      }
    });

    it(`${path}: a preflight from another origin is not granted`, async () => {
      const response = await preflight(path, STRANGER);
      assert.equal(response.headers.get('access-control-allow-origin'), null);
    });
  }

  it('reads, documents and their preflights are open to any origin', async () => {
    for (const path of ['/api/v1/projects', '/openapi.json', '/.well-known/mcp/server-card.json', '/.well-known/agent-card.json']) {
      const read = await fetch(server.url + path, { headers: { Origin: STRANGER } });
      assert.equal(read.headers.get('access-control-allow-origin'), '*', path);
      const pre = await preflight(path, STRANGER, 'GET');
      assert.equal(pre.headers.get('access-control-allow-origin'), '*', path);
    }
  });

  it('lets a browser A2A client fetch the agent card with its A2A-Version header', async () => {
    const pre = await fetch(`${server.url}/.well-known/agent-card.json`, {
      method: 'OPTIONS',
      headers: { Origin: STRANGER, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'a2a-version' },
    });
    assert.equal(pre.headers.get('access-control-allow-origin'), '*');
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /A2A-Version/i);
  });
});
