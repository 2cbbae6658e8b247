import type { FastifyInstance } from 'fastify';
import { systemClock } from '../lib/clock.js';
import { registerActions } from './actions.js';
import { registerAttachmentRoute } from './attachment-route.js';
import { registerConversationActions } from './conversation-actions.js';
import { registerUnmatchedPage } from './unmatched-page.js';
import type { InboxDeps, PageDeps } from './deps.js';
import type { InboxStatusSource } from './nav.js';
import { registerErase } from './erase-page.js';
import { registerExports } from './export.js';
import { registerInquiryPage } from './inquiry-page.js';
import { registerListPage } from './list-page.js';
import { registerReports } from './reports-page.js';
import { registerAgenda } from './agenda-page.js';

// The inbox's pages, registered in the signed-in context (src/inbox/plugin.ts): every route here has
// `request.operator`, and every POST has passed the CSRF check before its handler runs.

/** What the navigation counts on every page: unread inquiries, and mail that matched none. */
export function inboxStatusSource(deps: Pick<InboxDeps, 'inbox' | 'conversations'>): InboxStatusSource {
  return { unreadCount: () => deps.inbox.unreadCount(), countUnmatched: () => deps.conversations.store.countUnmatched() };
}

export async function registerInboxPages(scope: FastifyInstance, deps: InboxDeps, status: InboxStatusSource): Promise<void> {
  const clock = deps.clock ?? systemClock;
  const pages: PageDeps = {
    inbox: deps.inbox,
    triage: { inbox: deps.inbox, channels: deps.outbox.channels, clock },
    pipeline: {
      pipeline: deps.pipeline, channels: deps.outbox.channels, clock, wake: () => deps.outbox.wake(),
      operators: { emails: async () => (await deps.operators.list()).map((operator) => operator.email) },
    },
    outbox: deps.outbox,
    conversations: deps.conversations,
    clients: deps.clients,
    consultations: deps.consultations,
    clock,
    time: deps.time,
    siteName: deps.catalog.site.name,
    status,
  };
  registerListPage(scope, pages.inbox, pages.time);
  registerInquiryPage(scope, pages);
  registerActions(scope, pages);
  registerExports(scope, pages);
  registerErase(scope, { inbox: pages.inbox, bookings: deps.consultations });
  registerReports(scope, { reports: deps.reports, clock, time: deps.time });
  registerAgenda(scope, pages);
  registerConversationActions(scope, pages);
  registerUnmatchedPage(scope, pages);
  registerAttachmentRoute(scope, pages.conversations.store);
}
