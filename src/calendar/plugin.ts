import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../contract/errors.js';
import { PATHS } from '../contract/paths.js';
import type { StudioCalendar } from '../consultations/studio-calendar.js';
import { sendApiError } from '../http/errors.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';

// The studio's calendar context: GET /calendar/:token/consultations.ics, the feed its calendar app
// subscribes to. The token is the whole key (no sign-in: calendar apps have none), so a wrong one answers
// the same 404 as an unknown address, and no answer is kept by a cache on the way. Not counted by the
// API's limiter: a calendar polls it, and a guess costs one hash. Left out of the OpenAPI document: it is
// the studio's private address, not part of the API.

export interface CalendarDeps {
  calendar: StudioCalendar;
}

const CALENDAR_SCHEMA = {
  hide: true,
  params: Type.Object({ token: Type.String({ maxLength: 128 }) }),
};

export async function calendarSurface(scope: FastifyInstance, deps: CalendarDeps): Promise<void> {
  const routes = new RouteRegistry(scope);
  scope.get<{ Params: { token: string } }>(PATHS.studioCalendar, { schema: CALENDAR_SCHEMA }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const feed = await deps.calendar.feed(request.params.token);
    if (feed === undefined) return sendApiError(reply, new ApiError('not_found'));
    return reply.type('text/calendar; charset=utf-8').send(feed);
  });
  registerMethodNotAllowed(scope, routes.methodsByUrl());
}
