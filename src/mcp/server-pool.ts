import {
  createMcpHandler, isLegacyRequest, Server, WebStandardStreamableHTTPServerTransport,
  type AuthInfo, type CacheHint, type ListToolsResult, type McpHttpHandler, type ServerContext,
} from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { contractAjv } from '../contract/validator.js';
import { PROTOCOL_VERSIONS } from '../contract/mcp-protocol-versions.js';
import type { Logger } from '../lib/logger.js';
import { callContextOf, toAuthInfo, type McpCaller, type ToolOutcome } from './call-context.js';
import type { PageResources } from './page-resources.js';
import { SERVER_CAPABILITIES, type ServerIdentity } from './server-identity.js';
import type { Tools } from './tools.js';

// The SDK's Server (v2, @modelcontextprotocol/server) behind /mcp, for both eras of the protocol:
// - 2026-07-28 (a `_meta` envelope on every request): the SDK's createMcpHandler, strict (legacy: 'reject'),
//   which answers server/discover, checks the envelope against the Mcp-Method/Mcp-Name headers, echoes ids
//   and adds the list results' cache hints. It builds a Server per request from the factory below.
// - 2025 revisions (initialize, then plain requests): a pooled Server over a stateless transport answering
//   JSON. The SDK's own fallback for them (legacy: 'stateless') answers with an SSE stream and builds a
//   Server per request; clients of this endpoint have always had one JSON answer, and the Server that
//   answers costs ~0.25 ms to build (bench/mcp.ts), so that leg stays ours.
// The route decides the era (the SDK's isLegacyRequest), as the SDK documents for such a composition.
// A Server holds no state of the request it answers: the caller reaches the tools as the request's authInfo.

/** What the Servers answer with: the tools, their list, and the pages as resources. */
export interface McpHandlers {
  tools: Tools;
  toolList: ListToolsResult;
  resources: PageResources;
}
const MAX_IDLE = 32;

/**
 * 2026-07-28 cache hints. The tools and the pages change only when the content is reloaded (which builds a
 * new app), and they are the same for every caller, token or none: shared caches may keep them a while.
 */
const CACHEABLE: CacheHint = { ttlMs: 5 * 60_000, cacheScope: 'public' };
const CACHE_HINTS = {
  'server/discover': CACHEABLE, 'tools/list': CACHEABLE, 'resources/list': CACHEABLE,
  'resources/templates/list': CACHEABLE, 'resources/read': CACHEABLE,
} as const;

/** The SDK's answer to one HTTP request, and the outcome of each tool call it ran. */
export interface SdkAnswer {
  response: Response;
  calls: ToolOutcome[];
}

export class McpServerPool {
  private readonly idle: Server[] = [];
  /** One Ajv setup: the contract's validator set, not one Ajv per Server. */
  private readonly validator = new AjvJsonSchemaValidator(contractAjv);
  private readonly modern: McpHttpHandler;

  constructor(
    private readonly identity: ServerIdentity,
    private readonly handlers: McpHandlers,
    private readonly log: Logger,
  ) {
    // No onerror: the SDK reports its refusals of a client's mistakes there too (a revision it lacks, headers
    // that disagree), which are no failure of ours. What failed inside is told by its answer (handleModern).
    this.modern = createMcpHandler(() => this.create(), { legacy: 'reject' });
  }

  /** Answers one HTTP request's messages on the leg of their era (the SDK's own classification). */
  async handle(request: Request, body: unknown, caller: McpCaller): Promise<SdkAnswer> {
    return await isLegacyRequest(request, body) ? this.handleLegacy(request, body, caller) : this.handleModern(request, body, caller);
  }

  /** A 2025-era request: a pooled Server and a new stateless, JSON-answering transport. */
  private async handleLegacy(request: Request, body: unknown, caller: McpCaller): Promise<SdkAnswer> {
    const server = this.idle.pop() ?? this.create();
    const calls: ToolOutcome[] = [];
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request, { parsedBody: body, authInfo: this.authInfo(caller, calls) });
      return { response, calls };
    } finally {
      // Closed once the SDK has settled its own bookkeeping of this request (a macrotask later): closing
      // at once would abort a finished handler and pay for the abort's DOMException on every call.
      setImmediate(() => this.release(server).catch((error: unknown) => this.discard(error)));
    }
  }

  /** A 2026-07-28 request: the SDK's per-request handler, from the same factory. */
  private async handleModern(request: Request, body: unknown, caller: McpCaller): Promise<SdkAnswer> {
    const calls: ToolOutcome[] = [];
    const response = await this.modern.fetch(request, { parsedBody: body, authInfo: this.authInfo(caller, calls) });
    // The SDK answers what failed inside it with a 500 and keeps the error to itself: the status is what there is to log.
    if (response.status >= 500) this.log.error({ status: response.status }, 'mcp request failed inside the SDK');
    return { response, calls };
  }

  private authInfo(caller: McpCaller, calls: ToolOutcome[]): AuthInfo {
    return toAuthInfo(caller, (outcome) => calls.push(outcome));
  }

  private async release(server: Server): Promise<void> {
    await server.close();
    if (this.idle.length < MAX_IDLE) this.idle.push(server);
  }

  /** A Server that failed to close is dropped, not pooled. Only the error's class is logged: messages may carry request data. */
  private discard(error: unknown): void {
    this.log.warn({ errorClass: error instanceof Error ? error.constructor.name : typeof error }, 'mcp server close failed; server discarded');
  }

  /** One Server: the same tools, resources and identity for both eras. */
  private create(): Server {
    const { info, instructions } = this.identity;
    const { tools, toolList, resources } = this.handlers;
    // The preferred revision first: initialize answers it to a client asking for one we do not know.
    const server = new Server(info, {
      capabilities: SERVER_CAPABILITIES, instructions, jsonSchemaValidator: this.validator,
      supportedProtocolVersions: [...PROTOCOL_VERSIONS], cacheHints: CACHE_HINTS,
    });
    server.setRequestHandler('tools/list', () => toolList);
    server.setRequestHandler('tools/call', async (request, context: ServerContext) => {
      const { caller, report } = callContextOf(context.http?.authInfo);
      const outcome = await tools.call(request.params.name, request.params.arguments, caller);
      report(outcome);
      return outcome.result;
    });
    server.setRequestHandler('resources/list', () => resources.list());
    server.setRequestHandler('resources/templates/list', () => resources.templates);
    server.setRequestHandler('resources/read', (request) => resources.read(request.params.uri));
    return server;
  }
}
