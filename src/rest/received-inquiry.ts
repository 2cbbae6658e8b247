import type { ThreadMessage } from '../contract/conversation.js';
import type { ReceivedInquiry } from '../contract/inbox-api.js';
import type { ConversationStore, StoredMessage } from '../conversations/ports.js';
import type { ContactInquiry, InboxEntry, Note, NotificationState, PipelineStore } from '../inquiries/ports.js';

// An inbox entry as the read API shows it (the contract's ReceivedInquiry): times as ISO 8601, names in
// snake_case. The sender's IP address and user agent are left out on purpose: a CRM answers the person,
// and those two serve abuse handling, which stays with the operators (the web inbox, `studio inbox`).

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function notificationOf(n: NotificationState): ReceivedInquiry['notifications'][number] {
  return {
    channel: n.channel,
    event: n.event,
    status: n.status,
    attempts: n.attempts,
    delivered_at: isoOrNull(n.deliveredAt),
    // The store keeps the last schedule after delivery or giving up; only a pending job will be tried.
    next_attempt_at: n.status === 'pending' ? isoOrNull(n.nextAttemptAt) : null,
    last_error: n.lastError,
  };
}

/** What the inbox keeps beside an inquiry: its notes, the ids of the person's other inquiries, its conversation. */
export interface PipelineParts {
  notes: Note[];
  contact: string[];
  thread: readonly StoredMessage[];
}

function noteOf(note: Note): ReceivedInquiry['notes'][number] {
  return { id: note.id, author: note.author, at: new Date(note.at).toISOString(), text: note.text, edited_at: isoOrNull(note.editedAt) };
}

/** The notes, the other inquiries and the conversation of each entry, in three reads for a whole page. */
export async function pipelinePartsOf(
  pipeline: Pick<PipelineStore, 'notesOf' | 'ofContacts'>, conversations: Pick<ConversationStore, 'threads'>, entries: readonly InboxEntry[],
): Promise<Map<string, PipelineParts>> {
  const ids = entries.map((entry) => entry.id);
  const [notes, contacts, threads] = await Promise.all([
    pipeline.notesOf(ids),
    pipeline.ofContacts(entries.map((entry) => entry.contact)),
    conversations.threads(ids),
  ]);
  const byContact = new Map<string, ContactInquiry[]>();
  for (const inquiry of contacts) byContact.set(inquiry.contact, [...(byContact.get(inquiry.contact) ?? []), inquiry]);
  return new Map(entries.map((entry) => [entry.id, {
    notes: notes.get(entry.id) ?? [],
    contact: (byContact.get(entry.contact) ?? []).map((other) => other.id).filter((id) => id !== entry.id),
    thread: threads.get(entry.id) ?? [],
  }]));
}

/** One message of the conversation: times as ISO 8601, an outgoing one's delivery as its job's status. */
function threadMessageOf(message: StoredMessage): ThreadMessage {
  return {
    direction: message.direction, at: new Date(message.at).toISOString(), from: message.from, to: message.to, subject: message.subject,
    text: message.text, status: message.delivery?.status ?? null,
    attachments: message.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, size: a.size })),
  };
}

export function receivedInquiry(entry: InboxEntry, parts: PipelineParts): ReceivedInquiry {
  return {
    id: entry.id,
    received_at: entry.receivedAt.toISOString(),
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    message: entry.message,
    location: entry.location,
    budget: entry.budget,
    phase: entry.phase,
    language: entry.language,
    channel: entry.channel,
    client_id: entry.clientId,
    spam: entry.spam,
    triage: { state: entry.triage.state, changed_at: isoOrNull(entry.triage.changedAt), changed_by: entry.triage.changedBy },
    notifications: entry.notifications.map(notificationOf),
    folder: entry.folder,
    unread: entry.unread,
    stage: entry.stage,
    assignee: entry.assignee,
    notes: parts.notes.map(noteOf),
    contact: parts.contact,
    thread: parts.thread.map(threadMessageOf),
  };
}
