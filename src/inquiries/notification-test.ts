import { BUDGETS, PHASES } from '../contract/inquiry.js';
import { DEFAULT_LOCALE } from '../contract/locales.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { uuidv7 } from './ids.js';
import { RECEIVED, type NotificationChannel, type Notifier, type StoredInquiry } from './ports.js';
import { deliveryFailureReason } from './notifiers/delivery-error.js';

// `studio notify test`: one made-up inquiry sent through each configured notifier, by the very call
// the outbox makes for a real one, so the operator learns whether the studio would hear of an inquiry.

export interface ChannelTestResult {
  channel: NotificationChannel;
  sent: boolean;
  /** Why it failed: a DeliveryError reason (codes and statuses only). */
  reason?: string;
}

/** Says on its name and message lines that it is a test; holds no one's data and is never stored. */
export function testInquiry(now: number): StoredInquiry {
  return {
    id: uuidv7(now),
    name: 'TEST from studio notify test',
    email: 'notify-test@example.invalid',
    phone: null,
    message: 'TEST: sent by `studio notify test` to check that inquiries reach the studio. '
      + 'Nobody submitted it, it is not in the inbox, and there is no one to answer.',
    location: 'other',
    budget: BUDGETS[BUDGETS.length - 1]!,
    phase: PHASES[PHASES.length - 1]!,
    language: DEFAULT_LOCALE,
    receivedAt: new Date(now),
  };
}

/** Every channel at once; each answers for itself. Results in the notifiers' order. */
export async function testChannels(notifiers: Notifier[], clock: Clock = systemClock): Promise<ChannelTestResult[]> {
  return Promise.all(notifiers.map(async (notifier): Promise<ChannelTestResult> => {
    try {
      await notifier.deliver(testInquiry(clock()), RECEIVED);
      return { channel: notifier.channel, sent: true };
    } catch (error) {
      return { channel: notifier.channel, sent: false, reason: deliveryFailureReason(error) };
    }
  }));
}
