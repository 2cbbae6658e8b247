import { KEY_REFRESH_SECONDS, RETIRE_AFTER_MS } from '../oauth/ports.js';
import { parseConfiguredKey } from '../oauth/signing-key.js';
import { KyselyKeyStore } from '../store/oauth/signing-keys.js';
import { EXIT, iso, parseCommandLine, UsageError, type CliContext, type CommandGroup } from './command.js';

const USAGE = 'studio keys list\nstudio keys rotate\n\nLists the OAuth signing keys, or rotates: a new key signs from now on, and the\nold one stays published until its last token has expired, then is retired.';

async function list(context: CliContext): Promise<number> {
  if (context.config.oauthSigningKey) {
    const key = await parseConfiguredKey(context.config.oauthSigningKey);
    context.out(`${key.kid}\tfrom OAUTH_SIGNING_KEY\tsigning (keys in the database are not used)`);
    return EXIT.ok;
  }
  const now = Date.now();
  const keys = await new KyselyKeyStore(await context.db()).all();
  if (keys.length === 0) context.out('No keys yet: the first start (or first token) creates one.');
  for (const key of keys) {
    const retiresAt = key.rotatedAt === null ? undefined : key.rotatedAt + RETIRE_AFTER_MS;
    const state = retiresAt === undefined ? 'signing'
      : retiresAt > now ? `published until ${iso(retiresAt)} (verifies tokens it signed)` : 'retired';
    context.out(`${key.kid}\tcreated ${iso(key.createdAt)}\t${state}`);
  }
  return EXIT.ok;
}

async function rotate(context: CliContext): Promise<number> {
  if (context.config.oauthSigningKey) {
    context.err('OAUTH_SIGNING_KEY is set: rotate by setting a new key there (tokens of the old key stop verifying).');
    return EXIT.failure;
  }
  const now = Date.now();
  const key = await new KyselyKeyStore(await context.db()).rotate(now);
  context.out(`New signing key ${key.kid}. Running instances sign with it within ${KEY_REFRESH_SECONDS} s; `
    + `the previous key stays published until ${iso(now + RETIRE_AFTER_MS)}, then is retired.`);
  return EXIT.ok;
}

export const keysCommands: CommandGroup = {
  summary: 'keys list|rotate         OAuth signing keys; the old key is retired after its tokens expire',
  usage: USAGE,
  async run(args, context) {
    const [command] = parseCommandLine(args, {}, 1).positionals;
    if (command === 'list') return list(context);
    if (command === 'rotate') return rotate(context);
    throw new UsageError(command ? `unexpected arguments: ${args.join(' ')}` : 'a subcommand is required');
  },
};
