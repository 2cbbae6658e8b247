import type { FastifyBaseLogger } from 'fastify';
import { createOAuth, type OAuthService } from '../../src/oauth/service.js';
import { openDatabase } from '../../src/store/db/database.js';
import { migrateToLatest } from '../../src/store/db/migrate.js';
import { oauthStores } from '../../src/store/oauth/stores.js';
import { silentLogger } from './inquiries.js';
import { startServer, type Cleanups, type TestServer } from './server.js';

/** A clock the test moves: the server reads it for token times, expiry and key retirement. */
export class TestClock {
  offsetMs = 0;
  readonly now = () => Date.now() + this.offsetMs;
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** startServer() with an injected OAuth clock; `env` as an operator would set it. */
export async function startOAuthServer(
  t: Cleanups, env: Record<string, string> = {}, clock = new TestClock(), logger?: FastifyBaseLogger,
): Promise<TestServer & { clock: TestClock }> {
  return { ...(await startServer(t, env, { clock: clock.now, logger })), clock };
}

export interface RegisteredClient {
  client_id: string;
  client_secret: string;
}

export async function registerClient(url: string, metadata: Record<string, unknown> = { client_name: 'test agent' }): Promise<RegisteredClient> {
  const response = await fetch(`${url}/oauth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(metadata),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return await response.json() as RegisteredClient;
}

export function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

export async function postForm(url: string, form: Record<string, string> | string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  });
}

export async function requestToken(url: string, client: RegisteredClient, scope?: string): Promise<string> {
  const response = await postForm(`${url}/oauth/token`, { grant_type: 'client_credentials', ...(scope && { scope }) },
    { authorization: basic(client.client_id, client.client_secret) });
  if (response.status !== 200) throw new Error(`token failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export function apiCall(url: string, authorization?: string, path = '/api/v1/projects'): Promise<Response> {
  return fetch(url + path, { headers: authorization ? { authorization } : {} });
}


/** The OAuth service on a migrated in-memory SQLite database, for tests of the use cases without HTTP. */
export async function createOAuthOnSqlite(options: { signingKey?: string; clock?: () => number } = {}): Promise<{ oauth: OAuthService; close(): Promise<void> }> {
  const db = openDatabase('sqlite::memory:', silentLogger);
  await migrateToLatest(db);
  const oauth = await createOAuth({
    issuer: TEST_ISSUER, stores: oauthStores(db), signingKey: options.signingKey, logger: silentLogger, clock: options.clock, warmUp: false,
  });
  return { oauth, async close() { oauth.close(); await db.close(); } };
}

export const TEST_ISSUER = 'https://studio.example';
