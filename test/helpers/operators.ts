import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { argon2idHasher } from '../../src/operators/argon2-hasher.js';
import type { IssuedSession, Operators, RedeemOutcome, SignInOutcome } from '../../src/operators/operators.js';
import type { PasswordHasher } from '../../src/operators/ports.js';
import { createOperators } from '../../src/operators/service.js';
import { RateLimiter } from '../../src/rate-limit/limiter.js';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-store.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyOperatorStore } from '../../src/store/operators/operators.js';
import { DIALECT_LABELS, onEachDialect, openMigrated } from './dialects.js';
import { suiteScope } from './server.js';

// The operators use case on the real adapters, once on SQLite and once on PostgreSQL, with real argon2id
// and a clock the tests move (the rate-limit windows move with it).

export const PASSWORD = 'correct horse battery staple';

/** argon2id, counting its verifications: the proof of equal work for known and unknown addresses. */
export interface CountingHasher extends PasswordHasher { verifications: number }

function countingHasher(): CountingHasher {
  const counted: CountingHasher = {
    verifications: 0,
    hash: (password) => argon2idHasher.hash(password),
    verify: (hash, password) => { counted.verifications += 1; return argon2idHasher.verify(hash, password); },
  };
  return counted;
}

export interface OperatorsHarness {
  db: Db;
  /** The clock's reading, in epoch ms: set it to move time. */
  time: { now: number };
  hasher: CountingHasher;
  /** The use case with rate-limit counts of its own, so that each test starts with full buckets. */
  operators(): Operators;
}

let addresses = 0;
/** An address no test used before. */
export const freshAddress = (): string => `operator${(addresses += 1)}@studio.example`;
let ips = 0;
/** A client address no test used before. */
export const freshIp = (): string => `198.51.${Math.floor((ips += 1) / 250)}.${ips % 250}`;

export function signedIn(outcome: SignInOutcome | RedeemOutcome): IssuedSession {
  assert.equal(outcome.kind, 'signed_in', `expected a session, got ${JSON.stringify(outcome)}`);
  return (outcome as { session: IssuedSession }).session;
}

/**
 * Registers `body` as a suite on each dialect (await it at the file's top level); its tests call
 * `harness()`, built in the suite's `before`.
 */
export async function operatorsOnEachDialect(title: string, pgName: string, body: (harness: () => OperatorsHarness) => void): Promise<void> {
  await onEachDialect((dialect) => `${title} on ${DIALECT_LABELS[dialect]}`, pgName, ({ url }) => {
    const suite = suiteScope();
    let state: OperatorsHarness;
    const limiterStores: MemoryRateLimitStore[] = [];
    before(async () => {
      const db = await openMigrated(suite, url);
      const time = { now: Date.UTC(2026, 10, 23, 9) };
      const clock = () => time.now;
      const hasher = countingHasher();
      state = {
        db, time, hasher,
        operators() {
          const limiterStore = new MemoryRateLimitStore(clock);
          limiterStores.push(limiterStore);
          return createOperators({ store: new KyselyOperatorStore(db), limiter: new RateLimiter(limiterStore), hasher, clock });
        },
      };
    });
    after(async () => { await Promise.all(limiterStores.map((store) => store.close())); });
    body(() => state);
  });
}
