import { bookConsultation } from './book-consultation.js';
import { listConsultationSlots } from './list-consultation-slots.js';
import { listProjects } from './list-projects.js';
import { listServices } from './list-services.js';
import type { OperationDefinition } from './operation.js';
import { submitInquiry } from './submit-inquiry.js';

// The agent operations, in the order every surface lists them. Their names are this record's keys: a name
// exists only with its whole definition, and every surface renders the record (src/mcp/tool-definitions.ts,
// src/a2a/skills.ts, src/web/webmcp-tools.ts, src/web/agent-skill.ts, src/web/pages/developers.ts).

export const OPERATIONS = {
  list_projects: listProjects,
  list_services: listServices,
  submit_inquiry: submitInquiry,
  list_consultation_slots: listConsultationSlots,
  book_consultation: bookConsultation,
} as const satisfies Record<string, OperationDefinition>;

export type OperationName = keyof typeof OPERATIONS;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

/** Whether a name from a request is one of the operations (an own key: no prototype member answers). */
export const isOperationName = (name: unknown): name is OperationName => typeof name === 'string' && Object.hasOwn(OPERATIONS, name);

/** Something made for each operation, by name: built from the record's own keys, so no name lacks one. */
export function perOperation<T>(make: (operation: OperationDefinition, name: OperationName) => T): Record<OperationName, T> {
  return Object.fromEntries(OPERATION_NAMES.map((name) => [name, make(OPERATIONS[name], name)])) as Record<OperationName, T>;
}
