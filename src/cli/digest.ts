import { digestMail, gatherDigest } from '../inquiries/digest.js';
import { SmtpDigestMailer } from '../inquiries/notifiers/digest-mailer.js';
import { studioTime } from '../lib/studio-time.js';
import { KyselyDigestStore } from '../store/inquiries/digests.js';
import { EXIT, parseCommandLine, type CliContext, type CommandGroup } from './command.js';

// `studio inbox digest [--send]`: today's morning digest as the service would send it now (new inquiries
// since the last digest sent, replies waiting, stale leads), printed as its plain text, or sent to
// INBOX_EMAIL_TO with --send. Read-only either way: a digest sent here is not recorded as the day's, so
// the service's own still goes out at INBOX_DIGEST_HOUR. It joins the `inbox` group of src/cli/inbox.ts.

const USAGE_LINE = '  digest [--send]                      today\'s morning digest: printed, or sent to INBOX_EMAIL_TO over SMTP_URL';

async function digest(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandLine(args, { send: { type: 'boolean' } }, 0);
  const { config } = context;
  const time = studioTime(config.studioTimeZone);
  const db = await context.db();
  const mail = digestMail(await gatherDigest(new KyselyDigestStore(db), time, Date.now()), time, config.baseUrl);
  if (!values.send) {
    context.out(`Subject: ${mail.subject}\n\n${mail.text.trimEnd()}`);
    return EXIT.ok;
  }
  if (!config.smtpUrl || !config.inboxEmailTo) {
    context.err('studio inbox digest --send: set SMTP_URL and INBOX_EMAIL_TO (where the digest goes)');
    return EXIT.failure;
  }
  const mailer = new SmtpDigestMailer({ smtpUrl: config.smtpUrl, to: config.inboxEmailTo, from: config.inboxEmailFrom, baseUrl: config.baseUrl });
  try {
    await mailer.send(mail);
  } finally {
    await mailer.close();
  }
  context.out(`sent to ${config.inboxEmailTo}: ${mail.subject}`);
  return EXIT.ok;
}

/** The inbox group with `digest` added: `studio inbox digest` runs here, every other inbox command as before. */
export function withDigest(inbox: CommandGroup): CommandGroup {
  return {
    summary: inbox.summary,
    usage: `${inbox.usage}\n\nThe morning digest:\n${USAGE_LINE}`,
    run: (args, context) => (args[0] === 'digest' ? digest(args.slice(1), context) : inbox.run(args, context)),
  };
}
