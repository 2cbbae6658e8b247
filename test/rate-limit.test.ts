import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { startServer, type TestServer } from './helpers/server.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** A random shared-address-space IPv4, so test runs sharing one Redis do not share a bucket. */
const freshIp = () => `100.${randomInt(64, 128)}.${randomInt(256)}.${randomInt(1, 255)}`;
const uniqueIpv6 = () => `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`;

async function readAs(server: TestServer, ip: string, path = '/api/v1/projects'): Promise<Response> {
  return fetch(server.url + path, { headers: { 'X-Forwarded-For': ip } });
}

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

describe('rate limiting, in-process store', () => {
  let server: TestServer;
  before(async () => { server = await startServer({ TRUST_PROXY: '127.0.0.1' }); });
  after(async () => { await server.close(); });

  it('refuses the 61st read in a minute from one IP with 429, Retry-After and rate_limited, while another IP is served', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 60; i++) {
      const response = await readAs(server, ip, i % 2 ? '/api/v1/projects' : '/api/v1/services');
      assert.equal(response.status, 200, `read ${i}`);
      assert.equal(response.headers.get('ratelimit-remaining'), String(60 - i));
    }
    const refused = await readAs(server, ip);
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.equal(refused.headers.get('ratelimit-remaining'), '0');
    const body = await refused.json() as { ok: boolean; code: string; hint: string };
    assert.equal(body.ok, false);
    assert.equal(body.code, 'rate_limited');
    assert.ok(body.hint.length > 0);

    const other = await readAs(server, `${ip.split('.').slice(0, 3).join('.')}.${(Number(ip.split('.')[3]) % 254) + 1}`);
    assert.equal(other.status, 200, 'another client IP has its own bucket');
  });

  it('keys IPv6 clients by their /64 network', async () => {
    const base = uniqueIpv6().replace(/::1$/, '');
    const first = await readAs(server, `${base}::1`);
    const sameNetwork = await readAs(server, `${base}::abcd`);
    assert.equal(Number(sameNetwork.headers.get('ratelimit-remaining')), Number(first.headers.get('ratelimit-remaining')) - 1);
  });
});

describe('rate limiting, Redis store shared by two instances', () => {
  let a: TestServer;
  let b: TestServer;
  let reachable = false;
  before(async () => {
    reachable = await redisReachable();
    if (!reachable) return;
    a = await startServer({ TRUST_PROXY: '127.0.0.1', REDIS_URL });
    b = await startServer({ TRUST_PROXY: '127.0.0.1', REDIS_URL });
  });
  after(async () => { await a?.close(); await b?.close(); });

  it('allows exactly the policy\'s number in total across instances', async (t) => {
    if (!reachable) return t.skip(`Redis is not reachable at ${REDIS_URL}`);
    const ip = freshIp();
    const statuses: number[] = [];
    // Interleave both instances, concurrently, so the count must be shared and atomic.
    await Promise.all(Array.from({ length: 70 }, async (_, i) => {
      const response = await readAs(i % 2 ? a : b, ip);
      statuses.push(response.status);
      await response.arrayBuffer();
    }));
    assert.equal(statuses.filter((s) => s === 200).length, 60);
    assert.equal(statuses.filter((s) => s === 429).length, 10);
  });
});

describe('rate limiting when Redis is unreachable', () => {
  let server: TestServer;
  before(async () => { server = await startServer({ TRUST_PROXY: '127.0.0.1', REDIS_URL: 'redis://127.0.0.1:1' }); });
  after(async () => { await server.close(); });

  it('keeps serving with in-process counting, and /readyz reports Redis down', async () => {
    const ip = freshIp();
    const first = await readAs(server, ip);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('ratelimit-remaining'), '59');
    const second = await readAs(server, ip);
    assert.equal(second.headers.get('ratelimit-remaining'), '58');
    const ready = await fetch(`${server.url}/readyz`);
    assert.equal(ready.status, 503);
    const report = await ready.json() as { checks: Record<string, { status: string }> };
    assert.equal(report.checks.redis?.status, 'down');
    assert.equal(report.checks.database?.status, 'up');
  });
});
