import { OAUTH_METADATA_PATHS } from '../../contract/oauth.js';
import { PATHS } from '../../contract/paths.js';
import { list, record, type Probe } from './probe.js';
import { fail, findingOf, pass, type Check } from './scan.js';

// What an agent finds by connecting: the MCP server and its card, the A2A agent and its card, OAuth.


/** The MCP protocol revisions a current client asks for with initialize: the newest first. */
const MCP_REVISIONS = ['2025-11-25', '2025-06-18'];
/** The stateless revision: no initialize, server/discover and a `_meta` envelope on every request. */
const MCP_STATELESS_REVISION = '2026-07-28';

/** A request of the stateless revision: the envelope in its params, the revision and the method as headers. */
function statelessCall(probe: Probe, method: string) {
  const _meta = { 'io.modelcontextprotocol/protocolVersion': MCP_STATELESS_REVISION, 'io.modelcontextprotocol/clientCapabilities': {} };
  return probe.jsonRpc(PATHS.mcp, method, { _meta }, { 'MCP-Protocol-Version': MCP_STATELESS_REVISION, 'Mcp-Method': method });
}

async function mcpSession(probe: Probe, revision: string) {
  const init = await probe.jsonRpc(PATHS.mcp, 'initialize', { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'agent-scan', version: '1' } });
  const headers = { 'MCP-Protocol-Version': revision, ...(init.answer.headers.get('mcp-session-id') ? { 'Mcp-Session-Id': init.answer.headers.get('mcp-session-id')! } : {}) };
  return { init, call: (method: string, params: object = {}) => probe.jsonRpc(PATHS.mcp, method, params, headers) };
}

/** The card's JSON-RPC endpoint: A2A 1.0 lists interfaces; 0.3 names one url with its preferred transport. */
function a2aEndpoint(card: Record<string, unknown>): { path: string; version: string } | undefined {
  const jsonRpc = list(card.supportedInterfaces).map(record).find((i) => i.protocolBinding === 'JSONRPC');
  const url = jsonRpc?.url ?? card.url;
  if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
  return { path: new URL(url).pathname, version: String(jsonRpc?.protocolVersion ?? card.protocolVersion ?? '0.3') };
}

/** A plain-text "what can you do?" in the revision the card names (1.0 renamed the method and the parts). */
function a2aHello(probe: Probe, { path, version }: { path: string; version: string }) {
  const text = 'What can you do?';
  return version.startsWith('0.')
    ? probe.jsonRpc(path, 'message/send', { message: { kind: 'message', role: 'user', messageId: 'agent-scan-1', parts: [{ kind: 'text', text }] } })
    : probe.jsonRpc(path, 'SendMessage', { message: { role: 'ROLE_USER', messageId: 'agent-scan-1', parts: [{ text }] } }, { 'A2A-Version': version });
}

export const PROTOCOL_CHECKS: Check[] = [
  {
    id: 'mcp-server-card', area: 'MCP', expects: 'an MCP server card at both addresses (SEP-1649 and SEP-2127), naming the endpoint',
    async run(probe) {
      const [card, successor] = [await probe.get(PATHS.mcpServerCard), await probe.get(PATHS.mcpServerCardSep2127)];
      const body = record(card.json);
      return findingOf([
        card.status !== 200 && `server-card.json: ${card.status}`,
        successor.status !== 200 && `server-card: ${successor.status}`,
        !body.$schema && 'no $schema',
        !/^[a-z0-9-]+(\.[a-z0-9-]+)+\/\S+$/i.test(String(body.name)) && `name ${String(body.name)} is not reverse-DNS`,
        list(body.remotes).length === 0 && 'no remotes',
      ], `${String(body.name)}, ${list(body.tools).length} tools`);
    },
  },
  ...MCP_REVISIONS.map((revision): Check => ({
    id: `mcp-${revision}`, area: 'MCP', expects: `/mcp speaks protocol ${revision}: tools and resources`,
    async run(probe) {
      const { init, call } = await mcpSession(probe, revision);
      const negotiated = String(record(init.result).protocolVersion);
      if (negotiated !== revision) return fail(`initialize: ${init.answer.status}, negotiated ${negotiated}`);
      const tools = list(record((await call('tools/list')).result).tools);
      const resources = list(record((await call('resources/list')).result).resources);
      return findingOf([tools.length === 0 && 'no tools', resources.length === 0 && 'no resources'], `${tools.length} tools, ${resources.length} resources`);
    },
  })),
  {
    id: `mcp-${MCP_STATELESS_REVISION}`, area: 'MCP', expects: `/mcp speaks protocol ${MCP_STATELESS_REVISION}: server/discover, then tools`,
    async run(probe) {
      const discover = await statelessCall(probe, 'server/discover');
      const versions = list(record(discover.result).supportedVersions);
      if (!versions.includes(MCP_STATELESS_REVISION)) return fail(`server/discover: ${discover.answer.status}, versions ${JSON.stringify(versions)}`);
      const tools = list(record((await statelessCall(probe, 'tools/list')).result).tools);
      return findingOf([tools.length === 0 && 'no tools'], `${tools.length} tools`);
    },
  },
  {
    id: 'a2a', area: 'A2A', expects: 'an A2A agent card whose JSON-RPC endpoint answers a message',
    async run(probe) {
      const card = record((await probe.get(PATHS.agentCard)).json);
      const endpoint = a2aEndpoint(card);
      if (!endpoint) return fail('no agent card naming a JSON-RPC endpoint');
      const reply = await a2aHello(probe, endpoint);
      return findingOf([
        list(card.skills).length === 0 && 'no skills on the card',
        reply.result === undefined && `${endpoint.version}: ${reply.answer.status} ${JSON.stringify(reply.error ?? '')}`,
      ], `${String(card.name)} (A2A ${endpoint.version}): ${list(card.skills).map((s) => String(record(s).id)).join(', ')}`);
    },
  },
];

export const AUTH_CHECKS: Check[] = [
  {
    id: 'oauth-metadata', area: 'Auth', expects: 'RFC 8414 and RFC 9728 metadata that agree, with auth.md\'s agent_auth block',
    async run(probe) {
      const as = record((await probe.get(OAUTH_METADATA_PATHS.authorizationServer)).json);
      const prm = record((await probe.get(OAUTH_METADATA_PATHS.protectedResource)).json);
      const agentAuth = record(as.agent_auth);
      return findingOf([
        !list(prm.authorization_servers).includes(as.issuer) && 'the resource metadata does not name the issuer',
        !list(prm.bearer_methods_supported).includes('header') && 'no bearer header method',
        !agentAuth.skill && 'agent_auth has no skill', !agentAuth.register_uri && 'agent_auth has no register_uri',
        list(agentAuth.identity_types_supported).some((type) => list(record(agentAuth[String(type)]).credential_types_supported).length === 0)
          && 'an identity type without credential_types_supported',
      ], `issuer ${String(as.issuer)}; identity types ${list(agentAuth.identity_types_supported).join(', ')}`);
    },
  },
  {
    id: 'auth-md', area: 'Auth', expects: '/auth.md is Markdown whose H1 names it',
    async run(probe) {
      const guide = await probe.get(OAUTH_METADATA_PATHS.authGuide);
      const h1 = /^# (.+)$/m.exec(guide.text)?.[1] ?? '';
      return guide.status === 200 && /auth\.md/i.test(h1) ? pass(`"${h1}"`) : fail(`${guide.status}, H1 "${h1}"`);
    },
  },
  {
    id: 'bearer-challenge', area: 'Auth', expects: 'a bad token gets 401 with a Bearer challenge naming the resource metadata',
    async run(probe) {
      const answer = await probe.fetch(PATHS.projects, { headers: { Authorization: 'Bearer not-a-token' } });
      const challenge = answer.headers.get('www-authenticate') ?? '';
      return answer.status === 401 && /^Bearer /.test(challenge) && challenge.includes('resource_metadata=')
        ? pass(challenge.split(',')[0]!) : fail(`${answer.status} ${challenge}`);
    },
  },
];
