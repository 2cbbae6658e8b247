import type { InboxStatusSource } from './nav.js';
import type { Catalog } from '../catalog/catalog.js';
import type { ConsultationsService } from '../consultations/consultations.js';
import type { Conversations } from '../conversations/conversations.js';
import type { ServerConfig } from '../config/server.js';
import type { InboxStore, NotificationChannel, PipelineStore } from '../inquiries/ports.js';
import type { PipelineDeps } from '../inquiries/pipeline.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import type { TriageDeps } from '../inquiries/triage.js';
import type { ReportStore } from '../inquiries/report-ports.js';
import type { Clock } from '../lib/clock.js';
import type { StudioTime } from '../lib/studio-time.js';
import type { ClientRecord } from '../oauth/ports.js';
import type { Operators } from '../operators/operators.js';

// What the inbox is built from: the context's deps as the composition root hands them over, and the
// pages' deps put together from them. Its own room below plugin.ts and the pages, so both import it and
// neither imports the other for a type.

/** What the inbox context is built from (a part of AppDeps). */
export interface InboxDeps {
  config: Pick<ServerConfig, 'baseUrl'>;
  catalog: Catalog;
  inbox: InboxStore;
  /** Each inquiry's stage, assignee, unread flag, notes and activities (src/inquiries/pipeline.ts). */
  pipeline: PipelineStore;
  /** The reports' counts (src/inquiries/reports.ts). */
  reports: ReportStore;
  inquiries: InquiryService;
  operators: Operators;
  /** The pages' actions: not spam queues notifications, retry re-queues failed ones (src/inbox/actions.ts). */
  outbox: InboxOutbox;
  /** The conversations: the thread on the inquiry page, the reply form, unmatched mail, attachments. */
  conversations: Conversations;
  /** The OAuth clients, to name the one an inquiry's bearer token belonged to (the grants use case). */
  clients: ClientDirectory;
  /** The consultations use case: the agenda, an operator's reschedule and cancellation, an inquiry's bookings, erasure. */
  consultations: ConsultationsService;
  clock?: Clock;
  /** The studio's time zone: every time shown, and the days of the list's filters, are its (src/lib/studio-time.ts). */
  time: StudioTime;
}

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
  /** The pipeline use cases: stage, assignee, unread flag, notes (the outbox woken for a stage change). */
  pipeline: PipelineDeps;
  outbox: InboxOutbox;
  conversations: Conversations;
  clients: ClientDirectory;
  consultations: ConsultationsService;
  clock: Clock;
  time: StudioTime;
  siteName: string;
  /** The counts every page's navigation shows (src/inbox/nav.ts). */
  status: InboxStatusSource;
}
