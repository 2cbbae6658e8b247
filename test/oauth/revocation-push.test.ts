import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createPgDatabase, type PgDatabase } from '../helpers/postgres.js';
import {
  apiCall, basic, postForm, registerClient, requestToken, startOAuthServer,
  type RegisteredClient, type TestClock,
} from '../helpers/oauth-helpers.js';
import { eventually } from '../helpers/inquiries.js';
import { suiteScope, type TestServer } from '../helpers/server.js';
import { REVOCATION_CHANNEL } from '../../src/store/oauth/pg-revocation-feed.js';

// Bearer requests are answered from memory (a verified token is remembered until it expires, the live
// revocations are held in process) while PostgreSQL pushes every revocation (LISTEN/NOTIFY). These tests
// hold the promise that costs nothing: a revoked token is refused on the other instance after the push,
// after its LISTEN connection was lost and came back, and after a restart; and a remembered token never
// lets an altered one through.

type Instance = TestServer & { clock: TestClock };
const BASE_URL = 'https://studio.example';
/** B's connections carry this name, so the test can find (and cut) B's LISTEN connection alone. */
const B_NAME = 'studio_revocation_push_b';
/** Polls every 10 ms, up to 10 s: the push and a reconnect take milliseconds; this only bounds a broken one. */
const soon = (condition: () => Promise<boolean>) => eventually(async () => (await condition()) || undefined, 1_000, 10);

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };
const status = async (instance: Instance, token: string) => (await apiCall(instance.url, `Bearer ${token}`)).status;

describe('revocations pushed to every instance (PostgreSQL LISTEN/NOTIFY)', () => {
  const suite = suiteScope();
  let skip: string | undefined;
  let database: PgDatabase;
  let admin: pg.Client;
  let a: Instance;
  let b: Instance;
  let client: RegisteredClient;
  const startA = () => startOAuthServer(suite, { DATABASE_URL: database.url, BASE_URL, RATE_LIMIT_SCALE: '100' });
  const startB = () => startOAuthServer(suite, { DATABASE_URL: `${database.url}?application_name=${B_NAME}`, BASE_URL, RATE_LIMIT_SCALE: '100' });
  const guard = (t: TestContext) => { if (skip) t.skip(skip); return skip !== undefined; };
  const revokeOnA = async (token: string) => {
    const revoked = await postForm(`${a.url}/oauth/revoke`, { token }, { authorization: basic(client.client_id, client.client_secret) });
    assert.equal(revoked.status, 200);
  };
  /** The pid of B's LISTEN connection (its only statement is LISTEN, repeated as its heartbeat), if connected. */
  const listenerOfB = async (): Promise<number | undefined> => {
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where application_name = $1 and query like 'LISTEN %'", [B_NAME]);
    return rows[0]?.pid;
  };
  /** A fresh token that B has verified (and so remembers). */
  const tokenKnownToB = async () => {
    const token = await requestToken(a.url, client);
    assert.equal(await status(b, token), 200);
    return token;
  };

  before(async () => {
    const created = await createPgDatabase('studio_revocation_push');
    if (typeof created === 'string') {
      skip = created;
      process.stdout.write(`# skipping the revocation push suite: ${skip}\n`);
      return;
    }
    database = created;
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    a = await startA();
    b = await startB();
    client = await registerClient(a.url);
    await soon(async () => (await listenerOfB()) !== undefined);
  });
  after(async () => {
    await admin?.end();
    await database?.drop();
  });

  it('refuses on B a token revoked on A, once the push arrives', async (t) => {
    if (guard(t)) return;
    const token = await tokenKnownToB();
    await revokeOnA(token);
    await soon(async () => (await status(b, token)) === 401);
    const refused = await apiCall(b.url, `Bearer ${token}`);
    assert.match(refused.headers.get('www-authenticate') ?? '', /revoked/);
    // Another token of the same client is not affected.
    assert.equal(await status(b, await requestToken(a.url, client)), 200);
  });

  it('learns of a revocation from the push alone, without reading the store', async (t) => {
    if (guard(t)) return;
    const token = await tokenKnownToB();
    const { jti, exp } = claimsOf(token);
    // A notification with no row behind it: only the pushed message can make B refuse this token.
    await admin.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, `${(exp + 30) * 1000} jti:${jti}`]);
    await soon(async () => (await status(b, token)) === 401);
  });

  it('refuses after B\'s LISTEN connection is dropped a revocation it was never told of', async (t) => {
    if (guard(t)) return;
    const token = await tokenKnownToB();
    // A revocation stored without its NOTIFY: B can only learn of it by reading the table again, which it
    // must do on reconnecting (a missed notification looks exactly like this).
    const { jti, exp } = claimsOf(token);
    await admin.query('insert into oauth_revocations (subject, expires_at) values ($1, $2)', [`jti:${jti}`, (exp + 30) * 1000]);
    const listener = await listenerOfB();
    assert.ok(listener, 'B listens');
    await admin.query('select pg_terminate_backend($1)', [listener]);
    await soon(async () => ![undefined, listener].includes(await listenerOfB()));
    assert.equal(await status(b, token), 401);
  });

  it('refuses after a restart of B a token revoked while it was down', async (t) => {
    if (guard(t)) return;
    const token = await tokenKnownToB();
    await b.close();
    await revokeOnA(token);
    b = await startB();
    assert.equal(await status(b, token), 401);
    await soon(async () => (await listenerOfB()) !== undefined);
    assert.equal(await status(b, token), 401);
  });

  it('never lets a token altered after the genuine one was remembered through', async (t) => {
    if (guard(t)) return;
    const token = await tokenKnownToB();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // A middle character of the signature: every bit of it is signature (the last one carries padding bits).
    const i = Math.floor(signature.length / 2);
    const flipped = `${header}.${payload}.${signature.slice(0, i)}${signature[i] === 'A' ? 'B' : 'A'}${signature.slice(i + 1)}`;
    const forged = await apiCall(b.url, `Bearer ${flipped}`);
    assert.equal(forged.status, 401);
    assert.match(forged.headers.get('www-authenticate') ?? '', /signature/);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const widened = Buffer.from(JSON.stringify({ ...claims, scope: `${String(claims.scope)} inquiries:read` })).toString('base64url');
    assert.equal(await status(b, `${header}.${widened}.${signature}`), 401);
    assert.equal(await status(b, token), 200, 'the genuine token is still accepted');
  });
});
