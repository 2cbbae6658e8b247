import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sha256Base64url } from '../../src/lib/hash.js';
import { OperatorRefusal } from '../../src/operators/errors.js';
import { freshAddress, freshIp, operatorsOnEachDialect, PASSWORD, signedIn } from '../helpers/operators.js';

// The operator command's side of the use case (add, list, reset, remove), the one-time sign-in links
// (looking does not use them, setting a password does, once, within 24 hours), and what the database
// holds: hashes, never a password or a token.

const HOUR = 60 * 60_000;
const NEW_PASSWORD = 'another long passphrase';

const refusal = (code: OperatorRefusal['code']) => (error: unknown) => error instanceof OperatorRefusal && error.code === code;

await operatorsOnEachDialect('operator accounts', 'studio_operator_accounts', (harness) => {
  it('adds an operator once per address; refuses a bad address and a password of the wrong length, adding nothing', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    assert.deepEqual(await ops.add(email, PASSWORD), {}, 'with a password, no link');
    await assert.rejects(ops.add(` ${email.toUpperCase()}`, PASSWORD), refusal('email_taken'));
    await assert.rejects(ops.add('not an address', PASSWORD), refusal('invalid_email'));
    const short = freshAddress();
    await assert.rejects(ops.add(short, 'x'.repeat(11)), (e: unknown) => refusal('weak_password')(e) && /at least 12/.test((e as Error).message));
    await assert.rejects(ops.add(short, 'x'.repeat(257)), (e: unknown) => refusal('weak_password')(e) && /at most 256/.test((e as Error).message));
    await ops.add(freshAddress(), 'x'.repeat(12));
    await ops.add(freshAddress(), '😀'.repeat(256));
    const listed = (await ops.list()).map((o) => o.email);
    assert.ok(listed.includes(email));
    assert.ok(!listed.includes(short), 'a refused add stores nothing');
  });

  it('lists every operator with whether a password is set and the sessions alive now', async () => {
    const h = harness();
    const ops = h.operators();
    const [busy, pending] = [freshAddress(), freshAddress()];
    await ops.add(busy, PASSWORD);
    await ops.add(pending);
    const created = h.time.now;
    signedIn(await ops.signIn(busy, PASSWORD, freshIp()));
    h.time.now += 31 * 60_000;
    signedIn(await ops.signIn(busy, PASSWORD, freshIp()));
    signedIn(await ops.signIn(busy, PASSWORD, freshIp()));
    const list = await ops.list();
    assert.deepEqual(list.find((o) => o.email === busy), { email: busy, createdAt: created, hasPassword: true, activeSessions: 2 }, 'the idle one is not counted');
    assert.deepEqual(list.find((o) => o.email === pending), { email: pending, createdAt: created, hasPassword: false, activeSessions: 0 });
  });

  it('a sign-in link: looking shows the address and uses nothing; setting a password uses it, once, and signs in', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    const { linkToken, linkExpiresAt } = await ops.add(email);
    assert.match(linkToken!, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(linkExpiresAt, h.time.now + 24 * HOUR);
    assert.equal(await ops.linkEmail(linkToken!), email);
    assert.equal(await ops.linkEmail(linkToken!), email, 'still there: a mail scanner\'s GET does not use it');
    assert.deepEqual(await ops.redeemLink(linkToken!, 'too short'), { kind: 'weak_password', message: 'The password must be at least 12 characters long.' });
    assert.equal(await ops.linkEmail(linkToken!), email, 'a refused password leaves the link usable');

    const session = signedIn(await ops.redeemLink(linkToken!, PASSWORD));
    assert.equal(session.email, email);
    assert.ok(await ops.session(session.token));
    assert.deepEqual(await ops.redeemLink(linkToken!, NEW_PASSWORD), { kind: 'invalid_link' }, 'used up');
    assert.equal(await ops.linkEmail(linkToken!), undefined);
    signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    assert.deepEqual(await ops.signIn(email, NEW_PASSWORD, freshIp()), { kind: 'refused' });
    for (const junk of ['', 'nope', 'A'.repeat(43)]) {
      assert.equal(await ops.linkEmail(junk), undefined);
      assert.deepEqual(await ops.redeemLink(junk, PASSWORD), { kind: 'invalid_link' });
    }
  });

  it('a link used twice at the same moment sets one password and starts one session', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    const { linkToken } = await ops.add(email);
    const outcomes = await Promise.all([ops.redeemLink(linkToken!, PASSWORD), h.operators().redeemLink(linkToken!, NEW_PASSWORD)]);
    assert.deepEqual(outcomes.map((o) => o.kind).sort(), ['invalid_link', 'signed_in']);
    const winner = outcomes[0]!.kind === 'signed_in' ? PASSWORD : NEW_PASSWORD;
    signedIn(await ops.signIn(email, winner, freshIp()));
  });

  it('a link expires after 24 hours and is deleted when seen', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    const { linkToken } = await ops.add(email);
    h.time.now += 24 * HOUR - 1;
    assert.equal(await ops.linkEmail(linkToken!), email, 'valid until the last millisecond');
    h.time.now += 1;
    assert.equal(await ops.linkEmail(linkToken!), undefined);
    assert.deepEqual(await ops.redeemLink(linkToken!, PASSWORD), { kind: 'invalid_link' });
    const row = await h.db.kysely.selectFrom('operator_sign_in_links').select('token_hash').where('token_hash', '=', sha256Base64url(linkToken!)).executeTakeFirst();
    assert.equal(row, undefined);
  });

  it('a reset with a password ends every session and replaces the password', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    await ops.add(email, PASSWORD);
    const sessions = [signedIn(await ops.signIn(email, PASSWORD, freshIp())), signedIn(await ops.signIn(email, PASSWORD, freshIp()))];
    assert.deepEqual(await ops.reset(email.toUpperCase(), NEW_PASSWORD), {});
    for (const { token } of sessions) assert.equal(await ops.session(token), undefined);
    assert.deepEqual(await ops.signIn(email, PASSWORD, freshIp()), { kind: 'refused' });
    signedIn(await ops.signIn(email, NEW_PASSWORD, freshIp()));
    await assert.rejects(ops.reset(email, 'short'), refusal('weak_password'));
    signedIn(await ops.signIn(email, NEW_PASSWORD, freshIp()));
    assert.equal(await ops.reset(freshAddress(), NEW_PASSWORD), undefined, 'no such operator');
  });

  it('a reset without a password ends every session, voids the old password and the old link, and gives a new link', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    const { linkToken: first } = await ops.add(email);
    const { token } = signedIn(await ops.redeemLink(first!, PASSWORD));
    const { linkToken: unused } = (await ops.reset(email))!;
    const { linkToken: latest } = (await ops.reset(email))!;
    assert.equal(await ops.session(token), undefined);
    assert.deepEqual(await ops.signIn(email, PASSWORD, freshIp()), { kind: 'refused' });
    assert.equal((await ops.list()).find((o) => o.email === email)?.hasPassword, false);
    assert.equal(await ops.linkEmail(unused!), undefined, 'a newer link replaces it');
    signedIn(await ops.redeemLink(latest!, NEW_PASSWORD));
    signedIn(await ops.signIn(email, NEW_PASSWORD, freshIp()));
  });

  it('stores an argon2id hash (OWASP parameters) and token hashes; no column holds the password or a token', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    const { linkToken } = await ops.add(email);
    const fromLink = signedIn(await ops.redeemLink(linkToken!, PASSWORD));
    const session = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    const operator = await h.db.kysely.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    assert.match(operator.password_hash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const sessions = await h.db.kysely.selectFrom('operator_sessions').selectAll().where('operator_id', '=', operator.id).execute();
    assert.deepEqual(sessions.map((s) => s.token_hash).sort(), [sha256Base64url(fromLink.token), sha256Base64url(session.token)].sort());
    const links = await h.db.kysely.selectFrom('operator_sign_in_links').selectAll().where('operator_id', '=', operator.id).execute();
    assert.deepEqual(links.map((l) => l.token_hash), [sha256Base64url(linkToken!)]);
    assert.ok(links[0]!.used_at !== null, 'marked used');
    const stored = JSON.stringify([operator, sessions, links]);
    for (const secret of [PASSWORD, linkToken!, fromLink.token, session.token, session.csrfToken]) {
      assert.ok(!stored.includes(secret), 'a secret is stored in clear');
    }
  });

  it('purges expired sessions and links (every sign-in does too), and keeps the live ones', async () => {
    const h = harness();
    const ops = h.operators();
    const email = freshAddress();
    await ops.add(email, PASSWORD);
    const { linkToken: expired } = await ops.add(freshAddress());
    const old = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    const sessionStored = async (token: string) => (await h.db.kysely.selectFrom('operator_sessions').select('token_hash')
      .where('token_hash', '=', sha256Base64url(token)).executeTakeFirst()) !== undefined;
    const linkStored = async (token: string) => (await h.db.kysely.selectFrom('operator_sign_in_links').select('token_hash')
      .where('token_hash', '=', sha256Base64url(token)).executeTakeFirst()) !== undefined;

    h.time.now += 24 * HOUR;
    const { linkToken: fresh } = await ops.add(freshAddress());
    const idle = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    assert.deepEqual([await sessionStored(old.token), await linkStored(expired!)], [false, false], 'the sign-in purged them');
    const live = signedIn(await ops.signIn(email, PASSWORD, freshIp()));
    h.time.now += 29 * 60_000;
    assert.ok(await ops.session(live.token));
    h.time.now += 2 * 60_000;

    const rows = async () => (await h.db.kysely.selectFrom('operator_sessions').select('token_hash').execute()).length
      + (await h.db.kysely.selectFrom('operator_sign_in_links').select('token_hash').execute()).length;
    const before = await rows();
    const purged = await ops.purgeExpired();
    assert.ok(purged.sessions >= 1, 'at least the idle session');
    assert.equal(before - (await rows()), purged.sessions + purged.links, 'it counts what it deleted');
    assert.equal(await sessionStored(idle.token), false);
    assert.ok(await sessionStored(live.token));
    assert.ok(await ops.session(live.token));
    assert.ok(await ops.linkEmail(fresh!), 'an unexpired link stays');
  });
});
