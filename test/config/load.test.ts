import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config/load.js';
import { DEPRECATION_POLICY } from '../../src/contract/api.js';
import { startServer } from '../helpers/server.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
  assert.fail('the configuration was accepted');
}

describe('configuration', () => {
  it('runs out of the box on embedded defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.baseUrl, 'http://localhost:3000');
    assert.equal(config.databaseUrl, 'sqlite:./data/studio.db');
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.trustProxy, false);
    assert.deepEqual(config.allowedOrigins, ['http://localhost:3000']);
    assert.equal(config.contentDir, './content');
    assert.equal(config.rateLimitScale, 1);
    const earliestSunset = new Date(config.legacyDeprecatedAt);
    earliestSunset.setUTCMonth(earliestSunset.getUTCMonth() + DEPRECATION_POLICY.minimumSupportMonths);
    assert.ok(config.legacySunsetAt >= earliestSunset, 'the legacy alias is supported for the contract\'s minimum');
  });

  it('derives BASE_URL from PORT and normalizes origins', () => {
    assert.equal(loadConfig({ PORT: '8080' }).baseUrl, 'http://localhost:8080');
    const config = loadConfig({ BASE_URL: 'https://Studio.Example/', ALLOWED_ORIGINS: 'https://www.studio.example, https://studio.example' });
    assert.equal(config.baseUrl, 'https://studio.example');
    assert.deepEqual(config.allowedOrigins, ['https://studio.example', 'https://www.studio.example']);
  });

  it('reads TRUST_PROXY as a boolean, a hop count or a list of addresses', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy, ['10.0.0.0/8', '127.0.0.1']);
  });

  it('refuses each bad value with a message naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ BASE_URL: 'ftp://studio.example' }, 'BASE_URL'],
      [{ BASE_URL: 'https://studio.example/path' }, 'BASE_URL'],
      [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
      [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
      [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
      [{ ALLOWED_ORIGINS: 'studio.example' }, 'ALLOWED_ORIGINS'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ RATE_LIMIT_SCALE: '0.5' }, 'RATE_LIMIT_SCALE'],
      [{ SMTP_URL: 'smtp://mail.example' }, 'INBOX_EMAIL_TO'],
      [{ INBOX_WEBHOOK_URL: 'https://hooks.example/in' }, 'INBOX_WEBHOOK_SECRET'],
      [{ INBOX_WEBHOOK_URL: 'https://hooks.example/in', INBOX_WEBHOOK_SECRET: 'plain' }, 'INBOX_WEBHOOK_SECRET'],
      [{ LEGACY_DEPRECATED_AT: '2026-01-01', LEGACY_SUNSET: '2026-06-01' }, 'LEGACY_SUNSET'],
      [{ LEGACY_DEPRECATED_AT: 'yesterday' }, 'LEGACY_DEPRECATED_AT'],
      [{ REQUEST_TIMEOUT_MS: '30s' }, 'REQUEST_TIMEOUT_MS'],
      [{ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '10000' }, 'HEADERS_TIMEOUT_MS'],
      [{ KEEP_ALIVE_TIMEOUT_MS: '0' }, 'KEEP_ALIVE_TIMEOUT_MS'],
      [{ MAX_CONNECTIONS: '-1' }, 'MAX_CONNECTIONS'],
      [{ MAX_EVENT_LOOP_DELAY_MS: 'fast' }, 'MAX_EVENT_LOOP_DELAY_MS'],
      [{ MAX_EVENT_LOOP_UTILIZATION: '1.5' }, 'MAX_EVENT_LOOP_UTILIZATION'],
      [{ STUDIO_TIME_ZONE: 'Eastern' }, 'STUDIO_TIME_ZONE'],
      [{ STUDIO_TIME_ZONE: 'America/Miami' }, 'STUDIO_TIME_ZONE'],
      [{ STUDIO_TIME_ZONE: '-05:00' }, 'STUDIO_TIME_ZONE'],
    ];
    for (const [env, variable] of cases) {
      const problems = problemsOf(env);
      assert.ok(problems.some((p) => p.startsWith(variable)), `${JSON.stringify(env)} -> ${problems.join('; ')}`);
    }
  });

  it('names a refused secret-bearing variable without repeating its value', () => {
    const secrets: Record<string, string> = {
      DATABASE_URL: 'mysql://studio:hunter2@db.internal/studio',
      REDIS_URL: 'http://:hunter2@cache.internal',
      SMTP_URL: 'mail://studio:hunter2@mail.internal',
      INBOX_WEBHOOK_URL: 'https://hooks.example/in', INBOX_WEBHOOK_SECRET: 'hunter2',
    };
    const problems = problemsOf(secrets);
    for (const variable of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'INBOX_WEBHOOK_SECRET']) {
      assert.ok(problems.some((p) => p.startsWith(variable)), variable);
    }
    assert.doesNotMatch(problems.join('\n'), /hunter2/);
    assert.match(problemsOf({ LOG_LEVEL: 'loud' }).join(''), /"loud"/, 'other values are shown, to help');
  });

  it('limits slow clients and sheds load by default; a short request timeout shortens the headers one', () => {
    const config = loadConfig({});
    assert.equal(config.maxEventLoopDelayMs, 1_000);
    assert.equal(config.maxEventLoopUtilization, 0, 'utilization is not checked unless asked for');
    const short = loadConfig({ REQUEST_TIMEOUT_MS: '2000' });
    assert.equal(short.headersTimeoutMs, 2_000);
    assert.equal(loadConfig({ REQUEST_TIMEOUT_MS: '0' }).headersTimeoutMs, 10_000, '0 turns the request timeout off, not the headers one');
  });

  it('reads the studio\'s time zone: New York unless STUDIO_TIME_ZONE names another IANA zone', () => {
    assert.equal(loadConfig({}).studioTimeZone, 'America/New_York');
    assert.equal(loadConfig({ STUDIO_TIME_ZONE: 'America/Los_Angeles' }).studioTimeZone, 'America/Los_Angeles');
    assert.equal(loadConfig({ STUDIO_TIME_ZONE: 'UTC' }).studioTimeZone, 'UTC');
    assert.match(problemsOf({ STUDIO_TIME_ZONE: 'Mars/Olympus_Mons' }).join(''), /^STUDIO_TIME_ZONE must be an IANA time zone .*"Mars\/Olympus_Mons"/);
  });

  it('refuses to start with an unknown time zone, naming STUDIO_TIME_ZONE', async (t) => {
    await assert.rejects(startServer(t, { STUDIO_TIME_ZONE: 'Eastern Standard Time' }), (error: Error) => {
      assert.equal(error.name, 'ConfigError');
      assert.match(error.message, /STUDIO_TIME_ZONE/);
      return true;
    });
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'y', REDIS_URL: 'z' });
    assert.equal(problems.length, 3);
  });
});
