import type { TriageState } from '../contract/inquiry.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { InboxStore, NotificationChannel, StateChangeOutcome } from './ports.js';

// Triage: a person at the studio files each inquiry in a folder (new, read, archived, spam), from the web
// inbox or the operator command. The honeypot can be wrong: an inquiry taken out of spam is notified as
// if it had arrived clean, one outbox job per configured channel it has none for yet, queued in the same
// transaction, which the running service's outbox worker then delivers.

export interface TriageDeps {
  inbox: Pick<InboxStore, 'setState' | 'find'>;
  /** The configured notification channels, as for a new inquiry. */
  channels: NotificationChannel[];
  clock?: Clock;
}

/** Files the inquiry in `state`, recording `by` (an operator's email, or `cli:<user>`) and the time. */
export async function changeState(deps: TriageDeps, id: string, state: TriageState, by: string): Promise<StateChangeOutcome> {
  return deps.inbox.setState(id, state, by, (deps.clock ?? systemClock)(), deps.channels);
}

export type GenuineOutcome = 'marked' | 'not_spam' | 'not_found';

/** "Not spam": an inquiry in the spam folder moves to read (a person has looked at it); any other is left as it is. */
export async function markGenuine(deps: TriageDeps, id: string, by: string): Promise<GenuineOutcome> {
  const entry = await deps.inbox.find(id);
  if (!entry) return 'not_found';
  if (entry.triage.state !== 'spam') return 'not_spam';
  const outcome = await changeState(deps, id, 'read', by);
  return outcome === 'changed' ? 'marked' : outcome === 'not_found' ? 'not_found' : 'not_spam';
}
