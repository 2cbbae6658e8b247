/** What a log line may say about an error: the class and code of it and of its causes. */
export interface ErrorClass {
  name?: string;
  code?: string;
  cause?: ErrorClass;
}

/**
 * The one way to log an error from a driver or the network: its class and code, never its message or
 * stack, which can carry host names, user names, SQL or a person's data.
 */
export function errorClass(error: unknown, depth = 0): ErrorClass {
  if (!error || typeof error !== 'object') return { name: typeof error };
  const { name, code, cause } = error as { name?: unknown; code?: unknown; cause?: unknown };
  return {
    ...(typeof name === 'string' && { name }),
    ...((typeof code === 'string' || typeof code === 'number') && { code: String(code) }),
    ...(cause !== undefined && depth < 3 && { cause: errorClass(cause, depth + 1) }),
  };
}
