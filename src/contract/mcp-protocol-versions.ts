// Which MCP revisions /mcp speaks, as the contract states them (the route, the server card and the
// developer page read them). The SDK's lists are the source; 2025-06-18 is the contract's revision.
// The SDK (@modelcontextprotocol/server) exports its lists only from its index, which loads zod: they are
// copied here, so that the SDK is loaded on the first /mcp request and not at start. test/mcp/http.test.ts
// checks the copies against the SDK's values, and test/mcp/stateless.test.ts the stateless revisions
// against what server/discover answers (an SDK upgrade that changes them fails there).

/** The SDK's SUPPORTED_PROTOCOL_VERSIONS, newest first. */
export const SDK_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
/** The SDK's DEFAULT_NEGOTIATED_PROTOCOL_VERSION. */
export const SDK_DEFAULT_PROTOCOL_VERSION = '2025-03-26';

/**
 * The stateless revisions (a `_meta` envelope on every request, server/discover instead of initialize) the
 * SDK serves: its SUPPORTED_MODERN_PROTOCOL_VERSIONS, which it keeps internal.
 */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28'];

/** The `_meta` key of a 2026-07-28 request that names its revision (the SDK's PROTOCOL_VERSION_META_KEY). */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The revision of the contract, offered when a client asks for one we do not know. */
export const PREFERRED_PROTOCOL_VERSION = '2025-06-18';

/**
 * Every revision the SDK can serve, the preferred one first (then the SDK's order, newest first): the
 * server card and the 400 hint list them so, and readers taking the head as the primary get 2025-06-18.
 */
export const PROTOCOL_VERSIONS: readonly string[] = [
  PREFERRED_PROTOCOL_VERSION,
  ...[...MODERN_PROTOCOL_VERSIONS, ...SDK_PROTOCOL_VERSIONS].filter((version) => version !== PREFERRED_PROTOCOL_VERSION),
];

/** Transport spec: a request without MCP-Protocol-Version is taken as this revision. */
export const ASSUMED_PROTOCOL_VERSION = SDK_DEFAULT_PROTOCOL_VERSION;

/** The first revision that removed JSON-RPC batching. */
const BATCHING_REMOVED_IN = '2025-06-18';

export function isSupportedVersion(version: string): boolean {
  return PROTOCOL_VERSIONS.includes(version);
}

export function isModernVersion(version: string | undefined): boolean {
  return version !== undefined && MODERN_PROTOCOL_VERSIONS.includes(version);
}

/** Revisions are dates, so they compare as strings. */
export function allowsBatches(version: string): boolean {
  return version < BATCHING_REMOVED_IN;
}
