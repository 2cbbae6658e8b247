import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RATE_LIMIT_POLICIES, SIGN_IN_RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { RateLimiter } from '../../src/rate-limit/limiter.js';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-store.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The sign-in policies are counted by the one limiter but are no part of the public API: the documents
// that list the API's policies (the OpenAPI document, the developer page, llms-full.txt) keep listing
// exactly the public ones.

describe('the sign-in rate-limit policies', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });

  it('are counted by the limiter like every policy', async () => {
    const store = new MemoryRateLimitStore();
    const limiter = new RateLimiter(store);
    for (const name of Object.keys(SIGN_IN_RATE_LIMIT_POLICIES) as (keyof typeof SIGN_IN_RATE_LIMIT_POLICIES)[]) {
      const policy = SIGN_IN_RATE_LIMIT_POLICIES[name];
      let last;
      for (let i = 0; i <= policy.limit; i += 1) last = await limiter.consume(name, 'one client');
      assert.equal(last?.allowed, false, `${name}: attempt ${policy.limit + 1} refused`);
      assert.equal(last?.windowSeconds, policy.windowSeconds);
    }
    await store.close();
  });

  it('are not in the public documents, which still list every public policy', async () => {
    const documents = {
      openapi: await (await fetch(`${server.url}/openapi.json`)).text(),
      developers: await (await fetch(`${server.url}/developers`, { headers: { Accept: 'text/markdown' } })).text(),
      'llms-full.txt': await (await fetch(`${server.url}/llms-full.txt`)).text(),
    };
    for (const [name, text] of Object.entries(documents)) {
      for (const policy of Object.keys(SIGN_IN_RATE_LIMIT_POLICIES)) assert.ok(!text.includes(policy), `${name} mentions ${policy}`);
    }
    for (const [policy, { limit, windowSeconds }] of Object.entries(RATE_LIMIT_POLICIES)) {
      assert.ok(documents.openapi.includes(`${policy} ${limit};w=${windowSeconds}`), `the OpenAPI document lists ${policy}`);
      assert.ok(documents.developers.includes(`| \`${policy}\` |`), `the developer page lists ${policy}`);
      assert.ok(documents['llms-full.txt'].includes(`\`${policy}\``), `llms-full.txt lists ${policy}`);
    }
  });
});
