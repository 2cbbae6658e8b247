import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema, InitializeRequestSchema, ListToolsRequestSchema,
  type Implementation, type ListToolsResult, type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyBaseLogger } from 'fastify';
import { negotiateVersion } from './protocol-versions.js';
import type { ToolCallContext, Tools } from './tools.js';

// Stateless Streamable HTTP in the SDK takes a fresh transport per HTTP request, and a Server serves one
// transport at a time. Building a Server per request cost ~0.25 ms, almost all of it the Ajv instance
// each Server makes for itself (bench/mcp.ts, README "MCP endpoint"): the Servers here share one
// validator and are kept in a small pool, so a request only pays for its transport.

export interface ServerIdentity {
  info: Implementation;
  instructions: string;
}

const CAPABILITIES: ServerCapabilities = { tools: { listChanged: false } };
const MAX_IDLE = 32;

interface PooledServer {
  server: Server;
  /** The caller of the request this server is answering right now. */
  context: ToolCallContext | undefined;
}

export class McpServerPool {
  private readonly idle: PooledServer[] = [];
  private readonly validator = new AjvJsonSchemaValidator();
  private readonly toolList: ListToolsResult;

  constructor(
    private readonly identity: ServerIdentity,
    private readonly tools: Tools,
    definitions: ListToolsResult['tools'],
    private readonly log: FastifyBaseLogger,
  ) {
    this.toolList = { tools: definitions };
  }

  /** Answers one HTTP request's messages with a pooled Server and a new stateless, JSON-answering transport. */
  async handle(request: Request, body: unknown, context: ToolCallContext): Promise<Response> {
    const pooled = this.idle.pop() ?? this.create();
    pooled.context = context;
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await pooled.server.connect(transport);
      return await transport.handleRequest(request, { parsedBody: body });
    } finally {
      // Closed once the SDK has settled its own bookkeeping of this request (a macrotask later): closing
      // at once would abort a finished handler and pay for the abort's DOMException on every call.
      setImmediate(() => this.release(pooled).catch((error: unknown) => this.discard(error)));
    }
  }

  private async release(pooled: PooledServer): Promise<void> {
    await pooled.server.close();
    pooled.context = undefined;
    if (this.idle.length < MAX_IDLE) this.idle.push(pooled);
  }

  /** A Server that failed to close is dropped, not pooled. Only the error's class is logged: messages may carry request data. */
  private discard(error: unknown): void {
    this.log.warn({ errorClass: error instanceof Error ? error.constructor.name : typeof error }, 'mcp server close failed; server discarded');
  }

  private create(): PooledServer {
    const { info, instructions } = this.identity;
    const server = new Server(info, { capabilities: CAPABILITIES, instructions, jsonSchemaValidator: this.validator });
    const pooled: PooledServer = { server, context: undefined };
    // The SDK answers an unknown revision with its newest; the contract's revision is offered instead.
    server.setRequestHandler(InitializeRequestSchema, (request) => ({
      protocolVersion: negotiateVersion(request.params.protocolVersion),
      capabilities: CAPABILITIES,
      serverInfo: info,
      instructions,
    }));
    server.setRequestHandler(ListToolsRequestSchema, () => this.toolList);
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      if (!pooled.context) throw new Error('tools/call outside an HTTP request');
      return this.tools.call(request.params.name, request.params.arguments, pooled.context);
    });
    return pooled;
  }
}
