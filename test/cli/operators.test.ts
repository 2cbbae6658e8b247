import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argon2idHasher } from '../../src/operators/argon2-hasher.js';
import type { Operators } from '../../src/operators/operators.js';
import { createOperators } from '../../src/operators/service.js';
import { RateLimiter } from '../../src/rate-limit/limiter.js';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-store.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyOperatorStore } from '../../src/store/operators/operators.js';
import { studioWith, studioWithInput } from '../helpers/cli.js';
import { openStore } from '../helpers/inquiries.js';
import { PASSWORD, signedIn } from '../helpers/operators.js';

// `studio operators`, run as a child process on a SQLite file; what it did is checked through the use
// case on the same file, as the server would see it.

const BASE_URL = 'https://studio.example';
const NEW_PASSWORD = 'a brand new passphrase';
const LINK = new RegExp(`^${BASE_URL.replaceAll('.', '\\.')}/inbox/set-password\\?token=([A-Za-z0-9_-]{43})$`, 'm');

describe('studio operators', () => {
  let dir: string;
  let env: Record<string, string>;
  let db: Db;
  let limiterStore: MemoryRateLimitStore;
  let operators: Operators;
  /** Sign-in as the server does it (its limits scaled up: throttling is not what this suite is about). */
  const signIn = (email: string, password: string) => operators.signIn(email, password, '192.0.2.1');
  const run = (...args: string[]) => studioWith(env, 'operators', ...args);
  const runWithInput = (input: string, ...args: string[]) => studioWithInput(env, input, 'operators', ...args);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-operators-cli-'));
    env = { DATABASE_URL: `sqlite:${join(dir, 'studio.db')}`, BASE_URL };
    const migrated = await run('list');
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.match(migrated.stdout, /^No operators\./);
    db = openStore(env.DATABASE_URL!);
    limiterStore = new MemoryRateLimitStore();
    operators = createOperators({ store: new KyselyOperatorStore(db), limiter: new RateLimiter(limiterStore, 100), hasher: argon2idHasher });
  });
  after(async () => {
    await limiterStore.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('add --password-stdin: the one line on standard input is the password; it is never echoed', async () => {
    const added = await runWithInput(`${PASSWORD}\n`, 'add', 'Ada@Studio.Example', '--password-stdin');
    assert.equal(added.code, 0, added.stderr);
    assert.equal(added.stdout, 'Added operator ada@studio.example with the password from standard input.\n');
    assert.ok(!`${added.stdout}${added.stderr}`.includes(PASSWORD));
    signedIn(await signIn('ada@studio.example', PASSWORD));
    const crlf = await runWithInput(`${PASSWORD}\r\n`, 'add', 'crlf@studio.example', '--password-stdin');
    assert.equal(crlf.code, 0, crlf.stderr);
    signedIn(await signIn('crlf@studio.example', PASSWORD));
  });

  it('add without a password prints a one-time sign-in link to the set-password page, with its expiry', async () => {
    const added = await run('add', 'grace@studio.example');
    assert.equal(added.code, 0, added.stderr);
    const token = LINK.exec(added.stdout)?.[1];
    assert.ok(token, added.stdout);
    const until = /until (\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec(added.stdout)?.[1];
    const hours = (Date.parse(until!) - Date.now()) / 3_600_000;
    assert.ok(hours > 23.9 && hours <= 24, `expires in ${hours} hours`);
    assert.equal(await operators.linkEmail(token), 'grace@studio.example');
    signedIn(await operators.redeemLink(token, PASSWORD));
  });

  it('refuses a password of the wrong length, an address taken or not an address, with exit 1 and a clear message', async () => {
    for (const [args, input, message] of [
      [['add', 'short@studio.example', '--password-stdin'], 'elevenchars\n', /at least 12 characters/],
      [['add', 'ADA@studio.example ', '--password-stdin'], `${PASSWORD}\n`, /There is an operator ada@studio\.example already/],
      [['add', 'not-an-address'], undefined, /"not-an-address" is not an email address/],
    ] as const) {
      const refused = input === undefined ? await run(...args) : await runWithInput(input, ...args);
      assert.equal(refused.code, 1, `${args.join(' ')}: ${refused.stderr}`);
      assert.match(refused.stderr, message);
      assert.equal(refused.stdout, '');
    }
    assert.doesNotMatch((await run('list')).stdout, /short@/);
  });

  it('list shows every operator: created, password set or not, active sessions', async () => {
    await run('add', 'pending@studio.example');
    signedIn(await signIn('ada@studio.example', PASSWORD));
    const listed = await run('list');
    assert.equal(listed.code, 0, listed.stderr);
    const [header, ...rows] = listed.stdout.trimEnd().split('\n');
    assert.match(header!, /^EMAIL\s+CREATED\s+PASSWORD\s+SESSIONS$/);
    const row = (email: string) => rows.find((line) => line.startsWith(`${email} `))?.split(/\s{2,}/);
    assert.deepEqual(row('ada@studio.example')?.slice(2), ['set', '2']);
    assert.deepEqual(row('pending@studio.example')?.slice(2), ['not set', '0']);
    assert.match(row('pending@studio.example')![1]!, /^\d{4}-\d\d-\d\dT/);
  });

  it('reset --password-stdin ends every session and sets the new password', async () => {
    const { token } = signedIn(await signIn('ada@studio.example', PASSWORD));
    const reset = await runWithInput(`${NEW_PASSWORD}\n`, 'reset', 'ada@studio.example', '--password-stdin');
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /every session of theirs has ended/);
    assert.ok(!reset.stdout.includes(NEW_PASSWORD));
    assert.equal(await operators.session(token), undefined);
    assert.deepEqual(await signIn('ada@studio.example', PASSWORD), { kind: 'refused' });
    signedIn(await signIn('ada@studio.example', NEW_PASSWORD));
  });

  it('reset without a password ends the sessions, voids the password and prints a new link', async () => {
    const { token } = signedIn(await signIn('grace@studio.example', PASSWORD));
    const reset = await run('reset', 'grace@studio.example');
    assert.equal(reset.code, 0, reset.stderr);
    const link = LINK.exec(reset.stdout)?.[1];
    assert.ok(link, reset.stdout);
    assert.equal(await operators.session(token), undefined);
    assert.deepEqual(await signIn('grace@studio.example', PASSWORD), { kind: 'refused' });
    signedIn(await operators.redeemLink(link, NEW_PASSWORD));
  });

  it('remove signs the operator out at once; an unknown operator is exit 4', async () => {
    const { token } = signedIn(await signIn('ada@studio.example', NEW_PASSWORD));
    const removed = await run('remove', 'ADA@studio.example');
    assert.equal(removed.code, 0, removed.stderr);
    assert.match(removed.stdout, /^Removed operator ada@studio\.example/);
    assert.equal(await operators.session(token), undefined);
    for (const args of [['remove', 'ada@studio.example'], ['reset', 'nobody@studio.example']]) {
      const missing = await run(...args);
      assert.equal(missing.code, 4, args.join(' '));
      assert.match(missing.stderr, /^No operator /);
    }
  });

  it('answers a usage mistake with exit 2 and the usage; --help shows it', async () => {
    for (const args of [[], ['frobnicate'], ['add'], ['list', 'extra'], ['add', 'x@studio.example', '--bogus'], ['remove', 'x@studio.example', '--password-stdin']]) {
      const wrong = await run(...args);
      assert.equal(wrong.code, 2, `operators ${args.join(' ')}`);
      assert.match(wrong.stderr, /studio operators <command>/);
    }
    const twoLines = await runWithInput(`${PASSWORD}\nsecond line\n`, 'add', 'two@studio.example', '--password-stdin');
    assert.equal(twoLines.code, 2);
    assert.match(twoLines.stderr, /one line/);
    const help = await run('--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /add <email> \[--password-stdin\]/);
  });
});
