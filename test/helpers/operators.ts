import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argon2idHasher } from '../../src/operators/argon2-hasher.js';
import type { IssuedSession, Operators, RedeemOutcome, SignInOutcome } from '../../src/operators/operators.js';
import type { PasswordHasher } from '../../src/operators/ports.js';
import { createOperators } from '../../src/operators/service.js';
import { RateLimiter } from '../../src/rate-limit/limiter.js';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-store.js';
import type { Db } from '../../src/store/db/database.js';
import { migrateToLatest } from '../../src/store/db/migrate.js';
import { KyselyOperatorStore } from '../../src/store/operators/operators.js';
import { openStore } from './inquiries.js';
import { createPgDatabase } from './postgres.js';

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

type Target = { url: string; drop(): Promise<void> } | string;

const DIALECTS: ReadonlyArray<[string, (name: string) => Promise<Target>]> = [
  ['SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-operators-'));
    return { url: `sqlite:${join(dir, 'studio.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }],
  ['PostgreSQL', (name) => createPgDatabase(name)],
];

/**
 * Runs `body` as a suite on each dialect; its tests call `harness()` (undefined when the dialect is
 * skipped: PostgreSQL unreachable, said in a printed line and in each test's skip reason).
 */
export function onEachDialect(title: string, pgName: string, body: (harness: () => OperatorsHarness | string) => void): void {
  for (const [dialect, open] of DIALECTS) {
    describe(`${title} on ${dialect}`, () => {
      let state: OperatorsHarness | string = 'not started';
      let drop: () => Promise<void> = async () => undefined;
      const limiterStores: MemoryRateLimitStore[] = [];
      before(async () => {
        const target = await open(pgName);
        if (typeof target === 'string') { state = target; console.log(`# skipping "${title}" on ${dialect}: ${target}`); return; }
        drop = target.drop;
        const db = openStore(target.url);
        await migrateToLatest(db);
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
      after(async () => {
        await Promise.all(limiterStores.map((store) => store.close()));
        if (typeof state !== 'string') await state.db.close();
        await drop();
      });
      body(() => state);
    });
  }
}
