import type { FastifyInstance } from 'fastify';
import { systemClock } from '../lib/clock.js';
import { registerActions } from './actions.js';
import type { InboxDeps, PageDeps } from './deps.js';
import { registerErase } from './erase-page.js';
import { registerExports } from './export.js';
import { registerInquiryPage } from './inquiry-page.js';
import { registerListPage } from './list-page.js';
import { registerReports } from './reports-page.js';

// The inbox's pages, registered in the signed-in context (src/inbox/plugin.ts): every route here has
// `request.operator`, and every POST has passed the CSRF check before its handler runs.

export async function registerInboxPages(scope: FastifyInstance, deps: InboxDeps): Promise<void> {
  const clock = deps.clock ?? systemClock;
  const pages: PageDeps = {
    inbox: deps.inbox,
    triage: { inbox: deps.inbox, channels: deps.outbox.channels, clock },
    pipeline: {
      pipeline: deps.pipeline, channels: deps.outbox.channels, clock, wake: () => deps.outbox.wake(),
      operators: { emails: async () => (await deps.operators.list()).map((operator) => operator.email) },
    },
    outbox: deps.outbox,
    clients: deps.clients,
    clock,
    time: deps.time,
    siteName: deps.catalog.site.name,
  };
  registerListPage(scope, pages.inbox, pages.time);
  registerInquiryPage(scope, pages);
  registerActions(scope, pages);
  registerExports(scope, pages);
  registerErase(scope, pages.inbox);
  registerReports(scope, { reports: deps.reports, clock, time: deps.time });
}
