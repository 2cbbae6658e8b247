import type { Logger } from '../lib/logger.js';
import { createOAuth } from '../oauth/service.js';
import type { Grants } from '../oauth/grants.js';
import { oauthStores } from '../store/oauth-stores.js';
import { EXIT, iso, parseCommandLine, UsageError, type CliContext, type CommandGroup } from './command.js';

const USAGE = 'studio clients list\nstudio clients revoke <client_id>\n\nLists the registered OAuth clients, or revokes one: it can no longer\nobtain tokens and its tokens are refused on every instance at once.';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The grants use case on the configured database, as the server builds it; its keys are never loaded. */
async function grantsOf(context: CliContext): Promise<Grants> {
  const { config } = context;
  const oauth = await createOAuth({
    issuer: config.baseUrl, stores: oauthStores(await context.db()), signingKey: config.oauthSigningKey, logger: quiet, warmUp: false,
  });
  return oauth.grants;
}

async function list(context: CliContext): Promise<number> {
  const clients = await (await grantsOf(context)).listClients();
  if (clients.length === 0) context.out('No registered clients.');
  for (const c of clients) {
    const status = c.revokedAt === null ? 'active' : `revoked ${iso(c.revokedAt)}`;
    context.out(`${c.clientId}\t${iso(c.createdAt)}\t${status}\t${c.metadata.scope}\t${JSON.stringify(c.metadata.client_name)}`);
  }
  return EXIT.ok;
}

/** Disables the client and revokes every token it holds until the last one would have expired. */
async function revoke(context: CliContext, clientId: string): Promise<number> {
  if (!(await (await grantsOf(context)).revokeClient(clientId))) {
    context.err(`No client ${clientId}.`);
    return EXIT.notFound;
  }
  context.out(`Revoked ${clientId}: it can no longer obtain tokens, and its tokens are refused on every instance now.`);
  return EXIT.ok;
}

export const clientsCommands: CommandGroup = {
  summary: 'clients list|revoke <id> registered OAuth clients; revoking stops their tokens at once',
  usage: USAGE,
  async run(args, context) {
    const [command, clientId] = parseCommandLine(args, {}, 2).positionals;
    if (command === 'list' && clientId === undefined) return list(context);
    if (command === 'revoke' && clientId) return revoke(context, clientId);
    throw new UsageError(command ? `unexpected arguments: ${args.join(' ')}` : 'a subcommand is required');
  },
};
