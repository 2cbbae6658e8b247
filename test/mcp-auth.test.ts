import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadCatalog } from '../src/catalog/load.js';
import { ApiError } from '../src/contract/errors.js';
import { registerErrorHandling } from '../src/http/errors.js';
import { registerMcp } from '../src/mcp/plugin.js';
import { RateLimiter } from '../src/rate-limit/limiter.js';
import { MemoryRateLimitStore } from '../src/rate-limit/memory-store.js';

// The bearer-token hook is the OAuth issue's: one root onRequest hook on /api/* and /mcp. This stands in
// for it the way app.ts will register it (at the root, before the surfaces), to prove that /mcp runs
// behind root hooks and that their 401 keeps the REST shape and the challenge.

const CHALLENGE = 'Bearer error="invalid_token", error_description="The access token expired"';

describe('/mcp behind a root bearer-token hook', () => {
  let app: FastifyInstance;
  let url: string;
  before(async () => {
    app = Fastify();
    registerErrorHandling(app);
    app.addHook('onRequest', async (request) => {
      if (request.headers.authorization === 'Bearer expired') {
        throw new ApiError('invalid_token', { headers: { 'WWW-Authenticate': CHALLENGE } });
      }
      if (request.headers.authorization === 'Bearer good') request.clientId = 'agent-1';
    });
    registerMcp(app, {
      baseUrl: 'http://studio.test',
      allowedOrigins: ['http://studio.test'],
      catalog: await loadCatalog('content'),
      limiter: new RateLimiter(new MemoryRateLimitStore()),
      inquiries: { submit: async () => { throw new ApiError('inbox_unavailable'); } },
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => { await app.close(); });

  const ping = (authorization?: string) => fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...(authorization && { authorization }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });

  it('answers an invalid token with 401, the challenge and the REST Error shape', async () => {
    const response = await ping('Bearer expired');
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('www-authenticate'), CHALLENGE);
    const body = await response.json() as Record<string, unknown>;
    assert.equal(body.ok, false);
    assert.equal(body.code, 'invalid_token');
    assert.ok(body.hint);
  });

  it('serves calls without a token and with a valid one', async () => {
    assert.equal((await ping()).status, 200);
    assert.equal((await ping('Bearer good')).status, 200);
  });
});
