/**
 * What the logs may say about an error: its class and code, never its message. Driver and network
 * messages can carry host names, user names, SQL or a person's data.
 */
export function errorClass(error: unknown): { name?: string; code?: string } {
  if (!error || typeof error !== 'object') return { name: typeof error };
  const { name, code } = error as { name?: unknown; code?: unknown };
  return { ...(typeof name === 'string' && { name }), ...(typeof code === 'string' && { code }) };
}
