import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { INBOX_PATHS } from '../contract/paths.js';
import { StringEnum } from '../contract/schema-helpers.js';
import { agendaPeriod, AGENDA_VIEWS } from './agenda-period.js';
import { agendaView } from './agenda-view.js';
import { registerBookingActions } from './booking-actions.js';
import type { PageDeps } from './deps.js';
import { sendErrorPage } from './guards.js';
import { sendInboxPage } from './layout.js';
import { noticeOf } from './notices.js';

// GET /inbox/agenda: the consultations booked with the studio, a week from Monday (the default, this
// week) or one day (`?view=day&day=YYYY-MM-DD`), in the studio's zone; and the operator's changes to one
// (booking-actions.ts). The bookings come from the consultations use case, never the store.

const AgendaQuery = Type.Object({
  view: Type.Optional(StringEnum(AGENDA_VIEWS)),
  day: Type.Optional(Type.String({ format: 'date' })),
  done: Type.Optional(Type.String({ maxLength: 40 })),
});

export function registerAgenda(scope: FastifyInstance, deps: PageDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(INBOX_PATHS.agenda, { schema: { hide: true, querystring: AgendaQuery } }, async (request, reply) => {
    const now = deps.clock();
    const { consultations } = deps;
    const period = agendaPeriod(request.query.view ?? 'week', request.query.day, now, consultations.zone);
    if (!period) return sendErrorPage(request, reply, 400);
    const bookings = await consultations.agenda(period.from, period.to);
    return sendInboxPage(request, reply, agendaView({
      period, bookings, kinds: consultations.kinds(), zone: consultations.zone, now, notice: noticeOf(request.query.done),
    }));
  });
  registerBookingActions(scope, deps);
}
