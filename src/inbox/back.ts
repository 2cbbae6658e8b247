import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { html, type SafeHtml } from '../web/html.js';
import { safeNext } from './paths.js';

// Where the operator came from: a link from the list to an inquiry carries the list's own address (its
// view, filters and page) in `back`; the inquiry page's back link returns there, its forms carry it on,
// and an action that leaves the inquiry (Mark unread) lands there. It comes from an address anyone can
// craft, so it is read through safeNext: only an inbox path survives.

/** The query parameter and form field. */
export const BACK = 'back';

/** Its schema, for a route's querystring or body: a path and query, no longer than a URL should be. */
export const BackField = Type.Optional(Type.String({ maxLength: 2000 }));

/** The `back` of a request, from its query or its form body: a safe inbox path, or undefined. */
export function backOf(request: FastifyRequest): string | undefined {
  const fromBody = (request.body as Record<string, unknown> | undefined)?.[BACK];
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.[BACK];
  return safeNext(fromBody ?? fromQuery);
}

/** The hidden field that carries `back` through a POST form; nothing when there is none. */
export function backInput(back: string | undefined): SafeHtml | '' {
  return back === undefined ? '' : html`<input type="hidden" name="${BACK}" value="${back}">`;
}

/** `path` (which may have a query) with `back` added; unchanged without one. */
export function withBack(path: string, back: string | undefined): string {
  if (back === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${BACK}=${encodeURIComponent(back)}`;
}

/** The page a request is for, as a `back` for links leaving it: its path and query without an action's notice. */
export function hereOf(request: FastifyRequest): string | undefined {
  const url = new URL(request.url, 'http://inbox.invalid');
  url.searchParams.delete('done');
  return safeNext(url.pathname + url.search);
}

/**
 * Where an action that leaves the inquiry sends the operator: the list they came from (`fallback`
 * without one), with the action's notice in place of any earlier one.
 */
export function afterAction(back: string | undefined, done: string, fallback: string): string {
  const url = new URL(back ?? fallback, 'http://inbox.invalid');
  url.searchParams.set('done', done);
  return url.pathname + url.search;
}
