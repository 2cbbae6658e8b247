import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/load.js';

// The deploy files cannot be run here (no image can be pulled), so this reads them: the compose file names
// the peers, two instances behind the proxy with a valid configuration, and the Dockerfile builds with
// deploy/build.sh (the steps test/deploy/production-install.test.ts runs) and runs what `npm start` runs.

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
}

const compose = parse(readFileSync('deploy/compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const dockerfile = readFileSync('Dockerfile', 'utf8');

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?error}` against `values`. */
function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
    if (values[name] !== undefined) return values[name];
    if (kind === '?') throw new Error(`${name} must be set: ${rest}`);
    return kind === '-' ? rest ?? '' : '';
  });
}

const apis = Object.entries(compose.services).filter(([, service]) => service.build?.dockerfile === 'Dockerfile');

describe('deploy files', () => {
  it('compose: PostgreSQL and Redis with health checks, and two instances of the image built from the Dockerfile', () => {
    assert.ok(compose.services.postgres?.healthcheck?.test.includes('pg_isready'));
    assert.ok(compose.services.redis?.healthcheck?.test.includes('redis-cli'));
    assert.ok(apis.length >= 2, `instances of the service: ${apis.map(([name]) => name).join(', ')}`);
    for (const [, service] of apis) assert.ok(existsSync(join('deploy', service.build!.context, service.build!.dockerfile)));
  });

  it('compose: every instance shares the peers and BASE_URL, trusts the proxy, and has a configuration the service accepts', () => {
    const table = readFileSync('docs/configuration.md', 'utf8');
    const values = { POSTGRES_PASSWORD: 'secret', BASE_URL: 'https://studio.example' };
    for (const [name, service] of apis) {
      const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), values)]));
      for (const key of Object.keys(env)) assert.match(table, new RegExp(`^\\| \`${key}\` \\|`, 'm'), `${name}: ${key} is in the configuration table of docs/configuration.md`);
      const config = loadConfig(env);
      assert.equal(config.baseUrl, 'https://studio.example');
      assert.match(config.databaseUrl, /^postgres:\/\/studio:secret@postgres:5432\//);
      assert.equal(config.redisUrl, 'redis://redis:6379');
      assert.notEqual(config.trustProxy, false, `${name}: TRUST_PROXY`);
    }
  });

  it('compose: the proxy in front sends to every instance, with its config file in deploy/', () => {
    const proxy = compose.services.proxy!;
    const mount = proxy.volumes?.find((volume) => volume.startsWith('./'));
    assert.ok(mount, 'the proxy mounts its config file');
    const caddyfile = readFileSync(join('deploy', mount.split(':')[0]!), 'utf8');
    for (const [name] of apis) assert.match(caddyfile, new RegExp(`reverse_proxy[^\\n]*\\b${name}:3000\\b`));
  });

  it('Dockerfile: builds with deploy/build.sh, runs as node on node:24-slim with a health check, and starts what npm start runs', () => {
    const stages = dockerfile.split(/^FROM /m).slice(1);
    assert.equal(stages.length, 2, 'a build stage and a runtime stage');
    assert.match(stages[0]!, /^node:24-slim AS build/);
    assert.match(stages[0]!, /^RUN sh deploy\/build\.sh$/m);
    assert.match(stages[1]!, /^node:24-slim\n/);
    assert.match(stages[1]!, /^USER node$/m);
    assert.match(stages[1]!, /^VOLUME \/app\/data$/m);
    assert.match(stages[1]!, /^STOPSIGNAL SIGTERM$/m);
    assert.match(stages[1]!, /^HEALTHCHECK .*\n? *CMD \["node", "-e", "fetch\([^\n]*\/healthz/m);
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(stages[1]!)![1]!) as string[];
    assert.equal(cmd.join(' '), start.replace(/^exec /, ''));
  });
});
