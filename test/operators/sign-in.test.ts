import { it } from 'node:test';
import assert from 'node:assert/strict';
import { SIGN_IN_RATE_LIMIT_POLICIES } from '../../src/contract/rate-limits.js';
import { sha256Base64url } from '../../src/lib/hash.js';
import { freshAddress, freshIp, operatorsOnEachDialect, PASSWORD, signedIn } from '../helpers/operators.js';

// Signing in to the web inbox: the answers (a refusal never says which part was wrong), the equal work for
// known and unknown addresses, the throttling per account and per IP, and the sessions it starts: their
// idle and absolute expiry, their CSRF token, signing out and the removal of their operator.

const MINUTE = 60_000;
const { signIn: PER_IP, signInAccount: PER_ACCOUNT } = SIGN_IN_RATE_LIMIT_POLICIES;

await operatorsOnEachDialect('operators sign-in', 'studio_operators_sign_in', (harness) => {
  it('signs in with the right password; a wrong password and an unknown address get the same answer, for the same work', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    await ops.add(email, PASSWORD);
    const session = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    assert.match(session.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(session.email, email);
    assert.equal(session.maxAgeSeconds, 12 * 60 * 60);
    assert.deepEqual(await ops.session(session.token), { operatorId: session.operatorId, email, csrfToken: session.csrfToken });

    const withoutPassword = freshAddress();
    await ops.add(withoutPassword);
    for (const [address, password] of [[email, 'a wrong password'], [freshAddress(), PASSWORD], [withoutPassword, PASSWORD]] as const) {
      const counted: number = h.hasher.verifications;
      assert.deepEqual(await ops.signIn(address, password, freshIp()), { kind: 'refused' }, address);
      assert.equal(h.hasher.verifications - counted, 1, `${address}: one argon2id verification, as for a known address`);
    }
  });

  it('takes the address in any letter case and spacing, and the password in either Unicode composition', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    await ops.add(`  ${email.toUpperCase()} `, 'cafe\u0301 au lait, please');
    signedIn(await ops.signIn(email, 'caf\u00e9 au lait, please', freshIp()));
  });

  it(`refuses attempt ${PER_ACCOUNT.limit + 1} on one account, even with the right password, until its window ends`, async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    await ops.add(email, PASSWORD);
    for (let i = 0; i < PER_ACCOUNT.limit; i += 1) {
      assert.deepEqual(await ops.signIn(email, `a wrong password ${i}`, freshIp()), { kind: 'refused' });
    }
    const verifications = h.hasher.verifications;
    const throttled = await ops.signIn(` ${email.toUpperCase()}`, PASSWORD, freshIp());
    assert.equal(throttled.kind, 'throttled', 'the same account in another spelling');
    const { retryAfterSeconds } = throttled as { retryAfterSeconds: number };
    assert.ok(retryAfterSeconds > 0 && retryAfterSeconds <= PER_ACCOUNT.windowSeconds, `Retry-After ${retryAfterSeconds}`);
    assert.equal(h.hasher.verifications, verifications, 'a throttled attempt costs no hash');
    const other = freshAddress();
    await ops.add(other, PASSWORD);
    signedIn(await ops.signIn(other, PASSWORD, freshIp()));
    h.time.now += retryAfterSeconds * 1000;
    signedIn(await ops.signIn(email, PASSWORD, freshIp()));
  });

  it(`refuses attempt ${PER_IP.limit + 1} from one IP, whichever accounts it tried; other IPs go on`, async () => {
    const h = harness();
    const ops = h.operators();
    const ip = freshIp();
    const email = freshAddress();
    await ops.add(email, PASSWORD);
    for (let i = 0; i < PER_IP.limit; i += 1) assert.deepEqual(await ops.signIn(freshAddress(), PASSWORD, ip), { kind: 'refused' });
    const throttled = await ops.signIn(email, PASSWORD, ip);
    assert.equal(throttled.kind, 'throttled');
    assert.ok((throttled as { retryAfterSeconds: number }).retryAfterSeconds > 0);
    signedIn(await ops.signIn(email, PASSWORD, freshIp()));
  });

  it('ends a session idle for 30 minutes, writing its last-seen time at most once a minute', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    await ops.add(email, PASSWORD);
    const { token } = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    const lastSeen = async () => (await h.db.kysely.selectFrom('operator_sessions').select('last_seen_at')
      .where('token_hash', '=', sha256Base64url(token)).executeTakeFirst())?.last_seen_at;
    const start = h.time.now;
    h.time.now += 30_000;
    assert.ok(await ops.session(token));
    assert.equal(Number(await lastSeen()), start, 'not written within the minute');
    h.time.now = start + 29 * MINUTE;
    assert.ok(await ops.session(token));
    assert.equal(Number(await lastSeen()), h.time.now, 'written once the minute has passed');
    h.time.now += 29 * MINUTE;
    assert.ok(await ops.session(token), 'alive: it was used 29 minutes ago');
    h.time.now += 30 * MINUTE;
    assert.equal(await ops.session(token), undefined, 'idle for 30 minutes');
    assert.equal(await lastSeen(), undefined, 'deleted when seen expired');
  });

  it('ends a session 12 hours after its sign-in, however busy', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    await ops.add(email, PASSWORD);
    const { token } = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    const start = h.time.now;
    for (h.time.now = start + 20 * MINUTE; h.time.now < start + 12 * 60 * MINUTE; h.time.now += 20 * MINUTE) {
      assert.ok(await ops.session(token), `alive after ${(h.time.now - start) / MINUTE} minutes`);
    }
    h.time.now = start + 12 * 60 * MINUTE;
    assert.equal(await ops.session(token), undefined);
  });

  it('derives one CSRF token per session: the same on every request, another for another session', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    await ops.add(email, PASSWORD);
    const first = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    const second = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    assert.equal((await ops.session(first.token))?.csrfToken, first.csrfToken);
    assert.equal((await ops.session(first.token))?.csrfToken, first.csrfToken);
    assert.equal((await ops.session(second.token))?.csrfToken, second.csrfToken);
    assert.notEqual(first.csrfToken, second.csrfToken);
    assert.match(first.csrfToken, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(first.csrfToken, first.token);
  });

  it('looks up no junk: a value that is not a token, or a token of no session, is no session', async () => {
    const h = harness();
    const ops = h.operators();
    for (const token of ['', 'x', '../../etc/passwd', 'A'.repeat(43), 'é'.repeat(43), 'A'.repeat(4096)]) {
      assert.equal(await ops.session(token), undefined, JSON.stringify(token.slice(0, 20)));
      await ops.signOut(token);
    }
  });

  it('signs out one session; removing an operator ends every session of theirs at once, and their links', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    const { linkToken } = await ops.add(email);
    const fromLink = signedIn(await ops.redeemLink(linkToken!, PASSWORD));
    const kept = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    const ended = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    await ops.signOut(ended.token);
    assert.equal(await ops.session(ended.token), undefined);
    assert.ok(await ops.session(kept.token), 'the other sessions go on');

    // Another instance of the service (its own use case, the same database) sees the removal at once.
    assert.equal(await h.operators().remove(email.toUpperCase()), true);
    assert.equal(await ops.session(kept.token), undefined);
    assert.equal(await ops.session(fromLink.token), undefined);
    assert.deepEqual(await ops.signIn(email, PASSWORD, freshIp()), { kind: 'refused' });
    assert.equal(await ops.remove(email), false, 'gone');
    const rows = async (table: 'operator_sessions' | 'operator_sign_in_links') =>
      (await h.db.kysely.selectFrom(table).select('token_hash').where('operator_id', '=', kept.operatorId).execute()).length;
    assert.deepEqual([await rows('operator_sessions'), await rows('operator_sign_in_links')], [0, 0], 'the rows went with the operator');
  });
});
