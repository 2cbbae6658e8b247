/**
 * Whether a request's Origin header may act on the studio's behalf: absent (servers, agents, curl) or
 * one of the allowed origins. "null" (sandboxed frames, file: pages) is never one of ours.
 */
export function originAllowed(origin: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  return origin !== 'null' && allowedOrigins.includes(origin.toLowerCase().replace(/\/$/, ''));
}
