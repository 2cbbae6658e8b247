import type { Config } from '../config.js';
import { KEY_REFRESH_SECONDS, KeyStore, RETIRE_AFTER_MS } from '../oauth/key-store.js';
import { parseConfiguredKey } from '../oauth/signing-key.js';
import { withDatabase } from './store.js';

export const summary = 'keys list | keys rotate   OAuth signing keys; rotate signs with a new key, the old one is retired after its tokens expire';

const USAGE = 'usage: studio keys list\n       studio keys rotate\n';

const iso = (ms: number) => new Date(ms).toISOString();

async function list(config: Config): Promise<number> {
  if (config.oauthSigningKey) {
    const key = await parseConfiguredKey(config.oauthSigningKey);
    process.stdout.write(`${key.kid}\tfrom OAUTH_SIGNING_KEY\tsigning (keys in the database are not used)\n`);
    return 0;
  }
  const now = Date.now();
  const keys = await withDatabase(config, (db) => new KeyStore(db).all());
  if (keys.length === 0) process.stdout.write('No keys yet: the first start (or first token) creates one.\n');
  for (const key of keys) {
    const retiresAt = key.rotatedAt === null ? undefined : key.rotatedAt + RETIRE_AFTER_MS;
    const state = retiresAt === undefined ? 'signing'
      : retiresAt > now ? `published until ${iso(retiresAt)} (verifies tokens it signed)` : 'retired';
    process.stdout.write(`${key.kid}\tcreated ${iso(key.createdAt)}\t${state}\n`);
  }
  return 0;
}

async function rotate(config: Config): Promise<number> {
  if (config.oauthSigningKey) {
    process.stderr.write('OAUTH_SIGNING_KEY is set: rotate by setting a new key there (tokens of the old key stop verifying).\n');
    return 1;
  }
  const now = Date.now();
  const key = await withDatabase(config, (db) => new KeyStore(db).rotate(now));
  process.stdout.write(`New signing key ${key.kid}. Running instances sign with it within ${KEY_REFRESH_SECONDS} s; `
    + `the previous key stays published until ${iso(now + RETIRE_AFTER_MS)}, then is retired.\n`);
  return 0;
}

export async function run(args: string[], deps: { config: Config }): Promise<number> {
  const [command, ...rest] = args;
  if (rest.length === 0 && command === 'list') return list(deps.config);
  if (rest.length === 0 && command === 'rotate') return rotate(deps.config);
  process.stderr.write(USAGE);
  return 2;
}
