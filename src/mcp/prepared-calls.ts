import { isObject } from '../lib/is-object.js';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { isRequest, type JsonRpcRequest } from './jsonrpc.js';

// Why this hand-built answer path exists beside the SDK: the default call of the read tools
// (tools/call list_projects or list_services, no arguments) is answered from its result serialized at
// start-up. Through the SDK, zod parses that result three times and the response is serialized again on
// each call: the bench measured 0.13 to 0.22 of REST's throughput that way (docs/agents.md, "MCP endpoint").
// The answer is byte for byte the response the SDK path gives (test/mcp/http.test.ts compares the raw
// texts); the route has counted it against the read limit already, and these calls count nothing more.
// Every other message, these tools with arguments included, goes through the SDK's Server.

function isEmptyObject(value: unknown): boolean {
  return value === undefined || (isObject(value) && Object.keys(value).length === 0);
}

/** The ids the SDK's RequestIdSchema takes (strings, safe integers); it answers any other id itself, with an error. */
function isSdkRequestId(id: unknown): boolean {
  return typeof id === 'string' || Number.isSafeInteger(id);
}

export class PreparedCalls {
  /**
   * Tool name -> the bytes of its answer up to the id. A Map: tool names are user input. Bytes, not a
   * string: a string body of this size is measured (Buffer.byteLength) and encoded again on every send,
   * which took a quarter of the route's time in the profile.
   */
  private readonly heads: ReadonlyMap<string, Buffer>;

  constructor(results: ReadonlyMap<string, CallToolResult>) {
    this.heads = new Map([...results].map(([name, result]) => [name, Buffer.from(`{"result":${JSON.stringify(result)},"jsonrpc":"2.0","id":`)]));
  }

  /** A single tools/call of a prepared tool, with an id the SDK takes, no arguments and nothing else in its params. */
  matches(message: unknown): message is JsonRpcRequest {
    if (!isRequest(message) || message.method !== 'tools/call' || !isSdkRequestId(message.id)) return false;
    const params = message.params ?? {};
    return typeof params.name === 'string' && this.heads.has(params.name) && isEmptyObject(params.arguments)
      && Object.keys(params).every((key) => key === 'name' || key === 'arguments');
  }

  /**
   * The JSON-RPC response as UTF-8 JSON, with the members in the order the SDK writes them, in two parts:
   * the bytes made at start-up and the request's id. Joining them would copy the whole answer per call.
   */
  answer(request: JsonRpcRequest): readonly [Buffer, Buffer] {
    return [this.heads.get(request.params!.name as string)!, Buffer.from(`${JSON.stringify(request.id)}}`)];
  }
}
