import { allowsBatches, ASSUMED_PROTOCOL_VERSION, isModernVersion, PROTOCOL_VERSION_META_KEY } from '../contract/mcp-protocol-versions.js';
import { isObject } from '../lib/is-object.js';
import { ErrorCode, errorResponse, isRequest, kindOf, type JsonRpcErrorResponse } from './jsonrpc.js';
import { checkProtocolVersionHeader, type Refusal } from './http-rules.js';
import { paramsError } from './request-params.js';

// What to do with a parsed POST body: refuse it, acknowledge it (202), or hand its requests to the
// MCP server, with the answers to malformed params already written. The batch and version-header rules are
// the 2025 revisions'; a 2026-07-28 message has only its params checked here, and the SDK's validation ladder
// answers the rest as that revision says (its error codes, its HTTP statuses, the request's id echoed).

export type BodyDecision =
  | { action: 'refuse'; refusal: Refusal }
  | { action: 'accept' }
  /**
   * `body` goes to the MCP server (undefined when nothing is left to ask); `answered` are already answered;
   * `stateless`: a 2026-07-28 message.
   */
  | { action: 'dispatch'; body: unknown; answered: JsonRpcErrorResponse[]; batch: boolean; stateless: boolean };

const invalid = (message: string): BodyDecision => ({
  action: 'refuse',
  refusal: { status: 400, body: errorResponse(null, ErrorCode.InvalidRequest, `Invalid Request: ${message}`) },
});

/** The revision a message declares: the MCP-Protocol-Version header, else an initialize request's. */
function declaredVersion(header: string | undefined, messages: unknown[]): string {
  if (header) return header;
  const initialize = messages.find((m) => isRequest(m) && m.method === 'initialize');
  const requested = isRequest(initialize) ? initialize.params?.protocolVersion : undefined;
  return typeof requested === 'string' ? requested : ASSUMED_PROTOCOL_VERSION;
}

/**
 * A message of the stateless revision: its MCP-Protocol-Version header names one, or it carries the
 * revision's `_meta` envelope claim (whatever revision it names: the SDK refuses the ones it lacks).
 */
export function isModernMessage(body: unknown, versionHeader: string | undefined): boolean {
  if (isModernVersion(versionHeader)) return true;
  const meta = isObject(body) && isObject(body.params) ? body.params._meta : undefined;
  return isObject(meta) && Object.hasOwn(meta, PROTOCOL_VERSION_META_KEY);
}

export function decideBody(body: unknown, versionHeader: string | undefined): BodyDecision {
  if (isModernMessage(body, versionHeader)) {
    const answered = isRequest(body) ? paramsError(body, true) : undefined;
    return answered ? { action: 'dispatch', body: undefined, answered: [answered], batch: false, stateless: true }
      : { action: 'dispatch', body, answered: [], batch: false, stateless: true };
  }
  const versionRefusal = checkProtocolVersionHeader(versionHeader);
  if (versionRefusal) return { action: 'refuse', refusal: versionRefusal };
  const batch = Array.isArray(body);
  const messages: unknown[] = batch ? body : [body];
  if (batch) {
    if (messages.length === 0) return invalid('an empty batch.');
    const version = declaredVersion(versionHeader, messages);
    if (!allowsBatches(version)) return invalid(`JSON-RPC batches are not supported in protocol version ${version}; send one message per request.`);
  }
  if (!messages.every((m) => kindOf(m) !== undefined)) {
    return invalid('the body must be a JSON-RPC 2.0 request, notification or response (jsonrpc "2.0", a method or a result/error, a string or number id).');
  }
  const requests = messages.filter(isRequest);
  // Transport spec: only notifications or responses -> 202 Accepted with no body.
  if (requests.length === 0) return { action: 'accept' };
  const answered = requests.map((request) => paramsError(request)).filter((e): e is JsonRpcErrorResponse => e !== undefined);
  if (answered.length === 0) return { action: 'dispatch', body, answered, batch, stateless: false };
  const answeredIds = new Set(answered.map((e) => e.id));
  const rest = messages.filter((m) => !(isRequest(m) && answeredIds.has(m.id)));
  return { action: 'dispatch', body: rest.some(isRequest) ? rest : undefined, answered, batch, stateless: false };
}
