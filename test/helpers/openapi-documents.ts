// The /openapi.json of each origin the suite talks to, fetched once per server and kept until that
// server closes (startServer's close() forgets it: a later server may listen on the same port).

type Json = Record<string, any>;

const documents = new Map<string, Promise<Json | undefined>>();

/** The fetch the suite had before the conformance check wrapped it, so that reading a document is never checked. */
export const unwrappedFetch: typeof fetch = globalThis.fetch;

async function download(origin: string): Promise<Json | undefined> {
  try {
    const response = await unwrappedFetch(`${origin}/openapi.json`, { signal: AbortSignal.timeout(10_000) });
    return response.ok ? await response.json() as Json : undefined;
  } catch {
    // A server closing or refusing (load shedding, slow-client limits): its answers cannot be checked now.
    return undefined;
  }
}

/** The origin's document; undefined when it cannot be read now (then it is asked again next time). */
export async function openApiDocumentOf(origin: string): Promise<Json | undefined> {
  let document = documents.get(origin);
  if (!document) documents.set(origin, document = download(origin));
  const read = await document;
  if (!read) documents.delete(origin);
  return read;
}

export function forgetOpenApiDocument(origin: string): void {
  documents.delete(new URL(origin).origin);
}
