import type { FastifyReply, FastifyRequest } from 'fastify';

// The inbox's two cookies: the operator's session, and the sign-in forms' token before a session exists
// (src/inbox/csrf.ts). Over https both carry the `__Host-` prefix, which makes the browser insist on
// Secure, Path=/ and no Domain, so no other host (a sibling subdomain) can set or overwrite them. Over
// http (development) browsers refuse a `__Host-` cookie, so the plain names are used there.

export interface InboxCookies {
  /** The session cookie's name. */
  session: string;
  /** The pre-session form token's cookie name (sign-in and set-password forms). */
  form: string;
  secure: boolean;
}

export function inboxCookies(baseUrl: string): InboxCookies {
  const secure = new URL(baseUrl).protocol === 'https:';
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}studio_session`, form: `${prefix}studio_signin`, secure };
}

/** The value of one cookie of the request; undefined when absent. Values we set are base64url, never quoted. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

function cookieLine(cookies: InboxCookies, name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${cookies.secure ? '; Secure' : ''}`;
}

/** Fastify keeps every Set-Cookie header given, so a reply can set one cookie and clear another. */
export function setCookie(reply: FastifyReply, cookies: InboxCookies, name: string, value: string, maxAgeSeconds: number): void {
  reply.header('Set-Cookie', cookieLine(cookies, name, value, maxAgeSeconds));
}

export function clearCookie(reply: FastifyReply, cookies: InboxCookies, name: string): void {
  reply.header('Set-Cookie', cookieLine(cookies, name, '', 0));
}
