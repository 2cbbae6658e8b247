import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { KeyRing } from '../src/oauth/key-ring.js';
import type { StoredKey } from '../src/oauth/key-store.js';
import { StoreUnavailable } from '../src/oauth/oauth-error.js';
import { generateSigningKey } from '../src/oauth/signing-key.js';

// The key ring's behaviour while the database comes and goes (start-up with the database down,
// migrations still running): unit-tested, since the composed service cannot start without it today.

const silent = pino({ level: 'silent' }) as FastifyBaseLogger;

async function storedKey(createdAt: number, rotatedAt: number | null = null): Promise<StoredKey> {
  return { ...(await generateSigningKey()), createdAt, rotatedAt };
}

describe('key ring', () => {
  it('answers StoreUnavailable until the store first answers, then serves the keys', async () => {
    let now = 1_000_000;
    let keys: StoredKey[] | undefined;
    const ring = new KeyRing(async () => { if (!keys) throw new Error('connection refused'); return keys; }, () => now, silent);
    await assert.rejects(ring.signer(), StoreUnavailable);
    keys = [await storedKey(now)];
    now += 1;
    assert.equal((await ring.signer()).kid, keys[0]!.kid);
  });

  it('keeps serving the loaded keys while a refresh fails', async () => {
    let now = 1_000_000;
    let down = false;
    const keys = [await storedKey(now)];
    const ring = new KeyRing(async () => { if (down) throw new Error('timeout'); return keys; }, () => now, silent);
    await ring.current();
    down = true;
    now += 60_000;
    assert.equal((await ring.signer()).kid, keys[0]!.kid);
  });

  it('signs with the newest key that is not rotated out and verifies with every published one', async () => {
    const now = 1_000_000;
    const old = await storedKey(now - 10, now);
    const current = await storedKey(now - 5);
    const ring = new KeyRing(async () => [old, current], () => now, silent);
    assert.equal((await ring.signer()).kid, current.kid);
    assert.ok(await ring.verificationKey(old.kid));
    assert.equal(await ring.verificationKey('someone-else'), undefined);
  });

  it('re-reads the store for an unknown kid, at most every few seconds', async () => {
    let now = 1_000_000;
    let reads = 0;
    const keys = [await storedKey(now)];
    const ring = new KeyRing(async () => { reads += 1; return keys; }, () => now, silent);
    await ring.current();
    now += 6_000;
    keys.push(await storedKey(now));
    assert.ok(await ring.verificationKey(keys[1]!.kid), 'a key added by another instance is found');
    const before = reads;
    for (let i = 0; i < 5; i += 1) assert.equal(await ring.verificationKey(`random-${i}`), undefined);
    assert.equal(reads, before, 'random kids do not reach the store');
  });
});
