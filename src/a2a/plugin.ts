import type { FastifyCorsOptions } from '@fastify/cors';
import { DefaultRequestHandler, JsonRpcTransportHandler } from '@a2a-js/sdk/server';
import type { FastifyInstance } from 'fastify';
import { AgentTools, catalogItems } from '../agent-tools/agent-tools.js';
import { plainAnswerContext } from '../agent-tools/plain-answers.js';
import type { Catalog } from '../catalog/catalog.js';
import { PATHS } from '../contract/paths.js';
import { answerNotFoundAsJson } from '../http/errors.js';
import { jsonRepresentation, sendRepresentation } from '../http/representation.js';
import type { ConsultationsService } from '../consultations/consultations.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { agentCard, agentCardJson } from './agent-card.js';
import { SkillExecutor } from './executor.js';
import { registerA2aRoute } from './route.js';
import { helpText, skillDefinitions } from './skills.js';
import { RecentTasks } from './task-store.js';

export interface A2aOptions {
  baseUrl: string;
  /** The CORS policy of routes that act for the studio (src/http/cors.ts sitePolicy). */
  corsPolicy: FastifyCorsOptions;
  catalog: Catalog;
  inquiries: InquiryService;
  consultations: ConsultationsService;
  clock?: Clock;
}

/**
 * The A2A surface as a Fastify plugin: the agent card at its well-known address and the JSON-RPC endpoint
 * it names, over the SDK's request handler. The card, the skills and the handler are built here, once per
 * app. Register it inside the API context, whose hooks count the read policy (`config.rateLimit`), verify
 * bearer tokens (`request.clientId`) and apply CORS (`config.cors`, the site policy given here).
 */
export async function a2aPlugin(app: FastifyInstance, { baseUrl, corsPolicy, catalog, inquiries, consultations, clock = systemClock }: A2aOptions): Promise<void> {
  const skills = skillDefinitions(catalog.site.name);
  const card = agentCard({ baseUrl, catalog, skills });
  const items = catalogItems(catalog, baseUrl);
  const executor = new SkillExecutor({
    tools: new AgentTools({ ...items, inquiries, consultations, channel: 'a2a' }),
    answers: plainAnswerContext(catalog, items, baseUrl),
    help: helpText(catalog.site.name, baseUrl + PATHS.agentCard, skills),
    clock,
    log: app.log,
  });
  // An input-required task (an inquiry told in words) waits in the task store, not on an open event bus:
  // the bus of every request is closed when its answer is published, so an abandoned task holds no bus.
  const handler = new DefaultRequestHandler(card, new RecentTasks(clock), executor, undefined, undefined, undefined, undefined, undefined, { keepBusAliveStates: [] });
  await registerA2aRoute(app, { card, transport: new JsonRpcTransportHandler(handler), corsPolicy, domain: new URL(baseUrl).host });

  // The card: built once, cacheable with an ETag, not counted, open to every origin by the default CORS policy (as the MCP card).
  const cardJson = jsonRepresentation(agentCardJson(card));
  app.get(PATHS.agentCard, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => sendRepresentation(request, reply, cardJson));
  // An unknown address below /a2a is a machine address: the JSON Error, counted like a read.
  await answerNotFoundAsJson(app, PATHS.a2a);
}
