// The errors of the OAuth use cases. They name what went wrong in OAuth's own words; each surface
// (src/oauth/http/ for the endpoints, the bearer hook for the API, the CLI) decides how to answer it.

/** RFC 6749 §5.2 and RFC 7591 §3.2.2 error codes, and temporarily_unavailable (RFC 6749 §4.1.2.1). */
export type OAuthErrorCode =
  | 'invalid_request' | 'invalid_client' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope'
  | 'invalid_client_metadata' | 'invalid_redirect_uri' | 'unapproved_software_statement'
  | 'temporarily_unavailable' | 'server_error';

/** A request the authorization server refuses: the code and a description safe to show the client. */
export class OAuthError extends Error {
  constructor(readonly code: OAuthErrorCode, description: string) {
    super(description);
    this.name = 'OAuthError';
  }
}

/** The database (or the key set kept in it) cannot be reached: callers answer "try again later". */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super('OAuth store unavailable', { cause });
    this.name = 'StoreUnavailable';
  }
}

/** Runs a store operation; any driver failure becomes StoreUnavailable (its message never reaches a client). */
export async function fromStore<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw error instanceof StoreUnavailable ? error : new StoreUnavailable(error);
  }
}
