import { isObject } from '../lib/is-object.js';
import { ErrorCode, errorResponse, type JsonRpcErrorResponse, type JsonRpcRequest } from './jsonrpc.js';

// The SDK parses params with zod and answers a malformed one with -32603 "Internal error" and the
// zod dump. JSON-RPC says -32602 "Invalid params", so the params of the methods we serve are checked
// here first. Unknown tools are refused by the tool handler, also with -32602; unknown resources with
// -32602 with the URI as data (SEP-2164). The checks are a Map: method names are user input, and a plain object would also "have"
// __proto__, constructor or toString.

type Params = Record<string, unknown> | undefined;
type Check = (params: Params) => string | undefined;

function checkInitialize(params: Params): string | undefined {
  if (!params || typeof params.protocolVersion !== 'string') return '"protocolVersion" must be a string';
  if (!isObject(params.capabilities)) return '"capabilities" must be an object';
  const info = params.clientInfo;
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
    return '"clientInfo" must be an object with string "name" and "version"';
  }
  return undefined;
}

function checkCallTool(params: Params): string | undefined {
  if (!params || typeof params.name !== 'string') return '"name" must be the name of a tool (a string)';
  if (params.arguments !== undefined && !isObject(params.arguments)) return '"arguments" must be an object';
  return undefined;
}

/** The list methods take an optional cursor; ours answer everything at once and ignore it. */
function checkCursor(params: Params): string | undefined {
  return params?.cursor !== undefined && typeof params.cursor !== 'string' ? '"cursor" must be a string' : undefined;
}

function checkReadResource(params: Params): string | undefined {
  return typeof params?.uri === 'string' ? undefined : '"uri" must be the URI of a resource (a string)';
}

const CHECKS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['initialize', checkInitialize],
  ['tools/list', checkCursor],
  ['tools/call', checkCallTool],
  ['resources/list', checkCursor],
  ['resources/templates/list', checkCursor],
  ['resources/read', checkReadResource],
]);

/** The stateless revision (2026-07-28) removed initialize: the SDK answers it 404 -32601, whatever its params. */
const STATELESS_CHECKS: ReadonlyMap<string, Check> = new Map([...CHECKS].filter(([method]) => method !== 'initialize'));

/**
 * The -32602 answer to a request whose params are malformed, or undefined when they are fine. In both
 * eras: the SDK v2 still answers a malformed params with zod's dump, as -32602 for tools/call and as -32603
 * "internal error" for resources/read.
 */
export function paramsError(request: JsonRpcRequest, stateless = false): JsonRpcErrorResponse | undefined {
  const problem = (stateless ? STATELESS_CHECKS : CHECKS).get(request.method)?.(request.params);
  if (!problem) return undefined;
  return errorResponse(request.id, ErrorCode.InvalidParams, `Invalid params for ${request.method}: ${problem}.`);
}
