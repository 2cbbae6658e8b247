import { Type } from 'typebox';
import { BOOKING_POLICY, ConsultationType, ConsultationTypeList, Slot, SlotList, SlotsQuery } from '../contract/consultation.js';
import { PATHS, pathTemplate } from '../contract/paths.js';
import type { OperationDefinition } from './operation.js';
import { READ_LIMIT_TEXT, READ_ONLY } from './read-operations.js';
import { toolSchema, type ArgumentsSchema } from './schemas.js';

// list_consultation_slots: the consultations the studio offers, or the free slots of one. Without a type it
// answers the types (title, duration, place): the slugs are content, which a reload changes under a tool list
// that clients keep, and an agent needs the titles and durations anyway to choose with its person.

export const CONSULTATION_TYPE_ARGUMENT = { ...ConsultationType.properties.slug, maxLength: 60 };

const ARGUMENTS = toolSchema(Type.Object({
  type: Type.Optional({ ...CONSULTATION_TYPE_ARGUMENT, description: 'The consultation type\'s slug. Leave it out to get the types that can be booked.' }),
  ...SlotsQuery.properties,
}, { additionalProperties: false })) as ArgumentsSchema;

const { holdMinutes } = BOOKING_POLICY;

const ANSWERS = 'Without "type" it answers the consultations that can be booked: {"time_zone", "consultations": [{slug, title, duration_minutes, '
  + 'place, description, ...}]}. With "type" (a slug) it answers that type\'s free slots between "from" and "to" (days YYYY-MM-DD in the '
  + `studio's zone, both optional: today and the ${BOOKING_POLICY.defaultSlotsSpanDays} days from it when left out, at most `
  + `${BOOKING_POLICY.maxSlotsSpanDays} days apart): {"type", "time_zone", "from", "to", "slots": [{start, end}]}, each time RFC 3339 with `
  + 'the studio\'s offset at that instant (it changes with daylight saving) and "time_zone" the studio\'s IANA zone: tell the person the '
  + 'time in their own zone when it differs. ';

const NEXT = `Book one with book_consultation, giving its "start" exactly as listed (or hold it for ${holdMinutes} minutes while you ask the person). `;

export const listConsultationSlots: OperationDefinition = {
  title: (studio) => `${studio} consultations and free slots`,
  arguments: ARGUMENTS,
  examples: [{}, { type: 'introductory-call' }, { type: 'introductory-call', from: '2027-03-15', to: '2027-03-19' }],
  result: { type: 'object', oneOf: [toolSchema(ConsultationTypeList, [ConsultationType]), toolSchema(SlotList, [Slot])] },
  hints: READ_ONLY,
  tool: {
    description: (studio) => `List the consultations (a first conversation about a project) ${studio} offers, or the free times of one. `
      + ANSWERS + NEXT + READ_LIMIT_TEXT,
    purpose: 'lists the consultations and their free slots',
  },
  skill: {
    description: (studio, words) => `The consultations ${studio} offers and their free slots. ${words.call(', "type": "<slug>"')}, `
      + `with ${words.arguments}, all optional. The answer is a message with a data part: the object of GET ${PATHS.consultations} `
      + `without a type, of GET ${pathTemplate(PATHS.consultationSlots)} with one. ${ANSWERS}${NEXT}${READ_LIMIT_TEXT}`,
    tags: ['consultation', 'booking', 'availability', 'read-only'],
  },
  browser: {
    description: (studio) => `List the consultations ${studio} offers, or the free times of one. ${ANSWERS}${READ_LIMIT_TEXT}`,
    arguments: ['type', 'from', 'to'],
    runs: { get: { paths: [PATHS.consultationSlots, PATHS.consultations] } },
  },
  run: async (args, _caller, { consultations }) => {
    const { type, from, to } = args as { type?: string; from?: string; to?: string };
    const value = type === undefined ? consultations.typeList() : await consultations.slots(type, { from, to });
    return { value };
  },
};
