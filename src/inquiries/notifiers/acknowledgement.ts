import type { SendMailOptions } from 'nodemailer';
import type { NotifiersConfig } from '../../config/notifications.js';
import { DEFAULT_STUDIO_TIME_ZONE } from '../../config/studio.js';
import { studioTime, type StudioTime } from '../../lib/studio-time.js';
import { DEFAULT_LOCALE, INTL_LOCALES, isLocale, LANGUAGE_TAGS, localePath, type Locale } from '../../words/locale.js';
import { wordsOf } from '../../words/words.js';
import type { StoredInquiry } from '../ports.js';
import { DeliveryError } from './delivery-error.js';
import { singleLine } from './render.js';
import { isPlainAddress, messageIdOf, SmtpNotifier, type SmtpTimeouts } from './smtp.js';

// The acknowledgement to the inquirer (INQUIRY_ACK): "the studio received your inquiry". Anyone can type
// any address into the form, so this mail goes to a stranger as often as to a client: it carries nothing
// that was submitted (no name, message or phone: only the address it goes to), so the form cannot be used
// to send someone a text of the sender's choosing; the store sends at most one per address per hour.
// It is written in the inquiry's language (its words: the acknowledgement section of src/words/), its
// date in that language too.

/** The studio as its content names it (site.yaml): the sender's name, and where the inquirer can write. */
export interface Studio {
  name: string;
  email: string;
}

export interface AcknowledgementNotifierOptions {
  smtpUrl: string;
  /** INBOX_EMAIL_FROM: a sender the studio's domain lets this server use. */
  from: string;
  /** Public origin of the service, named so the inquirer knows where the mail comes from. */
  baseUrl: string;
  /** Read at each delivery: a content reload may rename the studio. */
  studio: () => Studio;
  /** The studio's time zone, in which the mail says when the inquiry reached the studio; America/New_York when not given. */
  time?: StudioTime;
  timeouts?: Partial<SmtpTimeouts>;
}

export class AcknowledgementNotifier extends SmtpNotifier {
  readonly channel = 'acknowledgement' as const;

  constructor(private readonly options: AcknowledgementNotifierOptions) {
    super(options.smtpUrl, options.timeouts);
  }

  /** Of the inquiry it reads only the address, the time received, the language and the id; a retry is the same mail. */
  mailFor(inquiry: StoredInquiry): SendMailOptions {
    // The contract's email format admits only plain addresses; an old row that is not is never mailed.
    if (!isPlainAddress(inquiry.email)) throw new DeliveryError('acknowledgement', 'recipient is not a plain address');
    const studio = this.options.studio();
    const from = this.options.from;
    const language = languageOf(inquiry);
    return {
      from: { name: singleLine(studio.name), address: from },
      to: inquiry.email,
      envelope: { from, to: inquiry.email },
      // Replies go to the studio's public address, never to anything the submission chose.
      replyTo: isPlainAddress(studio.email) ? studio.email : undefined,
      subject: wordsOf(language).acknowledgement.subject(singleLine(studio.name)),
      text: acknowledgementText(inquiry, studio, this.options.baseUrl, this.options.time ?? studioTime(DEFAULT_STUDIO_TIME_ZONE)),
      messageId: messageIdOf('acknowledgement', inquiry.id, from),
      headers: {
        // RFC 3834: an automatic answer; the inquirer's out-of-office robot must not answer it.
        'Auto-Submitted': 'auto-generated',
        // Exchange's equivalent: no out-of-office or delivery receipts back to the sender.
        'X-Auto-Response-Suppress': 'All',
        // RFC 3282: the language it is written in, for the reader's mail program (a spell checker, a translator).
        'Content-Language': LANGUAGE_TAGS[language],
      },
      disableFileAccess: true,
      disableUrlAccess: true,
    };
  }
}

/** The inquiry's language; one the site no longer has (a row holds what the contract took then) is written in the default. */
function languageOf(inquiry: Pick<StoredInquiry, 'language'>): Locale {
  return isLocale(inquiry.language) ? inquiry.language : DEFAULT_LOCALE;
}

/** The site in the reader's language: its origin for English, the language's home page otherwise (https://…/es/). */
function siteIn(baseUrl: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? baseUrl : `${baseUrl}${localePath('/', locale)}`;
}

/**
 * Fixed text in the inquiry's language around values of ours (the studio, the time received in its zone,
 * the reference): nothing submitted but the choice of language, one of the contract's.
 */
export function acknowledgementText(inquiry: Pick<StoredInquiry, 'id' | 'receivedAt' | 'language'>, studio: Studio, baseUrl: string, time: StudioTime): string {
  const language = languageOf(inquiry);
  const words = wordsOf(language).acknowledgement;
  const name = singleLine(studio.name);
  const received = time.letter(inquiry.receivedAt, INTL_LOCALES[language]);
  const site = siteIn(baseUrl, language);
  return [
    words.greeting,
    '',
    words.received(name, received.day, received.time),
    '',
    words.addMore(singleLine(studio.email)),
    '',
    words.reference(singleLine(inquiry.id)),
    '',
    words.signature(name, site),
    '',
    words.why(site),
    '',
  ].join('\n');
}

/** The acknowledgement when INQUIRY_ACK is on (the configuration then holds SMTP_URL and INBOX_EMAIL_FROM). */
export function acknowledgementNotifierFromConfig(config: NotifiersConfig, studio: () => Studio): AcknowledgementNotifier | undefined {
  if (!config.inquiryAck || !config.smtpUrl || !config.inboxEmailFrom) return undefined;
  return new AcknowledgementNotifier({
    smtpUrl: config.smtpUrl, from: config.inboxEmailFrom, baseUrl: config.baseUrl, studio, time: studioTime(config.studioTimeZone),
  });
}
