import { Service } from '../contract/catalog.js';
import { PATHS } from '../contract/paths.js';
import type { OperationDefinition } from './operation.js';
import { READ_LIMIT_TEXT, READ_ONLY } from './read-operations.js';
import { listOf } from './schemas.js';

// list_services: the service catalog, whole.

const toolDescription = (studio: string) => `List the services ${studio} offers: slug, title, description, capabilities and the URL of each service page. `
  + `Takes no arguments. ${READ_LIMIT_TEXT}`;

export const listServices: OperationDefinition = {
  title: (studio) => `${studio} services`,
  arguments: { type: 'object', properties: {}, additionalProperties: false },
  examples: [{}],
  result: listOf('services', Service),
  hints: READ_ONLY,
  tool: { description: toolDescription, purpose: 'reads the service catalog' },
  skill: {
    description: (studio, words) => `The services ${studio} offers. ${words.call()}, ${words.arguments}. The answer is a message `
      + `with a data part: {"services": [...]}, the objects of GET ${PATHS.services} (slug, title, description, capabilities, the page URL). `
      + READ_LIMIT_TEXT,
    tags: ['services', 'design-build', 'read-only'],
  },
  browser: { description: toolDescription, arguments: [], runs: { read: { path: PATHS.services, items: 'services' } } },
  unfilteredAnswer: (catalog) => catalog.allServices,
  run: async (_args, _caller, { catalog }) => ({ value: catalog.allServices }),
};
