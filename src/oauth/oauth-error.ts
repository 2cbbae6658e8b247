import type { FastifyReply } from 'fastify';

// RFC 6749 §5.2, RFC 7591 §3.2.2 error codes. temporarily_unavailable (RFC 6749 §4.1.2.1) is also
// used for 429 and 503 so that OAuth clients always read an OAuth error body from these endpoints.
export type OAuthErrorCode =
  | 'invalid_request' | 'invalid_client' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope'
  | 'invalid_client_metadata' | 'invalid_redirect_uri' | 'unapproved_software_statement'
  | 'temporarily_unavailable' | 'server_error';

const STATUS: Partial<Record<OAuthErrorCode, number>> = { invalid_client: 401, temporarily_unavailable: 503, server_error: 500 };

export class OAuthError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(readonly code: OAuthErrorCode, description: string, options: { status?: number; headers?: Record<string, string> } = {}) {
    super(description);
    this.name = 'OAuthError';
    this.status = options.status ?? STATUS[code] ?? 400;
    this.headers = options.headers ?? {};
  }
}

/** The database (or the key set kept in it) cannot be reached: callers answer 503 and try again later. */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super('OAuth store unavailable', { cause });
    this.name = 'StoreUnavailable';
  }
}

export const STORE_RETRY_AFTER_SECONDS = 5;

/** Runs a store operation; any driver failure becomes StoreUnavailable (its message never reaches a client). */
export async function fromStore<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw error instanceof StoreUnavailable ? error : new StoreUnavailable(error);
  }
}

/** Token, introspection and registration answers must not be cached (RFC 6749 §5.1, RFC 7591 §3.2.1). */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

export function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  noStore(reply).code(error.status).headers(error.headers);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify({ error: error.code, error_description: error.message }));
}
