import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Service } from '../contract/catalog.js';
import { ApiError } from '../contract/errors.js';
import { AgentTools, type RegionalProject } from '../agent-tools/agent-tools.js';
import { isToolName, type ToolName } from '../agent-tools/arguments.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import type { Logger } from '../lib/logger.js';
import type { Caller, ToolOutcome } from './call-context.js';
import { ErrorCode, ProtocolError } from './jsonrpc.js';
import { errorResult, successResult } from './tool-results.js';

export interface ToolsDeps {
  projects: RegionalProject[];
  services: Service[];
  inquiries: InquiryService;
  log: Logger;
}

/**
 * The three tools behind tools/call: the shared operations (src/agent-tools), their answers and refusals
 * as MCP tool results. Inquiries submitted here arrive through the channel `mcp`.
 */
export class Tools {
  private readonly tools: AgentTools;
  /** The argument-free list answers as tool results, built once: the same object every time. */
  private readonly prepared: ReadonlyMap<object, CallToolResult>;

  constructor(private readonly deps: ToolsDeps) {
    this.tools = new AgentTools({ projects: deps.projects, services: deps.services, inquiries: deps.inquiries, channel: 'mcp' });
    this.prepared = new Map<object, CallToolResult>([this.tools.allProjects, this.tools.allServices].map((value) => [value, successResult(value)]));
  }

  /** The result of each read tool's argument-free call, the same object every time (see prepared-calls.ts). */
  preparedResults(): ReadonlyMap<ToolName, CallToolResult> {
    return new Map<ToolName, CallToolResult>([
      ['list_projects', this.prepared.get(this.tools.allProjects)!],
      ['list_services', this.prepared.get(this.tools.allServices)!],
    ]);
  }

  /** A tools/call. Unknown tools are a protocol error (-32602); everything else is an outcome with a tool result. */
  async call(name: string, args: Record<string, unknown> | undefined, caller: Caller): Promise<ToolOutcome> {
    if (!isToolName(name)) {
      throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool "${name}". Call tools/list for the tools of this server.`);
    }
    try {
      const { value, rateLimit } = await this.tools.run(name, args ?? {}, caller);
      return { result: this.prepared.get(value) ?? successResult(value), ...(rateLimit && { rateLimit }) };
    } catch (error) {
      if (error instanceof ApiError) {
        return { result: errorResult(error), rateLimit: error.rateLimit, retryAfterSeconds: error.retryAfterSeconds };
      }
      this.deps.log.error({ err: error, tool: name }, 'tool call failed');
      return { result: errorResult(new ApiError('internal_error')) };
    }
  }
}
