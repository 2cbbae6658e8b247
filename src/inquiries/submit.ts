import { ApiError } from '../contract/errors.js';
import { INQUIRY_POLICY, type Inquiry } from '../contract/inquiry.js';
import { DEFAULT_LOCALE } from '../contract/locales.js';
import type { RateLimitDecision } from '../contract/rate-limits.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { errorClass } from '../lib/error-class.js';
import { sha256Base64url } from '../lib/hash.js';
import type { Logger } from '../lib/logger.js';
import { originAllowed } from '../lib/origin.js';
import { clientKey } from '../rate-limit/client-key.js';
import type { RateLimiter } from '../rate-limit/limiter.js';
import { unobservedInquiries, type InquiryEvents } from './events.js';
import { comparableAddress } from './email-address.js';
import { uuidv7 } from './ids.js';
import { storedInquiryFromRecord, type CommitOutcome, type CommitRequest, type InboxStore, type NotificationChannel, type ReceivedInquiry } from './ports.js';
import type { OutboxWorker } from './outbox-worker.js';
import type { InquiryService, SubmissionContext, SubmissionResult } from './inquiry-service.js';
import { validateSubmission, type ValidSubmission } from './validate.js';

export interface InquiryServiceDeps {
  inbox: Pick<InboxStore, 'commit'>;
  /** False until the migrations have run: writes answer 503 meanwhile. */
  storeReady: () => boolean;
  limiter: RateLimiter;
  allowedOrigins: string[];
  /** The configured studio channels; each stored inquiry that is not spam gets one outbox job per channel. */
  channels: NotificationChannel[];
  /** INQUIRY_ACK: ask the store to acknowledge each new inquiry that is not spam (at most once per address per hour). */
  acknowledge?: boolean;
  /**
   * The outbox worker of this process: a commit stores the jobs of the channels it has room for already
   * claimed by it and hands them over in memory; it is woken for the others, stored due.
   */
  outbox?: Pick<OutboxWorker, 'reserve' | 'wake'>;
  log: Logger;
  clock?: Clock;
  /** Told of every acceptance and refusal (metrics). */
  events?: InquiryEvents;
}

/** Seconds a client is asked to wait when the inbox cannot take writes. */
export const INBOX_RETRY_AFTER_SECONDS = 30;
const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${INQUIRY_POLICY.idempotencyKeyMaxLength}}$`);

/**
 * Same fields, same fingerprint: key order and the honeypot flag are part of it, unknown fields not. The
 * language is added only when it is not the default, so an inquiry in the default language keeps the
 * fingerprint it had before inquiries had a language (a retry of an Idempotency-Key across the upgrade).
 */
function fingerprintOf(inquiry: ReceivedInquiry, spam: boolean): string {
  const { name, email, phone, message, location, budget, phase, language } = inquiry;
  const fields = [name, email, phone ?? null, message, location, budget, phase, spam];
  return sha256Base64url(JSON.stringify(language === DEFAULT_LOCALE ? fields : [...fields, language]));
}

function checkOrigin(origin: string | undefined, allowed: string[]): void {
  if (!originAllowed(origin, allowed)) throw new ApiError('origin_not_allowed');
}

function checkIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError('invalid_request', {
      message: 'The Idempotency-Key header is invalid.',
      hint: `Send an Idempotency-Key of 1 to ${INQUIRY_POLICY.idempotencyKeyMaxLength} printable ASCII characters, e.g. a UUID.`,
    });
  }
}

/** The address to acknowledge, unless it had an acknowledgement within the interval before `receivedAt`. */
function acknowledgementOf(inquiry: Inquiry, receivedAt: number): CommitRequest['acknowledge'] {
  return { address: comparableAddress(inquiry.email), notBefore: receivedAt - INQUIRY_POLICY.acknowledgementIntervalSeconds * 1000 };
}

type NotificationDeps = Pick<InquiryServiceDeps, 'channels' | 'acknowledge'>;

/** What the inbox commits for one valid submission received at `receivedAt`. */
function commitRequestOf({ inquiry, spam }: ValidSubmission, context: SubmissionContext, deps: NotificationDeps, receivedAt: number): CommitRequest {
  const fingerprint = fingerprintOf(inquiry, spam);
  return {
    record: {
      id: uuidv7(receivedAt), receivedAt, inquiry, spam, fingerprint, channel: context.channel,
      clientIp: context.ip, userAgent: context.userAgent, clientId: context.clientId,
    },
    notify: spam ? [] : deps.channels,
    // A filled honeypot is a bot's, and the address it typed may be anyone's: never acknowledged.
    acknowledge: deps.acknowledge && !spam ? acknowledgementOf(inquiry, receivedAt) : undefined,
    idempotency: context.idempotencyKey === undefined ? undefined : {
      key: context.idempotencyKey,
      bodyHash: fingerprint,
      notBefore: receivedAt - INQUIRY_POLICY.idempotencyKeyTtlSeconds * 1000,
    },
    duplicateSince: receivedAt - INQUIRY_POLICY.duplicateWindowSeconds * 1000,
  };
}

/** Builds the single use case every surface calls to submit an inquiry. */
export function createInquiryService(deps: InquiryServiceDeps): InquiryService {
  const now = deps.clock ?? systemClock;

  async function countAgainstLimit(ip: string): Promise<RateLimitDecision> {
    const decision = await deps.limiter.consume('inquiry', clientKey(ip));
    if (!decision.allowed) {
      throw new ApiError('rate_limited', { retryAfter: decision.resetSeconds, rateLimit: decision });
    }
    return decision;
  }

  /** The store's failures become inbox_unavailable here: no surface ever sees a driver error. */
  async function commit(request: CommitRequest): Promise<CommitOutcome> {
    if (!deps.storeReady()) throw new ApiError('inbox_unavailable', { retryAfter: INBOX_RETRY_AFTER_SECONDS });
    try {
      return await deps.inbox.commit(request);
    } catch (error) {
      deps.log.error({ err: errorClass(error) }, 'inbox store refused a write');
      // No cause attached: a surface logging the error would log the driver's message with it.
      throw new ApiError('inbox_unavailable', { retryAfter: INBOX_RETRY_AFTER_SECONDS });
    }
  }

  /** Commits with the outbox: the jobs it has room for are stored claimed and handed over, it is woken for the rest. */
  async function commitNotifying(request: CommitRequest): Promise<CommitOutcome> {
    const channels = request.acknowledge ? [...request.notify, 'acknowledgement' as const] : request.notify;
    if (channels.length === 0 || !deps.outbox) return commit(request);
    const reservation = deps.outbox.reserve(channels);
    let outcome: CommitOutcome | undefined;
    try {
      outcome = await commit({ ...request, lease: reservation?.lease });
      return outcome;
    } finally {
      reservation?.fulfil(outcome?.kind === 'stored' ? outcome.claimed ?? [] : [], storedInquiryFromRecord(request.record));
      const due = channels.filter((channel) => !reservation?.lease.channels.includes(channel));
      if (outcome?.kind === 'stored' && due.length > 0) deps.outbox.wake(due);
    }
  }

  /** In this order: origin, the inquiry bucket, the fields, the Idempotency-Key, then the commit. */
  async function accept(input: unknown, context: SubmissionContext): Promise<SubmissionResult> {
    checkOrigin(context.origin, deps.allowedOrigins);
    const rateLimit = context.rateLimit ?? await countAgainstLimit(context.ip);
    try {
      const submission = validateSubmission(input, context.channel);
      checkIdempotencyKey(context.idempotencyKey);
      const outcome = await commitNotifying(commitRequestOf(submission, context, deps, now()));
      if (outcome.kind === 'key_reused') throw new ApiError('idempotency_key_reused');
      return { id: outcome.id, rateLimit };
    } catch (error) {
      if (error instanceof ApiError) error.countedAs(rateLimit);
      throw error;
    }
  }

  const events = deps.events ?? unobservedInquiries;
  return {
    async submit(input: unknown, context: SubmissionContext): Promise<SubmissionResult> {
      try {
        const result = await accept(input, context);
        events.accepted(context.channel);
        return result;
      } catch (error) {
        events.refused(context.channel, error instanceof ApiError ? error.code : 'internal_error');
        throw error;
      }
    },
    refusedBeforeSubmit: (channel, code) => events.refused(channel, code),
  };
}
