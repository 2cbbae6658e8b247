import { systemClock, type Clock } from '../lib/clock.js';
import type { GenuineOutcome, InboxStore } from './inbox-store.js';
import type { NotificationChannel } from './notifier.js';

// Triage: the honeypot can be wrong. An inquiry flagged as spam that a person at the studio finds
// genuine is unflagged and notified as if it had arrived clean: one outbox job per configured channel,
// queued in the same transaction, which the running service's outbox worker then delivers.

export interface TriageDeps {
  inbox: Pick<InboxStore, 'markGenuine'>;
  /** The configured notification channels, as for a new inquiry. */
  channels: NotificationChannel[];
  clock?: Clock;
}

export async function markGenuine(deps: TriageDeps, id: string): Promise<GenuineOutcome> {
  return deps.inbox.markGenuine(id, deps.channels, (deps.clock ?? systemClock)());
}
