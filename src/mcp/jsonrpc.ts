import { isObject } from '../lib/is-object.js';
import { ERRORS, type ErrorCode as ContractCode } from '../contract/errors.js';

// JSON-RPC 2.0 as /mcp sees it before the SDK does: message kinds, and the error bodies of the
// endpoint. HTTP-level refusals carry the contract code and hint in `data`, so agents get the same
// guidance as on the REST API.

export type JsonRpcId = string | number;
export type MessageKind = 'request' | 'notification' | 'response';

export interface JsonRpcError {
  code: number;
  message: string;
  data?: { code: ContractCode; hint: string };
}

export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: JsonRpcError;
}

/** JSON-RPC "Server error" range: what the SDK also uses for transport refusals. */
export const TRANSPORT_ERROR = -32000;
/**
 * MCP resources spec: resources/read of a URI the server does not have is Invalid params, with the URI as
 * data (SEP-2164; earlier revisions named -32002, which the SDK v2 also maps to -32602 on the wire).
 */
export const RESOURCE_NOT_FOUND = -32602;
/**
 * The JSON-RPC 2.0 codes /mcp answers with (JSON-RPC 2.0 §5.1). The SDK exports them only from its index,
 * and loading that loads zod (~150 modules) at start, before any /mcp request: the SDK is loaded on first use.
 */
export const ErrorCode = { ParseError: -32700, InvalidRequest: -32600, InvalidParams: -32602, InternalError: -32603 } as const;

/**
 * An error a request handler throws for the SDK to answer with: its code, message and data go out as
 * they are. The SDK's McpError would not do: it prefixes its message with "MCP error <code>: ", the SDK
 * sends that message, and the client's McpError prefixes it again ("MCP error -32602: MCP error -32602: ...").
 */
export class ProtocolError extends Error {
  constructor(readonly code: number, message: string, readonly data?: Record<string, unknown>) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export function errorResponse(id: JsonRpcId | null, code: number, message: string, contractCode?: ContractCode, hint?: string): JsonRpcErrorResponse {
  const data = contractCode && { code: contractCode, hint: hint ?? ERRORS[contractCode].hint };
  return { jsonrpc: '2.0', id, error: { code, message, ...(data && { data }) } };
}

const isId = (value: unknown): value is JsonRpcId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** The kind of a JSON-RPC message, or undefined when it is not one (MCP ids are never null). Own members only. */
export function kindOf(message: unknown): MessageKind | undefined {
  if (!isObject(message) || message.jsonrpc !== '2.0') return undefined;
  if (typeof message.method === 'string') {
    if (message.params !== undefined && !isObject(message.params)) return undefined;
    if (!Object.hasOwn(message, 'id')) return 'notification';
    return isId(message.id) ? 'request' : undefined;
  }
  if (!isId(message.id)) return undefined;
  const hasResult = Object.hasOwn(message, 'result');
  const hasError = isObject(message.error);
  return hasResult !== hasError ? 'response' : undefined;
}

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export function isRequest(message: unknown): message is JsonRpcRequest {
  return kindOf(message) === 'request';
}
