import type { FastifyInstance } from 'fastify';
import type { InboxStore, NotificationChannel } from '../inquiries/ports.js';
import type { TriageDeps } from '../inquiries/triage.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { ClientRecord } from '../oauth/ports.js';
import { registerActions } from './actions.js';
import { registerErase } from './erase-page.js';
import { registerExports } from './export.js';
import { registerInquiryPage } from './inquiry-page.js';
import { registerListPage } from './list-page.js';
import type { InboxDeps } from './plugin.js';

// The inbox's pages, registered in the signed-in context (src/inbox/plugin.ts): every route here has
// `request.operator`, and every POST has passed the CSRF check before its handler runs.

/** What the inbox's actions need of the outbox: made once by the composition root (src/compose.ts). */
export interface InboxOutbox {
  /** The configured notification channels: taking an inquiry out of spam queues a job for each it lacks. */
  channels: NotificationChannel[];
  /** Puts the permanently failed jobs of one inquiry back in the queue, due `now`; returns how many. */
  requeueFailed(now: number, inquiryId: string): Promise<number>;
  /** Asks the outbox worker to look for due jobs now rather than at its next poll. */
  wake(): void;
}

/** The registered OAuth clients, to name the client an inquiry's bearer token belonged to. */
export interface ClientDirectory {
  findClient(clientId: string): Promise<ClientRecord | undefined>;
}

/** What the pages are built from: the inbox context's deps, put together once. */
export interface PageDeps {
  inbox: InboxStore;
  triage: TriageDeps;
  outbox: InboxOutbox;
  clients: ClientDirectory;
  clock: Clock;
  siteName: string;
}

export async function registerInboxPages(scope: FastifyInstance, deps: InboxDeps): Promise<void> {
  const clock = deps.clock ?? systemClock;
  const pages: PageDeps = {
    inbox: deps.inbox,
    triage: { inbox: deps.inbox, channels: deps.outbox.channels, clock },
    outbox: deps.outbox,
    clients: deps.clients,
    clock,
    siteName: deps.catalog.site.name,
  };
  registerListPage(scope, pages.inbox);
  registerInquiryPage(scope, pages);
  registerActions(scope, pages);
  registerExports(scope, pages);
  registerErase(scope, pages.inbox);
}
