import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type Db } from '../../src/store/db/database.js';
import { migrateToLatest } from '../../src/store/db/migrate.js';
import { KyselyKeyStore } from '../../src/store/oauth/signing-keys.js';
import { silentLogger } from '../helpers/inquiries.js';
import { createPgDatabase, type PgDatabase } from '../helpers/postgres.js';

// Instances that start together on an empty database must agree on one signing key: otherwise each
// signs with its own, and a token from one is an unknown kid to the other until it re-reads the keys.

const database = await createPgDatabase('studio_oauth_keys');

describe('signing keys shared by instances on PostgreSQL', { skip: typeof database === 'string' ? database : false }, () => {
  const pg = database as PgDatabase;
  let instances: Db[];
  before(async () => {
    instances = Array.from({ length: 4 }, () => openDatabase(pg.url, silentLogger));
    await migrateToLatest(instances[0]!);
  });
  after(async () => {
    await Promise.all(instances.map((db) => db.close()));
    await pg.drop();
  });

  it('first starts racing on an empty database create exactly one signer', async () => {
    for (let round = 0; round < 5; round++) {
      await instances[0]!.kysely.deleteFrom('oauth_signing_keys').execute();
      const now = Date.now();
      const seen = await Promise.all(instances.map((db) => new KyselyKeyStore(db).ensureSigner(now)));
      const signers = (await new KyselyKeyStore(instances[0]!).published(now)).filter((k) => k.rotatedAt === null);
      assert.equal(signers.length, 1, `round ${round}: one signer`);
      for (const keys of seen) assert.deepEqual(keys.map((k) => k.kid), [signers[0]!.kid], `round ${round}: every instance sees it`);
    }
  });

  it('rotation still works under the one-signer rule', async () => {
    const store = new KyselyKeyStore(instances[1]!);
    const now = Date.now();
    const before = (await store.ensureSigner(now)).find((k) => k.rotatedAt === null)!;
    const rotated = await store.rotate(now + 1);
    const keys = await store.published(now + 2);
    assert.deepEqual(keys.filter((k) => k.rotatedAt === null).map((k) => k.kid), [rotated.kid]);
    assert.ok(keys.some((k) => k.kid === before.kid && k.rotatedAt !== null), 'the old key stays published');
  });
});
