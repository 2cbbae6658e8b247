import { isObject, isRequest, type JsonRpcRequest } from './jsonrpc.js';
import type { ToolCallContext, Tools } from './tools.js';

// The default call of the read tools (tools/call list_projects or list_services, no arguments) answered
// from its result serialized at start-up, without the SDK. Through the SDK, zod parses that result
// three times and the response is serialized again on each call: the bench measured 0.13 of REST's
// throughput that way, against a target of 0.3. The answer is the same JSON-RPC response the SDK path
// gives (test/mcp-http.test.ts compares them); the route has counted it against the read limit already.
// Every other message, including these tools with arguments, goes through the SDK's Server.

function isEmptyObject(value: unknown): boolean {
  return value === undefined || (isObject(value) && Object.keys(value).length === 0);
}

export class PreparedCalls {
  constructor(private readonly tools: Tools) {}

  /** A single tools/call of a prepared tool with no arguments and nothing else in its params. */
  matches(message: unknown): message is JsonRpcRequest {
    if (!isRequest(message) || message.method !== 'tools/call') return false;
    const params = message.params ?? {};
    return typeof params.name === 'string' && this.tools.preparedTools.has(params.name) && isEmptyObject(params.arguments)
      && Object.keys(params).every((key) => key === 'name' || key === 'arguments');
  }

  /** The JSON-RPC response, as text. */
  async answer(request: JsonRpcRequest, caller: ToolCallContext): Promise<string> {
    const result = await this.tools.call(request.params!.name as string, undefined, caller);
    return `{"result":${this.tools.serialize(result)},"jsonrpc":"2.0","id":${JSON.stringify(request.id)}}`;
  }
}
