import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema, InitializeRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema, ReadResourceRequestSchema,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { contractAjv } from '../contract/validator.js';
import type { Logger } from '../lib/logger.js';
import { negotiateVersion } from '../contract/mcp-protocol-versions.js';
import { callContextOf, toAuthInfo, type McpCaller, type ToolOutcome } from './call-context.js';
import type { PageResources } from './page-resources.js';
import { SERVER_CAPABILITIES, type ServerIdentity } from './server-identity.js';
import type { Tools } from './tools.js';

// Stateless Streamable HTTP in the SDK takes a fresh transport per HTTP request, and a Server serves one
// transport at a time. Building a Server per request cost ~0.25 ms, almost all of it the Ajv instance
// each Server makes for itself (bench/mcp.ts, docs/agents.md "MCP endpoint"): the Servers here share the
// contract's one Ajv and are kept in a small pool, so a request only pays for its transport. A pooled
// Server holds no state of the request it answers: the caller reaches the tools as the request's authInfo.

/** What the pooled Servers answer with: the tools, their list, and the pages as resources. */
export interface McpHandlers {
  tools: Tools;
  toolList: ListToolsResult;
  resources: PageResources;
}
const MAX_IDLE = 32;

/** The SDK's answer to one HTTP request, and the outcome of each tool call it ran. */
export interface SdkAnswer {
  response: Response;
  calls: ToolOutcome[];
}

export class McpServerPool {
  private readonly idle: Server[] = [];
  /** One Ajv setup: the contract's validator set, not one Ajv per Server. */
  private readonly validator = new AjvJsonSchemaValidator(contractAjv);

  constructor(
    private readonly identity: ServerIdentity,
    private readonly handlers: McpHandlers,
    private readonly log: Logger,
  ) {}

  /** Answers one HTTP request's messages with a pooled Server and a new stateless, JSON-answering transport. */
  async handle(request: Request, body: unknown, caller: McpCaller): Promise<SdkAnswer> {
    const server = this.idle.pop() ?? this.create();
    const calls: ToolOutcome[] = [];
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request, { parsedBody: body, authInfo: toAuthInfo(caller, (outcome) => calls.push(outcome)) });
      return { response, calls };
    } finally {
      // Closed once the SDK has settled its own bookkeeping of this request (a macrotask later): closing
      // at once would abort a finished handler and pay for the abort's DOMException on every call.
      setImmediate(() => this.release(server).catch((error: unknown) => this.discard(error)));
    }
  }

  private async release(server: Server): Promise<void> {
    await server.close();
    if (this.idle.length < MAX_IDLE) this.idle.push(server);
  }

  /** A Server that failed to close is dropped, not pooled. Only the error's class is logged: messages may carry request data. */
  private discard(error: unknown): void {
    this.log.warn({ errorClass: error instanceof Error ? error.constructor.name : typeof error }, 'mcp server close failed; server discarded');
  }

  private create(): Server {
    const { info, instructions } = this.identity;
    const { tools, toolList, resources } = this.handlers;
    const server = new Server(info, { capabilities: SERVER_CAPABILITIES, instructions, jsonSchemaValidator: this.validator });
    // The SDK answers an unknown revision with its newest; the contract's revision is offered instead.
    server.setRequestHandler(InitializeRequestSchema, (request) => ({
      protocolVersion: negotiateVersion(request.params.protocolVersion),
      capabilities: SERVER_CAPABILITIES,
      serverInfo: info,
      instructions,
    }));
    server.setRequestHandler(ListToolsRequestSchema, () => toolList);
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const { caller, report } = callContextOf(extra.authInfo);
      const outcome = await tools.call(request.params.name, request.params.arguments, caller);
      report(outcome);
      return outcome.result;
    });
    server.setRequestHandler(ListResourcesRequestSchema, () => resources.list());
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => resources.templates);
    server.setRequestHandler(ReadResourceRequestSchema, (request) => resources.read(request.params.uri));
    return server;
  }
}
