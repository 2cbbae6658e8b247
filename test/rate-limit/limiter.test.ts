import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { clientKey } from '../../src/rate-limit/client-key.js';
import { KEY_PREFIX } from '../../src/redis/rate-limit-store.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { peerMissing } from '../helpers/peers.js';
import { REDIS_URL, redisReachable, withRedis } from '../helpers/redis.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

const READ = RATE_LIMIT_POLICIES.read;

/** A random shared-address-space IPv4, so test runs sharing one Redis do not share a bucket. */
const freshIp = () => `100.${randomInt(64, 128)}.${randomInt(256)}.${randomInt(1, 255)}`;
const uniqueIpv6 = () => `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`;

const contracts = new Map<string, Promise<OpenApiContract>>();
function contractOf(server: TestServer): Promise<OpenApiContract> {
  if (!contracts.has(server.url)) contracts.set(server.url, OpenApiContract.fetch(server.url));
  return contracts.get(server.url)!;
}

/** A read sent as `ip` (X-Forwarded-For), held to openapi.json (429s included); the body stays readable. */
async function readAs(server: TestServer, ip: string, path = '/api/v1/projects'): Promise<Response> {
  const url = server.url + path;
  const response = await fetch(url, { headers: { 'X-Forwarded-For': ip } });
  await (await contractOf(server)).check('GET', url, response.clone());
  return response;
}

describe('rate limiting, in-process store', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite, { TRUST_PROXY: '127.0.0.1' }); });

  it(`refuses read ${READ.limit + 1} in a window from one IP with 429, Retry-After and rate_limited, while another IP is served`, async () => {
    const ip = freshIp();
    for (let i = 1; i <= READ.limit; i++) {
      const response = await readAs(server, ip, i % 2 ? '/api/v1/projects' : '/api/v1/services');
      assert.equal(response.status, 200, `read ${i}`);
      assert.equal(response.headers.get('ratelimit-remaining'), String(READ.limit - i));
    }
    const refused = await readAs(server, ip);
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= READ.windowSeconds, `Retry-After ${retryAfter}`);
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
  const suite = suiteScope();
  let a: TestServer;
  let b: TestServer;
  let skipReason: string | undefined;
  const logLines: string[] = [];
  const usedIps: string[] = [];
  /** Both instances log here, so the test sees a fall-back to in-process counting. */
  const logger = () => pino({ level: 'warn' }, new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } })) as FastifyBaseLogger;
  before(async () => {
    if (!await redisReachable()) { skipReason = peerMissing(`Redis is not reachable at ${REDIS_URL}`); return; }
    a = await startServer(suite, { TRUST_PROXY: '127.0.0.1', REDIS_URL }, { logger: logger() });
    b = await startServer(suite, { TRUST_PROXY: '127.0.0.1', REDIS_URL }, { logger: logger() });
  });
  after(async () => {
    if (usedIps.length === 0) return;
    await withRedis((redis) => redis.del(...usedIps.map((ip) => `${KEY_PREFIX}read:${clientKey(ip)}`)));
  });

  it('allows exactly the policy\'s number in total across instances', async (t) => {
    if (skipReason) return t.skip(skipReason);
    const ip = freshIp();
    usedIps.push(ip);
    const extra = 10;
    const statuses: number[] = [];
    // Interleave both instances, concurrently, so the count must be shared and atomic.
    await Promise.all(Array.from({ length: READ.limit + extra }, async (_, i) => {
      const response = await readAs(i % 2 ? a : b, ip);
      statuses.push(response.status);
      await response.arrayBuffer();
    }));
    // Had either instance fallen back to counting in process, it would have said so here.
    const fallbacks = logLines.filter((line) => /unreachable/i.test(line));
    assert.deepEqual(fallbacks, [], 'no instance fell back to in-process counting');
    assert.equal(statuses.filter((s) => s === 200).length, READ.limit);
    assert.equal(statuses.filter((s) => s === 429).length, extra);
    const counted = await withRedis((redis) => redis.get(`${KEY_PREFIX}read:${clientKey(ip)}`));
    assert.equal(Number(counted), READ.limit + extra, 'every hit was counted in Redis');
  });
});

describe('client IP and X-Forwarded-For', () => {
  /** One read more than the policy allows, each claiming a different client address. */
  async function forgedBurst(server: TestServer): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i <= READ.limit; i++) {
      const response = await readAs(server, freshIp());
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    return statuses;
  }

  it('ignores X-Forwarded-For without TRUST_PROXY: forged addresses still share the socket\'s bucket', async (t) => {
    const server = await startServer(t);
    const statuses = await forgedBurst(server);
    assert.deepEqual(statuses.slice(0, READ.limit), Array(READ.limit).fill(200));
    assert.equal(statuses[READ.limit], 429, `read ${READ.limit + 1} from one socket address is refused`);
  });

  it('keys clients by X-Forwarded-For when TRUST_PROXY names the proxy', async (t) => {
    const server = await startServer(t, { TRUST_PROXY: '127.0.0.1' });
    assert.deepEqual(await forgedBurst(server), Array(READ.limit + 1).fill(200));
  });
});

describe('rate limiting when Redis is unreachable', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite, { TRUST_PROXY: '127.0.0.1', REDIS_URL: 'redis://127.0.0.1:1' }); });

  it('keeps serving with in-process counting, and /readyz reports Redis down', async () => {
    const ip = freshIp();
    const first = await readAs(server, ip);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('ratelimit-remaining'), String(READ.limit - 1));
    const second = await readAs(server, ip);
    assert.equal(second.headers.get('ratelimit-remaining'), String(READ.limit - 2));
    const ready = await fetch(`${server.url}/readyz`);
    assert.equal(ready.status, 503);
    const report = await ready.json() as { checks: Record<string, { status: string }> };
    assert.equal(report.checks.redis?.status, 'down');
    assert.equal(report.checks.database?.status, 'up');
  });
});
