import { loadCatalog } from '../catalog/load.js';
import { serverIdentity } from '../mcp/server-identity.js';
import { serverJson } from '../mcp/server-json.js';
import { EXIT, parseCommandLine, runSubcommand, UsageError, type CliContext, type Subcommand, type CommandGroup } from './command.js';

const USAGE = 'studio mcp server-json [--version <version>]\n\n'
  + 'Prints the server.json of this deployment\'s MCP server for the official MCP Registry (schema 2025-12-11):\n'
  + 'its reverse-DNS name from BASE_URL, the studio\'s title, description and icon, and BASE_URL/mcp as its remote.\n'
  + '--version replaces the API version: the registry publishes a version once, so a new listing needs a new one.\n'
  + 'Publish it with mcp-publisher (docs/operations.md).';

/** A version the registry takes: one specific version, never a range nor "latest". */
const VERSION_RANGE = /[\s^~<>=*]|(^|\.)[xX](\.|$)|^latest$/;

async function printServerJson(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandLine(args, { version: { type: 'string' } }, 0);
  if (values.version !== undefined && (values.version === '' || VERSION_RANGE.test(values.version))) {
    throw new UsageError('--version must be one specific version, such as 1.0.1 (no range, not "latest")');
  }
  const catalog = await loadCatalog(context.config.contentDir);
  const { baseUrl } = context.config;
  context.out(JSON.stringify(serverJson(baseUrl, serverIdentity(baseUrl, catalog.site.name), values.version), null, 2));
  return EXIT.ok;
}

const SUBCOMMANDS = new Map<string, Subcommand>([['server-json', printServerJson]]);

export const mcpCommands: CommandGroup = {
  summary: 'mcp server-json         the MCP Registry\'s server.json of this deployment',
  usage: USAGE,
  run: (args, context) => runSubcommand('mcp', SUBCOMMANDS, args, context),
};
