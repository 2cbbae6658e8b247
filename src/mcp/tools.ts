import type { FastifyBaseLogger } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import { McpError, ErrorCode, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Project, Service } from '../contract/catalog.js';
import { ApiError } from '../contract/errors.js';
import { Inquiry } from '../contract/inquiry.js';
import { toApiError, validationError } from '../http/errors.js';
import type { InquiryService } from '../inquiries/port.js';
import { rateLimitHeaders } from '../contract/rate-limits.js';
import type { ToolName } from './tool-definitions.js';
import { errorResult, successResult } from './tool-results.js';

/** Who is calling, for the inquiry bucket and record; `headers` collects what the HTTP answer must carry on top of the route's. */
export interface ToolCallContext {
  ip: string;
  userAgent?: string;
  origin?: string;
  clientId?: string;
  headers: Record<string, string>;
}

/** A portfolio item with the region it is filed under (the values of the inquiry's location). */
export interface RegionalProject {
  item: Project;
  region: string;
}

export interface ToolsDeps {
  definitions: Tool[];
  projects: RegionalProject[];
  services: Service[];
  inquiries: InquiryService;
  log: FastifyBaseLogger;
}

/** The Inquiry fields only: the web form's honeypot must not turn an agent's "website" argument into spam. */
const INQUIRY_FIELDS = Object.keys(Inquiry.properties);

type Handler = (args: Record<string, unknown>, context: ToolCallContext) => Promise<CallToolResult>;

/**
 * The three tools behind tools/call. Arguments are checked against each tool's inputSchema, compiled once.
 * The read tools count nothing themselves: the route counts every POST /mcp against the read policy.
 */
export class Tools {
  private readonly handlers: Record<ToolName, Handler>;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly allProjects: CallToolResult;
  private readonly allServices: CallToolResult;
  /** The prepared results, serialized once. */
  private readonly serialized = new Map<CallToolResult, string>();
  /** Tools whose argument-free call always answers a prepared result. */
  readonly preparedTools: ReadonlySet<string> = new Set<ToolName>(['list_projects', 'list_services']);

  constructor(private readonly deps: ToolsDeps) {
    // The inquiry use case validates its own input (after trimming); the read tools are checked here.
    const ajv = new Ajv({ strict: false, allErrors: false });
    for (const tool of deps.definitions) {
      if (tool.name !== ('submit_inquiry' satisfies ToolName)) this.validators.set(tool.name, ajv.compile(tool.inputSchema));
    }
    // The argument-free calls answer the same prepared result every time: the catalog is frozen.
    this.allProjects = successResult({ projects: deps.projects.map((p) => p.item) });
    this.allServices = successResult({ services: deps.services });
    for (const result of [this.allProjects, this.allServices]) this.serialized.set(result, JSON.stringify(result));
    this.handlers = {
      list_projects: async (args) => this.listProjects(args),
      list_services: async () => this.allServices,
      submit_inquiry: (args, context) => this.submitInquiry(args, context),
    };
  }

  /** A tools/call. Unknown tools are a protocol error (-32602); everything else is a tool result. */
  async call(name: string, args: Record<string, unknown> | undefined, context: ToolCallContext): Promise<CallToolResult> {
    const handler = Object.hasOwn(this.handlers, name) ? this.handlers[name as ToolName] : undefined;
    if (!handler) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}". Call tools/list for the tools of this server.`);
    }
    try {
      const input = args ?? {};
      const validate = this.validators.get(name);
      if (validate && !validate(input)) throw validationError(validate.errors ?? [], 'arguments');
      return await handler(input, context);
    } catch (error) {
      const apiError = toApiError(error as Error);
      if (!(error instanceof ApiError)) this.deps.log.error({ err: error, tool: name }, 'tool call failed');
      Object.assign(context.headers, apiError.responseHeaders());
      return errorResult(apiError);
    }
  }

  /** A result as JSON: prepared results come from their start-up serialization. */
  serialize(result: CallToolResult): string {
    return this.serialized.get(result) ?? JSON.stringify(result);
  }

  private listProjects(args: Record<string, unknown>): CallToolResult {
    const { location, region } = args as { location?: string; region?: string };
    if (location === undefined && region === undefined) return this.allProjects;
    const text = location?.toLowerCase();
    const projects = this.deps.projects
      .filter((p) => (region === undefined || p.region === region) && (text === undefined || p.item.location?.toLowerCase().includes(text)))
      .map((p) => p.item);
    return successResult({ projects });
  }

  /**
   * Through the one inquiry use case: origin, the shared inquiry bucket, validation and storage happen there.
   * No `rateLimit` is passed, so the use case counts the inquiry bucket; its headers replace the route's read ones.
   */
  private async submitInquiry(args: Record<string, unknown>, context: ToolCallContext): Promise<CallToolResult> {
    const key = args.idempotency_key;
    const fields = Object.fromEntries(INQUIRY_FIELDS.filter((f) => f in args).map((f) => [f, args[f]]));
    if (key !== undefined && typeof key !== 'string') {
      throw new ApiError('invalid_field', { message: 'The field "idempotency_key" must be a string.', field: 'idempotency_key' });
    }
    const result = await this.deps.inquiries.submit(fields, {
      channel: 'mcp',
      ip: context.ip,
      userAgent: context.userAgent,
      origin: context.origin,
      idempotencyKey: key,
      clientId: context.clientId,
    });
    Object.assign(context.headers, rateLimitHeaders(result.rateLimit));
    return successResult({ ok: true });
  }
}
