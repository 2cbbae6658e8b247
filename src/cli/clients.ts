import type { Config } from '../config.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../contract/oauth.js';
import { ClientStore } from '../oauth/client-store.js';
import { CLOCK_TOLERANCE_SECONDS } from '../oauth/clock.js';
import { RevocationStore } from '../oauth/revocation-store.js';
import { withDatabase } from './store.js';

export const summary = 'clients list | clients revoke <client_id>   registered OAuth clients; revoking stops their tokens at once';

const USAGE = 'usage: studio clients list\n       studio clients revoke <client_id>\n';

const iso = (ms: number) => new Date(ms).toISOString();

async function list(config: Config): Promise<number> {
  const clients = await withDatabase(config, (db) => new ClientStore(db).list());
  if (clients.length === 0) {
    process.stdout.write('No registered clients.\n');
    return 0;
  }
  for (const c of clients) {
    const status = c.revokedAt === null ? 'active' : `revoked ${iso(c.revokedAt)}`;
    process.stdout.write(`${c.clientId}\t${iso(c.createdAt)}\t${status}\t${c.metadata.scope}\t${JSON.stringify(c.metadata.client_name)}\n`);
  }
  return 0;
}

/** Disables the client and revokes every token it holds until the last one would have expired. */
async function revoke(config: Config, clientId: string): Promise<number> {
  const now = Date.now();
  const found = await withDatabase(config, async (db) => {
    if (!(await new ClientStore(db).markRevoked(clientId, now))) return false;
    await new RevocationStore(db).revokeClient(clientId, now + (ACCESS_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000);
    return true;
  });
  if (!found) {
    process.stderr.write(`No client ${clientId}.\n`);
    return 1;
  }
  process.stdout.write(`Revoked ${clientId}: it can no longer obtain tokens, and its tokens are refused on every instance now.\n`);
  return 0;
}

export async function run(args: string[], deps: { config: Config }): Promise<number> {
  const [command, clientId, ...rest] = args;
  if (command === 'list' && clientId === undefined) return list(deps.config);
  if (command === 'revoke' && clientId && rest.length === 0) return revoke(deps.config, clientId);
  process.stderr.write(USAGE);
  return 2;
}
