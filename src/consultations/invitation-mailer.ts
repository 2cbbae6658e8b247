import type { SendMailOptions } from 'nodemailer';
import type { NotifiersConfig } from '../config/notifications.js';
import { singleLine } from '../inquiries/notifiers/render.js';
import {
  DEFAULT_SMTP_TIMEOUTS, defaultFromAddress, isPlainAddress, messageIdOf, openPool, smtpFailureReason,
} from '../inquiries/notifiers/smtp.js';
import { studioTime, type StudioTime } from '../lib/studio-time.js';
import { calendarEntryOf, type CalendarContent } from './calendar-entry.js';
import { invitationIcs, type CalendarEntry, type CalendarStudio } from './invitation.js';
import type { InvitationJob } from './ports.js';

// The invitations' mail: one per recipient and change, with the iCalendar part nodemailer sends as
// text/calendar; method=REQUEST or CANCEL (its `icalEvent`), which mail clients offer to add to the
// calendar, and a plain-language body in the studio's zone. Sent over SMTP_URL by the same pool helper
// as the inquiries' mail (src/inquiries/notifiers/smtp.ts).

export interface InvitationMailerOptions {
  smtpUrl: string;
  /** INBOX_EMAIL_FROM: the homeowner's server checks the sender's domain. */
  from: string;
  /** INBOX_EMAIL_TO: the studio's copy. */
  studioInbox: string;
  baseUrl: string;
  time: StudioTime;
  /** Read at each mail: a content reload may rename the studio or a type. */
  content: () => CalendarContent & { site: { email: string } };
}

/** A failed send, with only what may be stored and logged: the SMTP code, reply and command. */
export class InvitationDeliveryError extends Error {
  override name = 'InvitationDeliveryError';
}

function subjectOf(job: InvitationJob, entry: CalendarEntry, studioName: string, time: StudioTime): string {
  const when = time.text(job.booking.start);
  const what = job.recipient === 'homeowner' ? `${entry.title} with ${studioName}` : `${entry.title}: ${job.booking.name}`;
  if (job.method === 'CANCEL') return singleLine(`Cancelled: ${what}, ${when}`);
  return singleLine(`${job.booking.sequence > 0 ? 'Moved' : 'Booked'}: ${what}, ${when}`);
}

/** The body: what, when (the studio's wall clock and zone), where, and for the homeowner the manage link. */
export function invitationText(job: InvitationJob, entry: CalendarEntry, studioName: string, time: StudioTime): string {
  const { booking } = job;
  const minutes = Math.round((booking.end - booking.start) / 60_000);
  const when = `${time.long(booking.start)} (${time.zone}), for ${minutes} minutes`;
  const cancelled = job.method === 'CANCEL';
  const lead = job.recipient === 'homeowner'
    ? (cancelled ? `Your ${entry.title.toLowerCase()} with ${studioName} on ${when} is cancelled. The time is free again.`
      : `Your ${entry.title.toLowerCase()} with ${studioName} is ${booking.sequence > 0 ? 'moved to' : 'booked for'} ${when}.`)
    : (cancelled ? `The ${entry.title.toLowerCase()} with ${booking.name} on ${when} is cancelled.`
      : `${booking.name} ${booking.sequence > 0 ? 'moved their' : 'booked a'} ${entry.title.toLowerCase()}: ${when}.`);
  const details = job.recipient === 'homeowner'
    ? (cancelled ? [] : [`Where: ${entry.location}`, '', `To reschedule or cancel: ${entry.manageUrl}`])
    : [`Where: ${entry.location}`, `Email: ${booking.email}`, ...(booking.phone ? [`Phone: ${booking.phone}`] : []),
      ...(booking.message ? ['', booking.message] : []), ...(booking.inquiryId ? ['', `Inquiry: ${booking.inquiryId}`] : [])];
  return [lead, '', ...details, '', 'The calendar invitation is attached.', '', `— ${studioName}`, ''].join('\n');
}

export class InvitationMailer {
  private opened?: ReturnType<typeof openPool>;

  constructor(private readonly options: InvitationMailerOptions) {}

  /** The mail of one job; public so tests and previews see exactly what would be sent. */
  mailFor(job: InvitationJob): SendMailOptions {
    const { from, studioInbox, baseUrl, time } = this.options;
    const content = this.options.content();
    const entry = calendarEntryOf(job.booking, content, baseUrl);
    const studio: CalendarStudio = { name: content.site.name, organizer: content.site.email, zone: time.zone, host: new URL(baseUrl).hostname };
    const homeowner = job.recipient === 'homeowner';
    const to = homeowner ? job.booking.email : studioInbox;
    if (!isPlainAddress(to)) throw new InvitationDeliveryError('recipient is not a plain address');
    const replyTo = homeowner ? content.site.email : job.booking.email;
    return {
      from: { name: singleLine(content.site.name), address: from },
      to,
      envelope: { from, to },
      replyTo: isPlainAddress(replyTo) ? replyTo : undefined,
      subject: subjectOf(job, entry, content.site.name, time),
      text: invitationText(job, entry, content.site.name, time),
      icalEvent: { method: job.method, filename: job.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', content: invitationIcs(job.method, entry, job.recipient, studio) },
      // The same on every retry of this change: mail clients fold duplicates into one.
      messageId: messageIdOf(`booking-${job.recipient}-${job.method.toLowerCase()}-${job.booking.sequence}`, job.booking.id, from),
      headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      disableFileAccess: true,
      disableUrlAccess: true,
    };
  }

  async send(job: InvitationJob): Promise<void> {
    const mail = this.mailFor(job);
    this.opened ??= openPool(this.options.smtpUrl, DEFAULT_SMTP_TIMEOUTS);
    try {
      await (await this.opened).sendMail(mail);
    } catch (error) {
      throw new InvitationDeliveryError(smtpFailureReason(error).reason);
    }
  }

  async close(): Promise<void> {
    if (this.opened) (await this.opened).close();
  }
}

/** The invitations' mailer when SMTP_URL (and so INBOX_EMAIL_TO) is configured; none otherwise. */
export function invitationMailerFromConfig(config: NotifiersConfig, content: InvitationMailerOptions['content']): InvitationMailer | undefined {
  if (!config.smtpUrl || !config.inboxEmailTo) return undefined;
  return new InvitationMailer({
    smtpUrl: config.smtpUrl, from: config.inboxEmailFrom ?? defaultFromAddress(config.baseUrl), studioInbox: config.inboxEmailTo,
    baseUrl: config.baseUrl, time: studioTime(config.studioTimeZone), content,
  });
}
