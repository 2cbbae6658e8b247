import type { BUDGETS, Folder, Inquiry, LOCATIONS, NotificationStatus, PHASES, Stage, TriageState } from '../contract/inquiry.js';
import type { Locale } from '../contract/locales.js';
import type { SubmissionChannel } from './inquiry-service.js';

// The ports of the inquiry use cases: the notifiers, the outbox store and the inbox store. Each section
// says where its adapters live; the composition root picks them.

// ── Notifiers ──

// The port between the outbox worker and the ways an inquiry is told of: to the studio (email, webhook),
// and back to the inquirer (the acknowledgement, which carries nothing of what was submitted). The
// adapters live in ./notifiers/.

/** An inquiry as committed to the inbox store. */
export interface StoredInquiry {
  /** Stable id: the inquiry's identity everywhere, and the idempotency id of its notifications. */
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  location: (typeof LOCATIONS)[number];
  budget: (typeof BUDGETS)[number];
  phase: (typeof PHASES)[number];
  /** The language the studio answers in, and the acknowledgement is written in ('en' when the submission said none). */
  language: Locale;
  receivedAt: Date;
}

/**
 * `email` and `webhook` tell the studio: every inquiry that is not spam gets a job on each configured one.
 * `acknowledgement` tells the inquirer that it arrived (INQUIRY_ACK): the use case asks for it per
 * inquiry and the store queues it at most once per address per hour. `reply` sends an operator's answer
 * from the inbox to the inquirer, one job per message.
 */
export type NotificationChannel = 'email' | 'webhook' | 'acknowledgement' | 'reply';

/** A change of stage, as the webhook tells it (inquiry.stage_changed). */
export interface StageChange {
  from: Stage;
  to: Stage;
  /** Who moved it: an operator's address, `cli:<user>`, or `system`. */
  by: string;
  at: number;
}

/** One message of an inquiry's conversation, as the webhook tells it (inquiry.replied). */
export interface ConversationMessage {
  id: string;
  direction: 'in' | 'out';
  at: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
}

/** An operator's answer as the reply channel sends it: every header fixed when it was queued, so a retry sends the same mail. */
export interface OutgoingReply {
  /** RFC 5322 Message-ID, with its angle brackets. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  /** The message answered and the conversation's earlier ids (In-Reply-To, References). */
  inReplyTo: string | undefined;
  references: string[];
  /** Where the homeowner's answer goes: INBOUND_EMAIL_ADDRESS with the inquiry's token, when set. */
  replyTo: string | undefined;
}

/**
 * What one outbox job tells: the inquiry itself (every channel's first job), or a later event of it
 * (`ref` names the activity or message, unique per inquiry and channel; `data` is fixed when queued).
 */
export type Notice =
  | { type: 'inquiry.received' }
  | { type: 'inquiry.stage_changed'; ref: string; data: StageChange }
  | { type: 'inquiry.replied'; ref: string; data: ConversationMessage }
  | { type: 'reply'; ref: string; data: OutgoingReply };

export const RECEIVED: Notice = Object.freeze({ type: 'inquiry.received' });

/**
 * Delivers one notice of an inquiry on one channel. Must be safe to call again for the same job
 * (at-least-once): receivers de-duplicate on the job's stable id. Throws on any failure; the outbox
 * worker retries with backoff. A channel is handed only the notices queued on it.
 */
export interface Notifier {
  readonly channel: NotificationChannel;
  /** How many deliveries it takes at once (an SMTP pool's connections); one when not said. */
  readonly concurrency?: number;
  deliver(inquiry: StoredInquiry, notice: Notice): Promise<void>;
  close?(): Promise<void>;
}

// ── Outbox store ──

// The outbox store port: the notification jobs committed with each inquiry, handed out to workers under
// a lease. The adapters for SQLite and PostgreSQL live in src/store/inquiries/outbox.ts.

export type { NotificationStatus } from '../contract/inquiry.js';

/** A due job, claimed by one worker until `leasedUntil`. */
export interface ClaimedJob {
  /** Stable per inquiry and channel. */
  id: string;
  inquiryId: string;
  channel: NotificationChannel;
  notice: Notice;
  /** Attempts so far, the one this claim is for included. */
  attempts: number;
  /** When the job was queued (or re-queued): the retry horizon counts from here. */
  queuedAt: number;
  /** The lease this claim holds: it identifies the claim, so a later claim by another worker is told apart. */
  leasedUntil: number;
}

/** How one claimed job's attempt ended: delivered (at `at`), due again at `at` after a failure, or failed for good. */
export type JobOutcome =
  | { job: ClaimedJob; outcome: 'delivered'; at: number }
  | { job: ClaimedJob; outcome: 'retry'; at: number; error: string }
  | { job: ClaimedJob; outcome: 'failed'; error: string };

/** The pending jobs of one channel, for the metrics. */
export interface PendingJobs {
  channel: NotificationChannel;
  count: number;
  /** The earliest next attempt among them: when in the past, how long the longest-waiting due job has waited. */
  earliestAttemptAt: number;
}

export interface OutboxStore {
  /**
   * Claims up to `limit` due jobs of the given channels for `leaseMs`, in one statement: only one worker
   * holds a job at a time, and concurrent workers pass over each other's jobs instead of waiting. An
   * expired lease (a worker that died mid-delivery) makes the job due again: delivery is at-least-once.
   */
  claimDue(channels: readonly NotificationChannel[], now: number, leaseMs: number, limit: number): Promise<ClaimedJob[]>;
  /**
   * Records the outcomes of many attempts in one statement. Each applies only while its claim still
   * holds (nobody claimed the job since): a delivery that outlived its lease must not overwrite what
   * the next worker did.
   */
  settle(outcomes: readonly JobOutcome[]): Promise<void>;
  /** Puts permanently failed jobs (optionally of one inquiry) back in the queue, due now. Returns how many. */
  requeueFailed(now: number, inquiryId?: string): Promise<number>;
  /** The queue at a glance, per channel with pending jobs: one aggregate query over the pending rows. */
  pendingByChannel(): Promise<PendingJobs[]>;
}

// ── Pipeline store ──

// The pipeline of one inquiry: its stage, assignee and unread flag, the operators' notes, and the record
// of every change (activities). Each write is one transaction over the inquiry's locked row. The
// adapters for SQLite and PostgreSQL live in src/store/inquiries/pipeline.ts.

/** One recorded change of an inquiry: who, when, what, from which value to which (null: none, e.g. unassigned). */
export interface Activity {
  id: string;
  at: number;
  /** An operator's address, `cli:<user>`, `homeowner` or `system`. */
  actor: string;
  kind: 'stage' | 'assignee' | 'folder';
  from: string | null;
  to: string | null;
}

/** An operator's internal note: plain text, edited and deleted by its author only. */
export interface Note {
  id: string;
  author: string;
  at: number;
  /** Null until edited. */
  editedAt: number | null;
  text: string;
}

/** One inquiry of a person, as the page's "other inquiries" and the read API's `contact` list it. */
export interface ContactInquiry {
  id: string;
  contact: string;
  receivedAt: number;
  stage: Stage;
  folder: Folder;
}

/** Everything recorded on one inquiry, oldest first. */
export interface InquiryHistory {
  notes: Note[];
  activities: Activity[];
}

/** A change of the inquiry: made, nothing to change (already so), or no such inquiry. */
export type PipelineOutcome = 'changed' | 'unchanged' | 'not_found';
/** A change of a note: made, no such note on that inquiry, or the note is another operator's. */
export type NoteOutcome = 'changed' | 'not_found' | 'not_author';

export interface PipelineStore {
  /**
   * Moves the inquiry to `stage`, records the activity and, for each channel in `notify` (unless the
   * inquiry is in spam), queues an inquiry.stage_changed job that refers to that activity.
   */
  setStage(id: string, stage: Stage, by: string, now: number, notify: NotificationChannel[]): Promise<PipelineOutcome>;
  /** Assigns the inquiry to `assignee` (an operator's address in comparable form) or to nobody (null). */
  assign(id: string, assignee: string | null, by: string, now: number): Promise<PipelineOutcome>;
  /** Sets the unread flag and who set it when; never the folder, records no activity, leaves the last activity. */
  setUnread(id: string, unread: boolean, by: string, now: number): Promise<PipelineOutcome>;
  /** The new note's id; undefined when there is no such inquiry. */
  addNote(id: string, author: string, text: string, now: number): Promise<string | undefined>;
  editNote(id: string, noteId: string, author: string, text: string, now: number): Promise<NoteOutcome>;
  deleteNote(id: string, noteId: string, author: string, now: number): Promise<NoteOutcome>;
  history(id: string): Promise<InquiryHistory>;
  /** The notes of many inquiries in one read (the read API's pages), oldest first each. */
  notesOf(ids: readonly string[]): Promise<Map<string, Note[]>>;
  /** Every inquiry of these contacts (comparable addresses), newest first. */
  ofContacts(contacts: readonly string[]): Promise<ContactInquiry[]>;
}

// ── Inbox store ──

// The inbox store port: where accepted inquiries are kept, with their outbox jobs. The use case commits,
// the outbox worker loads, the operator (`studio inbox`, the web inbox, the read API, the triage and
// erasure use cases) pages, lists, finds, deletes and triages. The adapters for SQLite and PostgreSQL
// live in src/store/inquiries/inbox.ts.

/** An inquiry as accepted: the contract's fields, its language said (the default when the submission left it out). */
export type ReceivedInquiry = Inquiry & { language: Locale };

/** Everything the inbox stores about one accepted submission. */
export interface InquiryRecord {
  id: string;
  receivedAt: number;
  inquiry: ReceivedInquiry;
  spam: boolean;
  clientIp: string;
  userAgent: string | undefined;
  channel: SubmissionChannel;
  clientId: string | undefined;
  fingerprint: string;
}

export interface CommitRequest {
  record: InquiryRecord;
  /** One outbox job per channel; none for spam. */
  notify: NotificationChannel[];
  /**
   * Acknowledge the inquirer (INQUIRY_ACK; never for spam): if the stored inquiry is new (not a duplicate
   * nor a replay) and `address` had no acknowledgement at or after `notBefore`, the address is recorded
   * with the inquiry's time and an `acknowledgement` job is queued, in the same transaction. Concurrent
   * commits for one address queue one.
   */
  acknowledge?: { address: string; notBefore: number };
  idempotency: { key: string; bodyHash: string; notBefore: number } | undefined;
  /** An inquiry with the same fingerprint received after this time is the same inquiry. */
  duplicateSince: number;
  /**
   * The jobs of these channels are stored already claimed by this process's outbox worker, under this
   * lease (its first attempt counted): the worker is handed them in memory and claims nothing for them.
   */
  lease?: JobLease;
}

/** The inquiry as the notifiers are given it: what the store's `load` reads back once it is committed. */
export function storedInquiryFromRecord({ id, inquiry, receivedAt }: InquiryRecord): StoredInquiry {
  const { name, email, phone, message, location, budget, phase, language } = inquiry;
  return { id, name, email, phone: phone ?? null, message, location, budget, phase, language, receivedAt: new Date(receivedAt) };
}

/** A claim written with the jobs themselves. */
export interface JobLease {
  channels: readonly NotificationChannel[];
  until: number;
}

export type CommitOutcome =
  /** `claimed`, when the request had a lease: the jobs stored under it (the acknowledgement only if queued). */
  | { kind: 'stored'; id: string; claimed?: ClaimedJob[] }
  | { kind: 'replayed'; id: string }
  | { kind: 'duplicate'; id: string }
  | { kind: 'key_reused' };

/** Where one notification of an inquiry stands. */
export interface NotificationState {
  channel: string;
  /** What it tells: inquiry.received, or a later event (inquiry.stage_changed, inquiry.replied). */
  event: string;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
  deliveredAt: number | null;
}

/** The studio's triage of one inquiry: its folder and unread flag in one word, and who set them when (null: as it arrived). */
export interface Triage {
  state: TriageState;
  changedAt: number | null;
  /** An operator's email, `cli:<user>` for the operator command, or null for the state it arrived in. */
  changedBy: string | null;
}

/** An inquiry as the operator sees it: every stored field, how it arrived, its triage and its notifications. */
export interface InboxEntry extends StoredInquiry {
  /** The honeypot was filled when it arrived (a fact of the submission; triage never changes it). */
  spam: boolean;
  folder: Folder;
  unread: boolean;
  triage: Triage;
  stage: Stage;
  /** The operator it is assigned to (their address); null: unassigned. */
  assignee: string | null;
  /** The last change, note or message. */
  lastActivityAt: number;
  /** The inquirer's address in comparable form: the person's other inquiries share it. */
  contact: string;
  /** How it arrived (a SubmissionChannel when it was stored). */
  channel: string;
  clientIp: string;
  userAgent: string | null;
  clientId: string | null;
  notifications: NotificationState[];
}

/** What the web inbox and the read API search and filter by; every field narrows the result. */
export interface InboxQuery {
  /** The earlier triage word: a folder, the inbox's split by the unread flag (new, read). */
  state?: TriageState;
  folder?: Folder;
  /** Every folder but this one ("All" leaves spam out). */
  exceptFolder?: Folder;
  unread?: boolean;
  stage?: Stage;
  /** An operator's address in comparable form; null: the unassigned ones. */
  assignee?: string | null;
  /** Words to find in the inquiry (name, email, message), its notes or its messages, any letter case; every word must occur. */
  search?: string;
  location?: (typeof LOCATIONS)[number];
  budget?: (typeof BUDGETS)[number];
  phase?: (typeof PHASES)[number];
  /** Received at or after (epoch ms). */
  since?: number;
  /** Received before (epoch ms, exclusive: a day's end is the next day's midnight). */
  until?: number;
}

/** Which inquiries `list` returns (the CLI, exports): a query, and what only the operator command asks. */
export interface InboxFilter extends InboxQuery {
  /** The honeypot fact: true, only inquiries that arrived with it filled; false, only the others. */
  spam?: boolean;
  /** Only inquiries with a notification job in this state. */
  status?: NotificationStatus;
  limit?: number;
}

/** One page of a query, newest first. `next` is an opaque cursor for the following page (keyset, not offset). */
export interface InboxPage {
  entries: InboxEntry[];
  next: string | undefined;
}

export type StateChangeOutcome = 'changed' | 'unchanged' | 'not_found';

/** What narrows the inbox's counts: the filters and the search, never the view itself (folder, stage, assignee). */
export type CountQuery = Omit<InboxQuery, 'state' | 'folder' | 'exceptFolder' | 'unread' | 'stage' | 'assignee'>;

/** The inbox's views at a glance, under one query's filters. */
export interface InboxCounts {
  /** Per folder: every inquiry in it, and the unread ones. */
  folders: Record<Folder, { total: number; unread: number }>;
  /** Per stage, in every folder but spam. */
  stages: Record<Stage, number>;
  /** Assigned to the operator asking, and to nobody: in every folder but spam. */
  mine: number;
  unassigned: number;
}

export interface InboxStore {
  /**
   * Replay an Idempotency-Key, or recognize an identical duplicate, or store the inquiry with its outbox
   * jobs, durably before it resolves. Concurrent commits may share one transaction (group commit); they
   * behave as if committed one after the other in the order they came, and identical submissions
   * committed at the same instant are stored once. Rejects when the store cannot take the write (its error
   * may carry driver text: log only its class): then every commit of that transaction rejects, and none
   * of them is stored. A concurrent commit of the same new key elsewhere is retried by the store itself.
   */
  commit(request: CommitRequest): Promise<CommitOutcome>;
  /** One inquiry as the notifiers see it; undefined once the operator deleted it. */
  load(id: string): Promise<StoredInquiry | undefined>;
  /** Every match, newest first, at most `limit` (an export holds the whole set in memory). */
  list(filter?: InboxFilter): Promise<InboxEntry[]>;
  find(id: string): Promise<InboxEntry | undefined>;
  /** Deletes one inquiry and everything that refers to it (privacy request); false when there was none. */
  delete(id: string): Promise<boolean>;
  /** Retention: deletes every inquiry received before `before` (epoch ms), and the unmatched mail received before then; returns how many inquiries. */
  purge(before: number): Promise<number>;
  /** Erasure: deletes the unmatched mail of this contact (an address in comparable form); returns how many messages. */
  deleteUnmatchedOf(contact: string): Promise<number>;
  /** Ids of the inquiries whose address `matches`: the store reads every address (erasure is rare). */
  idsWhereEmail(matches: (email: string) => boolean): Promise<string[]>;
  /** Deletes these inquiries and everything that refers to them, in one transaction; returns how many. */
  deleteMany(ids: string[]): Promise<number>;
  /**
   * One page of `query`, newest first, `limit` entries at most, after `cursor` (a `next` of an earlier page).
   * Served by an index for every folder at 100,000 inquiries; an unknown or malformed cursor starts over.
   * `limit` is a whole number from 1 (the caller's schema bounds it; pages are at most 100).
   */
  page(query: InboxQuery, limit: number, cursor?: string): Promise<InboxPage>;
  /** How many inquiries in the inbox folder are unread: every inbox page shows it, so one indexed count. */
  unreadCount(): Promise<number>;
  /** The counts of every view under `query`; `me` is the asking operator's address in comparable form. */
  counts(query: CountQuery, me: string): Promise<InboxCounts>;
  /**
   * One transaction: sets the triage state and who set it when. Leaving `spam` queues one outbox job per
   * channel in `notify` that the inquiry has none for yet (the notifications the spam flag held back), due
   * `now`. Already in `state`: 'unchanged', and nothing is written (who set it when stays).
   */
  setState(id: string, state: TriageState, by: string, now: number, notify: NotificationChannel[]): Promise<StateChangeOutcome>;
}
