import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreUnavailable } from '../../src/oauth/errors.js';
import { KnownRevocations } from '../../src/oauth/revocations.js';
import { openDatabase, type Db } from '../../src/store/db/database.js';
import { migrateToLatest } from '../../src/store/db/migrate.js';
import { KyselyRevocationStore } from '../../src/store/oauth/revocation-list.js';
import { SqliteRevocationFeed } from '../../src/store/oauth/sqlite-revocation-feed.js';
import { eventually, silentLogger } from '../helpers/inquiries.js';

// On SQLite, memory answers a bearer request only after `PRAGMA data_version` said that no other
// connection wrote. When that check itself fails, the request must go to the store (which the bearer hook
// answers 503 auth_unavailable while it fails), never end in a 500 from an error thrown out of the check.

describe('revocations on SQLite when the file can no longer be read', () => {
  let dir: string;
  let db: Db;
  let revocations: KnownRevocations;
  const now = Date.now();

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-revocations-'));
    db = openDatabase(`sqlite:${join(dir, 'studio.db')}`, silentLogger);
    await migrateToLatest(db);
    revocations = new KnownRevocations(new KyselyRevocationStore(db), new SqliteRevocationFeed(db.sqlite!), () => now, silentLogger);
    revocations.start();
    await eventually(async () => revocations.revokedNow('jti-0', 'client-0', now) !== undefined || undefined, 500, 10);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('answers from memory while the check reads; once the connection is gone, asks the store, which is unavailable', async () => {
    await revocations.revokeToken('jti-1', now + 60_000);
    assert.equal(revocations.revokedNow('jti-1', 'client-1', now), true, 'memory answers');
    assert.equal(revocations.revokedNow('jti-2', 'client-1', now), false, 'memory answers');

    await db.close();
    assert.equal(revocations.revokedNow('jti-1', 'client-1', now), undefined, 'memory no longer answers, and nothing is thrown');
    await assert.rejects(revocations.isRevoked('jti-1', 'client-1', now), StoreUnavailable);
    await assert.rejects(revocations.isRevoked('jti-2', 'client-1', now), StoreUnavailable);
    assert.equal(revocations.revokedNow('jti-2', 'client-1', now), undefined, 'still not, on the next check');
  });
});
