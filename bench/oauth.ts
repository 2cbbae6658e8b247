import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_LIFETIME_SECONDS, ACCESS_TOKEN_TYPE, DEFAULT_SCOPES } from '../src/contract/oauth.js';
import { seconds } from '../src/lib/clock.js';
import { hashSecret, newClientId, newClientSecret } from '../src/oauth/secrets.js';
import { generateSigningKey } from '../src/oauth/signing-key.js';
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
    const token = await requestToken(studio.url, client);
    const projects = `${studio.url}/api/v1/projects`;
    const bearer = await measureCases([
      { name: 'GET /api/v1/projects, no token (baseline)', options: { url: projects } },
      { name: 'GET /api/v1/projects, valid bearer token', options: { url: projects, headers: { authorization: `Bearer ${token}` } } },
    ]);
    const ours = 'POST /oauth/token (client_credentials)';
    const before = await signLimit();
    const issuing = await measureCases([
      { name: 'node-oidc-provider POST /token (client_credentials, EdDSA JWT; peer)', options: tokenRequest(`${peer.url}/token`, peerClient) },
      { name: ours, target: 1.6, options: tokenRequest(`${studio.url}/oauth/token`, client) },
    ]);
    const after = await signLimit();
    const limit: BenchRow = {
      name: `in process: SHA-256 of the secret + jose SignJWT EdDSA, one at a time (sign limit; ${before} before, ${after} after)`,
      requestsPerSecond: Math.round((before + after) / 2), p99Ms: 0, errors: 0, non2xx: 0,
    };
    const issued = issuing.find((row) => row.name === ours)!;
    const ofLimit: BenchRow = {
      ...issued, name: `${ours}, against the sign limit`, baseline: 'the in-process sign limit (median figures; not per round)',
      ratio: Math.round((issued.requestsPerSecond / limit.requestsPerSecond) * 100) / 100, spread: undefined, target: 0.55,
    };
    return [...bearer, ...issuing, limit, ofLimit];
  } finally {
    await peer.stop();
    await studio.stop();
  }
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

/**
 * Tokens per second one core signs in this process, one at a time, with nothing around them: the secret
 * hashed as client authentication hashes it, then the service's claims signed with jose and an Ed25519
 * key of the service's kind (a WebCrypto key, as jose imports it). The ceiling issue 14 measures POST
 * /oauth/token against, whatever the HTTP and the store cost.
 */
async function signLimit(): Promise<number> {
  const { kid, privateJwk } = await generateSigningKey();
  const privateKey = await importJWK(privateJwk, ACCESS_TOKEN_ALGORITHM);
  const secret = newClientSecret();
  const clientId = newClientId();
  const sign = async (): Promise<string> => {
    hashSecret(secret);
    const iat = seconds(Date.now());
    return new SignJWT({ iss: 'http://127.0.0.1', sub: clientId, aud: 'http://127.0.0.1', client_id: clientId, iat, exp: iat + ACCESS_TOKEN_LIFETIME_SECONDS, jti: randomUUID(), scope: DEFAULT_SCOPES.join(' ') })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE, kid })
      .sign(privateKey);
  };
  for (let i = 0; i < 2000; i++) await sign();
  const durationMs = Math.max(1000, (BENCH_SECONDS * 1000) / 4);
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < durationMs) {
    await sign();
    count++;
  }
  return Math.round(count / ((performance.now() - start) / 1000));
}
