import type { FastifyCorsOptions } from '@fastify/cors';
import { DefaultExecutionEventBusManager, DefaultRequestHandler, JsonRpcTransportHandler, type TaskStore } from '@a2a-js/sdk/server';
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
import { agentCard, extendedAgentCard } from './agent-card.js';
import type { CardSigningKeys } from './card-signature.js';
import { extendedCardProvider, signedCards, signingUnavailable } from './cards.js';
import { SkillExecutor } from './executor.js';
import { registerA2aRoute } from './route.js';
import { helpText, skillDefinitions } from './skills.js';

export interface A2aOptions {
  baseUrl: string;
  /** The CORS policy of routes that act for the studio (src/http/cors.ts sitePolicy). */
  corsPolicy: FastifyCorsOptions;
  catalog: Catalog;
  inquiries: InquiryService;
  consultations: ConsultationsService;
  /** The keys that sign both cards: the OAuth key ring, whose JWKS (/oauth/jwks.json) publishes them. */
  cardKeys: CardSigningKeys;
  /**
   * Where tasks are kept between requests (a refusal for GetTask, an inquiry waiting for its follow-up):
   * chosen by the composition root, made once per process so a content reload keeps them (task-store.ts).
   */
  tasks: TaskStore;
  clock?: Clock;
}

/**
 * The A2A surface as a Fastify plugin: the signed agent card at its well-known address and the JSON-RPC
 * endpoint it names, over the SDK's request handler, which answers GetExtendedAgentCard with the signed
 * extended card. The cards, the skills and the handler are built here, once per app (each card is signed
 * again only when the signing key changes). Register it inside the API context, whose hooks count the read
 * policy (`config.rateLimit`), verify bearer tokens (`request.clientId`) and apply CORS (`config.cors`,
 * the site policy given here).
 */
export async function a2aPlugin(app: FastifyInstance, options: A2aOptions): Promise<void> {
  const { baseUrl, corsPolicy, catalog, inquiries, consultations, cardKeys, tasks, clock = systemClock } = options;
  const skills = skillDefinitions(catalog.site.name);
  const card = agentCard({ baseUrl, catalog, skills });
  const items = catalogItems(catalog, baseUrl);
  const cards = signedCards(card, extendedAgentCard(card), cardKeys, baseUrl, (signed) => jsonRepresentation(signed));
  const executor = new SkillExecutor({
    tools: new AgentTools({ ...items, inquiries, consultations, channel: 'a2a' }),
    answers: plainAnswerContext(catalog, items, baseUrl),
    help: helpText(catalog.site.name, baseUrl + PATHS.agentCard, skills),
    clock,
    log: app.log,
  });
  // No push notifications (off on the card), so no store or sender; the extended card comes signed from its
  // provider (the SDK's own signer is not used: cards.ts says why). An input-required task (an inquiry told
  // in words) waits in the task store, not on an open event bus: the bus of every request is closed when its
  // answer is published, so an abandoned task holds no bus.
  const handler = new DefaultRequestHandler(
    card, tasks, executor, new DefaultExecutionEventBusManager(), undefined, undefined,
    extendedCardProvider(cards.extended, baseUrl), undefined, { keepBusAliveStates: [] },
  );
  await registerA2aRoute(app, { card, transport: new JsonRpcTransportHandler(handler), corsPolicy, domain: new URL(baseUrl).host });

  // The card: signed, cached like the other discovery documents (public, five minutes, then revalidated
  // by its ETag), not counted, open to every origin by the default CORS policy (as the MCP card).
  app.get(PATHS.agentCard, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) =>
    sendRepresentation(request, reply, await cards.public.current().catch(signingUnavailable)));
  // An unknown address below /a2a is a machine address: the JSON Error, counted like a read.
  await answerNotFoundAsJson(app, PATHS.a2a);
}
