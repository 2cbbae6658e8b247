import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../contract/oauth.js';
import { ClientStore } from '../oauth/client-store.js';
import { CLOCK_TOLERANCE_SECONDS } from '../contract/oauth.js';
import { RevocationStore } from '../oauth/revocation-store.js';
import { EXIT, iso, UsageError, type CliContext, type CommandGroup } from './command.js';

const USAGE = 'studio clients list\nstudio clients revoke <client_id>\n\nLists the registered OAuth clients, or revokes one: it can no longer\nobtain tokens and its tokens are refused on every instance at once.';

async function list(context: CliContext): Promise<number> {
  const clients = await new ClientStore(await context.db()).list();
  if (clients.length === 0) context.out('No registered clients.');
  for (const c of clients) {
    const status = c.revokedAt === null ? 'active' : `revoked ${iso(c.revokedAt)}`;
    context.out(`${c.clientId}\t${iso(c.createdAt)}\t${status}\t${c.metadata.scope}\t${JSON.stringify(c.metadata.client_name)}`);
  }
  return EXIT.ok;
}

/** Disables the client and revokes every token it holds until the last one would have expired. */
async function revoke(context: CliContext, clientId: string): Promise<number> {
  const now = Date.now();
  const db = await context.db();
  if (!(await new ClientStore(db).markRevoked(clientId, now))) {
    context.err(`No client ${clientId}.`);
    return EXIT.notFound;
  }
  await new RevocationStore(db).revokeClient(clientId, now + (ACCESS_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000);
  context.out(`Revoked ${clientId}: it can no longer obtain tokens, and its tokens are refused on every instance now.`);
  return EXIT.ok;
}

export const clientsCommands: CommandGroup = {
  summary: 'clients list|revoke <id> registered OAuth clients; revoking stops their tokens at once',
  usage: USAGE,
  async run(args, context) {
    const [command, clientId, ...rest] = args;
    if (command === 'list' && clientId === undefined) return list(context);
    if (command === 'revoke' && clientId && rest.length === 0) return revoke(context, clientId);
    throw new UsageError(command ? `unexpected arguments: ${args.join(' ')}` : 'a subcommand is required');
  },
};
