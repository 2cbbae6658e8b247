import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Project, ProjectFilters, Service } from '../contract/catalog.js';
import { ApiError } from '../contract/errors.js';
import { Inquiry } from '../contract/inquiry.js';
import { validatorOf, validationError } from '../contract/validator.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import type { Logger } from '../lib/logger.js';
import type { Caller, ToolOutcome } from './call-context.js';
import { ErrorCode, ProtocolError } from './jsonrpc.js';
import { IDEMPOTENCY_KEY_ARGUMENTS, type ToolName } from './tool-definitions.js';
import { errorResult, successResult } from './tool-results.js';

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
  log: Logger;
}

/** The Inquiry fields of submit_inquiry's arguments; its own idempotency_key travels beside them, not in the inquiry. */
const INQUIRY_FIELDS = Object.keys(Inquiry.properties);

type Handler = (args: Record<string, unknown>, caller: Caller) => Promise<ToolOutcome>;

/**
 * The three tools behind tools/call. Arguments are checked by the contract's validator set, against the
 * very inputSchema each tool publishes; the read tools count nothing themselves (the route counts every
 * POST /mcp against the read policy).
 */
export class Tools {
  /** A Map: tool names are user input, and a plain object would answer "constructor" or "__proto__". */
  private readonly handlers: ReadonlyMap<string, Handler>;
  private readonly allProjects: CallToolResult;
  private readonly allServices: CallToolResult;

  constructor(private readonly deps: ToolsDeps) {
    // The catalog is frozen: the argument-free list calls answer the same result every time.
    this.allProjects = successResult({ projects: deps.projects.map((p) => p.item) });
    this.allServices = successResult({ services: deps.services });
    const checked = (name: ToolName, run: Handler): [ToolName, Handler] => {
      const check = argumentChecker(deps.definitions.find((tool) => tool.name === name)!.inputSchema);
      return [name, async (args, caller) => run(check(args), caller)];
    };
    const checkKey = argumentChecker(IDEMPOTENCY_KEY_ARGUMENTS);
    this.handlers = new Map<string, Handler>([
      checked('list_projects', async (args) => ({ result: this.listProjects(args) })),
      checked('list_services', async () => ({ result: this.allServices })),
      // Not checked against its inputSchema here: the use case validates the Inquiry fields itself, after
      // counting the inquiry bucket (invalid submissions count too). Only its own argument is checked here.
      ['submit_inquiry', (args, caller) => this.submitInquiry(checkKey(args), caller)],
    ]);
  }

  /** The result of each read tool's argument-free call, the same object every time (see prepared-calls.ts). */
  preparedResults(): ReadonlyMap<ToolName, CallToolResult> {
    return new Map<ToolName, CallToolResult>([['list_projects', this.allProjects], ['list_services', this.allServices]]);
  }

  /** A tools/call. Unknown tools are a protocol error (-32602); everything else is an outcome with a tool result. */
  async call(name: string, args: Record<string, unknown> | undefined, caller: Caller): Promise<ToolOutcome> {
    const handler = this.handlers.get(name);
    if (!handler) {
      throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool "${name}". Call tools/list for the tools of this server.`);
    }
    try {
      return await handler(args ?? {}, caller);
    } catch (error) {
      if (error instanceof ApiError) {
        return { result: errorResult(error), rateLimit: error.rateLimit, retryAfterSeconds: error.retryAfterSeconds };
      }
      this.deps.log.error({ err: error, tool: name }, 'tool call failed');
      return { result: errorResult(new ApiError('internal_error')) };
    }
  }

  private listProjects(args: Record<string, unknown>): CallToolResult {
    const { location, region } = args as ProjectFilters;
    if (location === undefined && region === undefined) return this.allProjects;
    const text = location?.toLowerCase();
    const projects = this.deps.projects
      .filter((p) => (region === undefined || p.region === region) && (text === undefined || p.item.location?.toLowerCase().includes(text)))
      .map((p) => p.item);
    return successResult({ projects });
  }

  /**
   * Through the one inquiry use case: origin, the shared inquiry bucket, validation and storage happen
   * there. No `rateLimit` is passed, so the use case counts the inquiry bucket and reports its decision.
   */
  private async submitInquiry(args: Record<string, unknown>, caller: Caller): Promise<ToolOutcome> {
    const fields = Object.fromEntries(INQUIRY_FIELDS.filter((f) => Object.hasOwn(args, f)).map((f) => [f, args[f]]));
    const { rateLimit } = await this.deps.inquiries.submit(fields, {
      channel: 'mcp',
      ip: caller.ip,
      userAgent: caller.userAgent,
      origin: caller.origin,
      idempotencyKey: args.idempotency_key as string | undefined,
      clientId: caller.clientId,
    });
    return { result: successResult({ ok: true }), rateLimit };
  }
}

type ArgumentChecker = (args: Record<string, unknown>) => Record<string, unknown>;

/** Checks arguments with the contract's validator set, compiled now; a failure is the contract's 400 naming the argument. */
function argumentChecker(schema: Record<string, unknown>): ArgumentChecker {
  const check = validatorOf(schema);
  return (args) => {
    if (!check(args)) throw validationError(check.errors ?? [], 'arguments');
    return args;
  };
}
