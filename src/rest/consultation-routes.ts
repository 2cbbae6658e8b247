import type { FastifyInstance } from 'fastify';
import type { FastifyCorsOptions } from '@fastify/cors';
import { Type } from 'typebox';
import {
  BOOKING_POLICY, Booking, BookingConfirmation, BookingRequest, ConsultationTypeList, SlotList, SlotsQuery,
} from '../contract/consultation.js';
import { PATHS } from '../contract/paths.js';
import { rateLimitHeaders } from '../contract/rate-limits.js';
import { RefOf } from '../contract/schema-helpers.js';
import type { ConsultationsService } from '../consultations/consultations.js';
import { callerOf } from '../http/caller.js';
import { sitePreflight } from '../http/cors.js';
import { MEDIA_TYPES, refuseBeforeValidation } from './contact-routes.js';
import { errorResponses, RATE_LIMIT_HEADER_DOCS } from '../http/route-docs.js';

// The consultations of the REST API: the types, a type's free slots, and booking one (or holding it, or
// confirming a hold), each a few lines around the one consultations use case.

export interface ConsultationRouteOptions {
  consultations: ConsultationsService;
  allowedOrigins: readonly string[];
  corsPolicy: FastifyCorsOptions;
}

const TypeParam = Type.Object({ type: Type.String({ maxLength: 60, description: 'The consultation type\'s slug.' }) });
const NO_STORE = { 'Cache-Control': { type: 'string', description: 'no-store: free slots change with every booking.' } };

const BOOK_DESCRIPTION = 'Books a free slot of the type (201 with the booking and its private manage_url; the person and the studio get a '
  + 'calendar invitation by email). With "hold": true the slot is held for '
  + `${BOOKING_POLICY.holdMinutes} minutes instead, so an agent can ask its person; book it then with {"hold_id": "<the hold's id>"} alone. `
  + `409 slot_taken when someone booked it meanwhile (the hint names the nearest free starts). At most ${BOOKING_POLICY.maxUpcomingPerAddress} `
  + `upcoming consultations per email address and ${BOOKING_POLICY.maxHoldsPerCaller} live holds per caller (429 too_many_bookings).`;

export function registerConsultationRoutes(scope: FastifyInstance, options: ConsultationRouteOptions): void {
  const { consultations } = options;
  scope.get(PATHS.consultations, {
    schema: {
      operationId: 'listConsultationTypes', summary: 'List the consultations that can be booked', tags: ['consultations'],
      description: 'The kinds of first conversation the studio offers (how long, where), with the addresses of their free slots and of booking them.',
      response: { 200: RefOf(ConsultationTypeList, { description: 'The consultation types.', headers: RATE_LIMIT_HEADER_DOCS }), ...errorResponses([429, 500]) },
    },
    config: { rateLimit: 'read' },
  }, async () => consultations.typeList());

  scope.get(PATHS.consultationSlots, {
    schema: {
      operationId: 'listConsultationSlots', summary: 'List the free slots of a consultation type', tags: ['consultations'],
      description: 'Free start times between two days of the studio\'s time zone, each with its end, as RFC 3339 with the studio\'s offset at '
        + 'that instant (it changes with daylight saving), and the zone\'s name.',
      params: TypeParam,
      querystring: SlotsQuery,
      response: { 200: RefOf(SlotList, { description: 'The free slots.', headers: { ...RATE_LIMIT_HEADER_DOCS, ...NO_STORE } }), ...errorResponses([400, 404, 429, 500]) },
    },
    config: { rateLimit: 'read' },
  }, async (request, reply) => {
    const { type } = request.params as { type: string };
    const list = await consultations.slots(type, request.query as { from?: string; to?: string });
    reply.header('Cache-Control', 'no-store');
    return list;
  });

  scope.post(PATHS.consultationBookings, {
    schema: {
      operationId: 'bookConsultation', summary: 'Book (or hold) a consultation', tags: ['consultations'], description: BOOK_DESCRIPTION,
      consumes: MEDIA_TYPES,
      params: TypeParam,
      body: Type.Union([RefOf(BookingRequest), RefOf(BookingConfirmation)]),
      response: {
        201: RefOf(Booking, { description: 'Booked, or held.', headers: { ...RATE_LIMIT_HEADER_DOCS, ...NO_STORE } }),
        ...errorResponses([400, 403, 404, 409, 413, 415, 429, 500, 503]),
      },
    },
    config: { rateLimit: 'booking', cors: options.corsPolicy },
    preValidation: refuseBeforeValidation(options.allowedOrigins),
  }, async (request, reply) => {
    const { type } = request.params as { type: string };
    const { booking, rateLimit } = await consultations.book(type, request.body, { ...callerOf(request), channel: 'api', rateLimit: request.rateLimit });
    if (rateLimit) reply.headers(rateLimitHeaders(rateLimit));
    return reply.code(201).header('Cache-Control', 'no-store').send(booking);
  });
  sitePreflight(scope, PATHS.consultationBookings, options.corsPolicy);
}
