import { PATHS } from '../src/contract/paths.js';
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_LIFETIME_SECONDS, ACCESS_TOKEN_TYPE, DEFAULT_SCOPES, type AccessTokenClaims } from '../src/contract/oauth.js';
import { seconds } from '../src/lib/clock.js';
import { hashSecret, newClientId, newClientSecret } from '../src/oauth/secrets.js';
import { generateSigningKey, importSigningKey, signCompactJws } from '../src/oauth/signing-key.js';
import { basic, registerClient, requestToken, type RegisteredClient } from '../test/helpers/oauth-helpers.js';
import { BENCH_SECONDS, measureCases, startProcess, startStudio, type BenchCase, type BenchRow } from './lib.js';

/**
 * Token issuance and the cost of bearer verification: GET /api/v1/projects with and without a valid
 * token on the same server; POST /oauth/token against node-oidc-provider issuing the same kind of token
 * (client_credentials, client_secret_basic, an EdDSA JWT) in its own process, and against the in-process
 * sign limit. BENCH_DATABASE_URL=postgres://… measures on PostgreSQL.
 */
export async function run(): Promise<BenchRow[]> {
  const database: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const studio = await startStudio(database);
  const peerClient = { client_id: newClientId(), client_secret: newClientSecret() };
  const peer = await startProcess('bench/oidc-provider-server.ts',
    { BENCH_CLIENT_ID: peerClient.client_id, BENCH_CLIENT_SECRET: peerClient.client_secret }, '/.well-known/openid-configuration');
  try {
    const client = await registerClient(studio.url, { client_name: 'bench' });
    const projects = `${studio.url}${PATHS.projects}`;
    const bearer = await measureCases([
      { name: `GET ${PATHS.projects}, no token (baseline)`, options: { url: projects } },
      { name: `GET ${PATHS.projects}, valid bearer token`, target: 0.8, options: { url: projects, headers: { authorization: `Bearer ${await requestToken(studio.url, client)}` } } },
    ]);
    return [...bearer, ...await issuingRows(tokenRequest(`${studio.url}/oauth/token`, client), tokenRequest(`${peer.url}/token`, peerClient))];
  } finally {
    await peer.stop();
    await studio.stop();
  }
}

/**
 * POST /oauth/token against the peer (per round), and against the in-process sign limit measured just
 * before and just after the HTTP rounds (an average: the limit cannot join autocannon's rounds).
 */
async function issuingRows(ours: BenchCase['options'], peers: BenchCase['options']): Promise<BenchRow[]> {
  const name = 'POST /oauth/token (client_credentials)';
  const [jose, service] = [await joseSigner(), await serviceSigner()];
  const before = await perSecond(jose);
  const [peer, issued] = await measureCases([
    { name: 'node-oidc-provider POST /token (client_credentials, EdDSA JWT; peer)', options: peers },
    { name, target: 1.6, options: ours },
  ]) as [BenchRow, BenchRow];
  const after = await perSecond(jose);
  const limit = inProcessRow(`in process: SHA-256 of the secret + jose SignJWT EdDSA, one at a time (sign limit; ${before} before, ${after} after)`,
    (before + after) / 2);
  const ofLimit: BenchRow = {
    ...issued, name: `${name}, against the sign limit`, baseline: 'the in-process sign limit (median figures; not per round)',
    ratio: Math.round((issued.requestsPerSecond / limit.requestsPerSecond) * 100) / 100, spread: undefined, target: 0.55,
  };
  // Not a baseline: the service signs with node:crypto, faster than jose; its own signer shows how much of the limit is HTTP.
  const ownSigner = inProcessRow('in process: the same with the service\'s signer (node:crypto Ed25519 on the thread pool)', await perSecond(service));
  return [peer, issued, limit, ofLimit, ownSigner];
}

function inProcessRow(name: string, perSecondRate: number): BenchRow {
  return { name, requestsPerSecond: Math.round(perSecondRate), p99Ms: 0, errors: 0, non2xx: 0 };
}

/** The same request to either server: Basic credentials, the client's scopes named (the peer grants none otherwise). */
function tokenRequest(url: string, client: RegisteredClient): BenchCase['options'] {
  return {
    url,
    method: 'POST',
    headers: { authorization: basic(client.client_id, client.client_secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: DEFAULT_SCOPES.join(' ') }).toString(),
  };
}

/** The claims the service puts in a token, for a new client id each time the caller asks. */
function claims(clientId: string): AccessTokenClaims {
  const iat = seconds(Date.now());
  return {
    iss: 'http://127.0.0.1', sub: clientId, aud: 'http://127.0.0.1', client_id: clientId,
    iat, exp: iat + ACCESS_TOKEN_LIFETIME_SECONDS, jti: randomUUID(), scope: DEFAULT_SCOPES.join(' '),
  };
}

/**
 * The sign limit of issue 14: the secret hashed as client authentication hashes it, then the service's
 * claims signed with jose's SignJWT and an Ed25519 key (a WebCrypto key, as jose imports it).
 */
async function joseSigner(): Promise<() => Promise<string>> {
  const { kid, privateJwk } = await generateSigningKey();
  const privateKey = await importJWK(privateJwk, ACCESS_TOKEN_ALGORITHM);
  const secret = newClientSecret();
  const clientId = newClientId();
  return () => {
    hashSecret(secret);
    return new SignJWT({ ...claims(clientId) }).setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE, kid }).sign(privateKey);
  };
}

/** The same work as the service does it: the hash, then signCompactJws (node:crypto's Ed25519 sign, on the thread pool). */
async function serviceSigner(): Promise<() => Promise<string>> {
  const key = await importSigningKey(await generateSigningKey(), Date.now(), null);
  const secret = newClientSecret();
  const clientId = newClientId();
  return () => {
    hashSecret(secret);
    return signCompactJws(key, ACCESS_TOKEN_TYPE, claims(clientId));
  };
}

/** Operations per second in this process, one at a time, with nothing around them, after a warm-up. */
async function perSecond(operation: () => unknown): Promise<number> {
  for (let i = 0; i < 2000; i++) await operation();
  const durationMs = Math.max(1000, (BENCH_SECONDS * 1000) / 4);
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < durationMs) {
    await operation();
    count++;
  }
  return Math.round(count / ((performance.now() - start) / 1000));
}
