import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { KeyRing } from '../../src/oauth/key-ring.js';
import { KEY_REFRESH_SECONDS, type StoredKey } from '../../src/oauth/ports.js';
import { StoreUnavailable } from '../../src/oauth/errors.js';
import { generateSigningKey } from '../../src/oauth/signing-key.js';

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
    const ring = new KeyRing(async () => [old, current], () => now, silent, async () => undefined);
    assert.equal((await ring.signer()).kid, current.kid);
    assert.ok(await ring.verificationKey(old.kid));
    assert.equal(await ring.verificationKey('someone-else'), undefined);
  });

  it('verifies with the loaded keys at once when they are stale, refreshing them behind the request; signing waits', async () => {
    let now = 1_000_000;
    let reads = 0;
    let release: () => void = () => undefined;
    const keys = [await storedKey(now)];
    const ring = new KeyRing(async () => {
      reads += 1;
      if (reads > 1) await new Promise<void>((resolve) => { release = resolve; });
      return [...keys];
    }, () => now, silent);
    await ring.current();
    now += KEY_REFRESH_SECONDS * 1000;
    const rotated = await storedKey(now);
    keys.push(rotated);
    const pending = new Promise((resolve) => { setImmediate(() => resolve('waited for the store')); });
    const answer = await Promise.race([ring.verificationKey(keys[0]!.kid).then(Boolean), pending]);
    assert.equal(answer, true, 'answered with the loaded keys while the store read is pending');
    assert.equal(reads, 2, 'and the refresh has started');
    const found = ring.verificationKey(rotated.kid);
    const signer = ring.signer();
    release();
    assert.ok(await found, 'an unknown kid joins the refresh already under way');
    assert.equal((await signer).kid, rotated.kid, 'a stale set is re-read before signing');
    assert.equal(reads, 2);
  });

  it('re-reads the store for an unknown kid at most every few seconds, deferring the read rather than refusing', async () => {
    let now = 1_000_000;
    let reads = 0;
    const waits: number[] = [];
    const keys = [await storedKey(now)];
    const delay = async (ms: number) => { waits.push(ms); await Promise.resolve(); now += ms; };
    const ring = new KeyRing(async () => { reads += 1; return [...keys]; }, () => now, silent, delay);
    await ring.current();
    now += 1_000;
    keys.push(await storedKey(now));
    assert.ok(await ring.verificationKey(keys[1]!.kid), 'a key another instance rotated in 1 s after our read is found');
    assert.deepEqual(waits, [4_000], 'after the read was deferred to the end of the window');
    assert.equal(reads, 2);

    const random = await Promise.all([1, 2, 3, 4, 5].map((i) => ring.verificationKey(`random-${i}`)));
    assert.deepEqual(random, [undefined, undefined, undefined, undefined, undefined]);
    assert.equal(reads, 3, 'random kids at once share one deferred read');

    now += 6_000;
    keys.push(await storedKey(now));
    assert.ok(await ring.verificationKey(keys[2]!.kid));
    assert.equal(waits.length, 2, 'outside the window the read is immediate');
    assert.equal(reads, 4);
  });
});
