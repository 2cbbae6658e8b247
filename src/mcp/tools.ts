import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Service } from '../contract/catalog.js';
import { ApiError } from '../contract/errors.js';
import { AgentTools } from '../agent-tools/agent-tools.js';
import type { RegionalProject } from '../agent-tools/operation.js';
import { isOperationName, type OperationName } from '../agent-tools/operations.js';
import type { ConsultationsService } from '../consultations/consultations.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import type { Logger } from '../lib/logger.js';
import type { McpCaller, ToolOutcome } from './call-context.js';
import { ErrorCode, ProtocolError } from './jsonrpc.js';
import { errorResult, successResult } from './tool-results.js';

export interface ToolsDeps {
  projects: RegionalProject[];
  services: Service[];
  inquiries: InquiryService;
  consultations: ConsultationsService;
  log: Logger;
}

/**
 * The tools behind tools/call: the agent operations (src/agent-tools), their answers and refusals as MCP
 * tool results. Inquiries and bookings made here arrive through the channel `mcp`.
 */
export class Tools {
  private readonly tools: AgentTools;
  /** The results of the argument-free calls that always answer the same object, built once: by name, and by that object. */
  private readonly preparedByName: ReadonlyMap<OperationName, CallToolResult>;
  private readonly prepared: ReadonlyMap<object, CallToolResult>;

  constructor(private readonly deps: ToolsDeps) {
    this.tools = new AgentTools({
      projects: deps.projects, services: deps.services, inquiries: deps.inquiries, consultations: deps.consultations, channel: 'mcp',
    });
    const answers = [...this.tools.unfilteredAnswers()].map(([name, value]) => ({ name, value, result: successResult(value) }));
    this.preparedByName = new Map(answers.map(({ name, result }) => [name, result]));
    this.prepared = new Map(answers.map(({ value, result }) => [value, result]));
  }

  /** The result of each read tool's argument-free call, the same object every time (see prepared-calls.ts). */
  preparedResults(): ReadonlyMap<OperationName, CallToolResult> {
    return this.preparedByName;
  }

  /** A tools/call. Unknown tools are a protocol error (-32602); everything else is an outcome with a tool result. */
  async call(name: string, args: Record<string, unknown> | undefined, caller: McpCaller): Promise<ToolOutcome> {
    if (!isOperationName(name)) {
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
