import type { FastifyInstance } from 'fastify';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { Catalog } from '../catalog/catalog.js';
import { API_ROOT } from '../contract/paths.js';
import type { InboxStore, PipelineStore } from '../inquiries/ports.js';
import type { ConversationStore } from '../conversations/ports.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import { answerNotFoundAsJson } from '../http/errors.js';
import { registerMethodNotAllowed } from '../http/method-not-allowed.js';
import { RouteRegistry } from '../http/route-registry.js';
import { registerApiIndex } from './api-index.js';
import { registerContactRoutes, type LegacyDeprecation } from './contact-routes.js';
import { registerConsultationRoutes } from './consultation-routes.js';
import type { ConsultationsService } from '../consultations/consultations.js';
import { inquiryRoutes } from './inquiry-routes.js';
import { registerReadRoutes } from './read-routes.js';

export interface RestOptions {
  catalog: Catalog;
  baseUrl: string;
  apiName: string;
  inquiries: InquiryService;
  /** The stored inquiries, for the read API of the studio's own tools. */
  inbox: InboxStore;
  /** Each inquiry's notes and the person's other inquiries, for the same read API. */
  pipeline: PipelineStore;
  /** The inquiries' conversations, for the read API's `thread`. */
  conversations: Pick<ConversationStore, 'threads'>;
  allowedOrigins: readonly string[];
  corsPolicy: FastifyCorsOptions;
  legacy: Omit<LegacyDeprecation, 'baseUrl'>;
  consultations: ConsultationsService;
}

/**
 * The REST operations under /api: the index, the catalog reads, the two contact routes and the read API
 * of the inquiries (in a context of its own that requires the inquiries:read scope). Registered inside
 * the API context, whose hooks count every request and check bearer tokens; an unknown address under
 * /api answers the JSON Error, counted like a read.
 */
export async function restSurface(scope: FastifyInstance, options: RestOptions): Promise<void> {
  const { baseUrl } = options;
  const routes = new RouteRegistry(scope);
  registerApiIndex(scope, baseUrl, options.apiName);
  registerReadRoutes(scope, options.catalog, baseUrl);
  await registerContactRoutes(scope, {
    inquiries: options.inquiries, allowedOrigins: options.allowedOrigins, corsPolicy: options.corsPolicy,
    legacy: { ...options.legacy, baseUrl },
  });
  registerConsultationRoutes(scope, { consultations: options.consultations, allowedOrigins: options.allowedOrigins, corsPolicy: options.corsPolicy });
  await scope.register(inquiryRoutes, { inbox: options.inbox, pipeline: options.pipeline, conversations: options.conversations, baseUrl });
  registerMethodNotAllowed(scope, routes.methodsByUrl());
  await answerNotFoundAsJson(scope, API_ROOT);
}
