import { DEFAULT_SCOPES, OPERATOR_SCOPES, SCOPES } from '../contract/oauth.js';
import type { Logger } from '../lib/logger.js';
import { OAuthError } from '../oauth/errors.js';
import { createOAuth } from '../oauth/service.js';
import type { Grants } from '../oauth/grants.js';
import { oauthStores } from '../store/oauth/stores.js';
import { EXIT, iso, parseCommandLine, UsageError, type CliContext, type CommandGroup } from './command.js';

const USAGE = [
  'studio clients list',
  'studio clients add --name <client name> [--scope "<scope> ..."]',
  'studio clients revoke <client_id>',
  '',
  'Lists the OAuth clients (registered or added), adds one, or revokes one: it can no',
  'longer obtain tokens and its tokens are refused on every instance at once.',
  '',
  `add creates a client for the studio's own tools and prints its client_id and secret once.`,
  `Its scopes: any of ${Object.keys(SCOPES).join(', ')}; default ${DEFAULT_SCOPES.join(' ')}.`,
  `${OPERATOR_SCOPES.join(', ')}: only here; a client that registers itself cannot have it.`,
].join('\n');

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
  if (clients.length === 0) context.out('No clients.');
  for (const c of clients) {
    const status = c.revokedAt === null ? 'active' : `revoked ${iso(c.revokedAt)}`;
    context.out(`${c.clientId}\t${iso(c.createdAt)}\t${status}\t${c.metadata.scope}\t${JSON.stringify(c.metadata.client_name)}`);
  }
  return EXIT.ok;
}

/** A client for the studio's own tools, which may be given the scopes registration refuses; its secret is printed once. */
async function add(context: CliContext, name: string | undefined, scope: string | undefined): Promise<number> {
  if (name === undefined) throw new UsageError('add needs --name <client name>');
  let created;
  try {
    created = await (await grantsOf(context)).addClient({ client_name: name, scope });
  } catch (error) {
    if (error instanceof OAuthError) throw new UsageError(error.message);
    throw error;
  }
  const { client, secret } = created;
  context.out(`Added client ${JSON.stringify(client.metadata.client_name)} with scope ${client.metadata.scope}.`);
  context.out(`client_id: ${client.clientId}`);
  context.out(`client_secret: ${secret}`);
  context.out('The secret is not shown again (only its hash is stored): keep it now. It authenticates at the token endpoint with HTTP Basic.');
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
  summary: 'clients list|add|revoke <id> OAuth clients; add one for the studio\'s tools; revoking stops their tokens at once',
  usage: USAGE,
  async run(args, context) {
    const { positionals, values } = parseCommandLine(args, { name: { type: 'string' }, scope: { type: 'string' } }, 2);
    const [command, clientId] = positionals;
    const options = values.name !== undefined || values.scope !== undefined;
    if (command === 'add' && clientId === undefined) return add(context, values.name, values.scope);
    if (options) throw new UsageError('--name and --scope belong to add');
    if (command === 'list' && clientId === undefined) return list(context);
    if (command === 'revoke' && clientId) return revoke(context, clientId);
    throw new UsageError(command ? `unexpected arguments: ${args.join(' ')}` : 'a subcommand is required');
  },
};
