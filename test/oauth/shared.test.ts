import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { studio } from '../helpers/cli.js';
import { eventually } from '../helpers/inquiries.js';
import { createPgDatabase } from '../helpers/postgres.js';
import { SwitchablePgProxy } from '../helpers/pg-proxy.js';
import {
  apiCall, basic, postForm, registerClient, requestToken, startOAuthServer,
  type RegisteredClient, type TestClock,
} from '../helpers/oauth-helpers.js';
import { freePort, suiteScope, type TestServer } from '../helpers/server.js';

type Instance = TestServer & { clock: TestClock };
// Instances behind one load balancer share BASE_URL: it is the issuer and the audience of every token.
const BASE_URL = 'https://studio.example';

/** Runs an operator command, collecting what it prints. */
const kids = async (instance: Instance) => ((await (await fetch(`${instance.url}/oauth/jwks.json`)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);

/** Waits (polling, bounded) for a revocation pushed by PostgreSQL to reach `instance`. */
const untilRefused = (instance: Instance, token: string) =>
  eventually(async () => (await apiCall(instance.url, `Bearer ${token}`)).status === 401 || undefined, 1_000, 10);

/** Two instances sharing one database, and what each must see of the other's work. */
/** A database for the suite; through a proxy the test can cut when the suite is on PostgreSQL. */
interface SharedDatabase { url: string; proxy?: SwitchablePgProxy; drop(): Promise<void> }

function sharedDatabaseSuite(name: string, database: () => Promise<SharedDatabase | { skip: string }>): void {
  describe(`two instances sharing ${name}`, () => {
    const suite = suiteScope();
    let skip: string | undefined;
    let db: SharedDatabase | undefined;
    let a: Instance;
    let b: Instance;
    let client: RegisteredClient;
    const env = () => ({ DATABASE_URL: db!.url, BASE_URL, RATE_LIMIT_SCALE: '100' });
    const guard = (t: TestContext) => { if (skip) t.skip(skip); return skip !== undefined; };

    before(async () => {
      const created = await database();
      if ('skip' in created) {
        skip = created.skip;
        process.stdout.write(`# skipping the ${name} suite: ${skip}\n`);
        return;
      }
      db = created;
      a = await startOAuthServer(suite, env());
      b = await startOAuthServer(suite, env());
      client = await registerClient(a.url);
    });
    after(async () => { await db?.drop(); });

    it('publishes one key set and accepts each other\'s tokens', async (t) => {
      if (guard(t)) return;
      // Both instances ask for their signer at once on a new database: they must end with one key.
      const [kidsOfA, kidsOfB] = await Promise.all([kids(a), kids(b)]);
      assert.deepEqual(kidsOfB, kidsOfA);
      assert.equal(kidsOfA.length, 1, 'instances starting together share one signing key');
      const token = await requestToken(a.url, client);
      assert.equal((await apiCall(b.url, `Bearer ${token}`)).status, 200);
      assert.deepEqual(await kids(b), await kids(a));
      assert.ok((await kids(a)).includes(decodeProtectedHeader(token).kid!));
      // The client registered on A authenticates on B.
      assert.equal((await requestToken(b.url, client)).split('.').length, 3);
    });

    // SQLite: at once (B notices A's write per request). PostgreSQL: once the NOTIFY reaches B, milliseconds
    // later (measured by `npm run bench revocation`), so a first 200 there is the consistency window, not a bug.
    it('refuses on B a token revoked on A (SQLite: at once; PostgreSQL: once pushed)', async (t) => {
      if (guard(t)) return;
      const token = await requestToken(a.url, client);
      assert.equal((await apiCall(b.url, `Bearer ${token}`)).status, 200);
      const revoked = await postForm(`${a.url}/oauth/revoke`, { token }, { authorization: basic(client.client_id, client.client_secret) });
      assert.equal(revoked.status, 200);
      if (name === 'PostgreSQL') await untilRefused(b, token);
      const refused = await apiCall(b.url, `Bearer ${token}`);
      assert.equal(refused.status, 401);
      assert.match(refused.headers.get('www-authenticate') ?? '', /revoked/);
      const introspected = await postForm(`${b.url}/oauth/introspect`, { token }, { authorization: basic(client.client_id, client.client_secret) });
      assert.deepEqual(await introspected.json(), { active: false });
    });

    it('keeps tokens valid across a restart', async (t) => {
      if (guard(t)) return;
      const token = await requestToken(a.url, client);
      await a.close();
      a = await startOAuthServer(suite, env());
      assert.equal((await apiCall(a.url, `Bearer ${token}`)).status, 200);
    });

    it('studio clients revoke: the client\'s tokens stop working on every instance, and it gets no new ones', async (t) => {
      if (guard(t)) return;
      const victim = await registerClient(b.url, { client_name: 'to be revoked' });
      const token = await requestToken(a.url, victim);
      // Both instances have authenticated it (and keep it, src/oauth/client-auth.ts) before it is revoked.
      await requestToken(b.url, victim);
      const listed = await studio(a.config.databaseUrl, 'clients', 'list');
      assert.match(listed.stdout, new RegExp(`${victim.client_id}\\t.*active.*"to be revoked"`));
      const revoked = await studio(a.config.databaseUrl, 'clients', 'revoke', victim.client_id);
      assert.equal(revoked.code, 0);
      if (name === 'PostgreSQL') for (const instance of [a, b]) await untilRefused(instance, token);
      for (const instance of [a, b]) assert.equal((await apiCall(instance.url, `Bearer ${token}`)).status, 401);
      for (const instance of [a, b]) {
        const again = await postForm(`${instance.url}/oauth/token`, { grant_type: 'client_credentials' }, { authorization: basic(victim.client_id, victim.client_secret) });
        assert.equal(again.status, 401);
        assert.equal(((await again.json()) as { error: string }).error, 'invalid_client');
      }
      assert.equal((await studio(a.config.databaseUrl, 'clients', 'revoke', 'no-such-client')).code, 4);
    });

    if (name === 'PostgreSQL') {
      it('answers 503 while the database is unreachable, and recovers', async (t) => {
        if (guard(t)) return;
        const token = await requestToken(a.url, client);
        // The instances reach PostgreSQL through the suite's proxy: cutting it makes the database
        // unreachable for them at once, whatever their pollers are doing (no rename racing reconnects).
        const proxy = db!.proxy!;
        await proxy.down();
        try {
          const tokenResponse = await postForm(`${a.url}/oauth/token`, { grant_type: 'client_credentials' },
            { authorization: basic(client.client_id, client.client_secret) });
          assert.equal(tokenResponse.status, 503);
          assert.equal(((await tokenResponse.json()) as { error: string }).error, 'temporarily_unavailable');
          assert.ok(Number(tokenResponse.headers.get('retry-after')) > 0);
          const api = await apiCall(a.url, `Bearer ${token}`);
          assert.equal(api.status, 503);
          assert.equal(((await api.json()) as { code: string }).code, 'auth_unavailable');
          assert.equal((await apiCall(a.url)).status, 200, 'anonymous calls do not need the database');
        } finally {
          await proxy.up();
        }
        assert.equal((await apiCall(a.url, `Bearer ${token}`)).status, 200);
      });
    }

    // Last: it moves the instances' clocks past the key's retirement.
    it('rotates keys: the new key signs, the old one verifies until its last token expires, then is retired', async (t) => {
      if (guard(t)) return;
      const oldToken = await requestToken(a.url, client);
      const oldKid = decodeProtectedHeader(oldToken).kid!;
      const rotated = await studio(a.config.databaseUrl, 'keys', 'rotate');
      assert.equal(rotated.code, 0);
      // Instances re-read the key set within 30 s.
      for (const instance of [a, b]) instance.clock.advance(31);
      const newToken = await requestToken(b.url, client);
      const newKid = decodeProtectedHeader(newToken).kid!;
      assert.notEqual(newKid, oldKid);
      assert.deepEqual((await kids(a)).sort(), [oldKid, newKid].sort());
      assert.equal((await apiCall(a.url, `Bearer ${oldToken}`)).status, 200);
      assert.equal((await apiCall(a.url, `Bearer ${newToken}`)).status, 200);
      const listed = await studio(a.config.databaseUrl, 'keys', 'list');
      assert.match(listed.stdout, new RegExp(`${oldKid}\\t.*published until`));
      assert.match(listed.stdout, new RegExp(`${newKid}\\t.*signing`));

      for (const instance of [a, b]) instance.clock.advance(3600 + 30);
      assert.deepEqual(await kids(b), [newKid], 'the old key is no longer published');
      assert.equal((await apiCall(b.url, `Bearer ${oldToken}`)).status, 401);
      const fresh = await requestToken(a.url, client);
      assert.equal((await apiCall(b.url, `Bearer ${fresh}`)).status, 200);
    });
  });
}

sharedDatabaseSuite('a SQLite file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-oauth-shared-'));
  return { url: `sqlite:${join(dir, 'shared.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
});
sharedDatabaseSuite('PostgreSQL', async () => {
  const database = await createPgDatabase('studio_oauth_shared');
  if (typeof database === 'string') return { skip: database };
  const proxy = new SwitchablePgProxy(await freePort());
  await proxy.up();
  return {
    url: proxy.urlFor(database.url),
    proxy,
    async drop() {
      try { await database.drop(); } finally { await proxy.down(); }
    },
  };
});
