import { testChannels } from '../inquiries/notification-test.js';
import { CHANNEL_SETTINGS, noChannelWarning, notifiersFromConfig } from '../inquiries/notifiers/from-config.js';
import { EXIT, parseCommandLine, UsageError, type CliContext, type CommandGroup } from './command.js';

const USAGE = `studio notify test

Sends a test inquiry through each configured notification channel, the way the server's outbox sends
a real one: a mail to INBOX_EMAIL_TO over SMTP_URL, a signed POST to INBOX_WEBHOOK_URL. It says TEST
in its name and message, holds no one's data and is not stored. Prints per channel: sent, not
configured, or failed with the reason.

Exit codes: 0 every configured channel worked, 1 a channel failed or none is configured, 2 usage error.`;

async function test(context: CliContext): Promise<number> {
  const notifiers = notifiersFromConfig(context.config);
  try {
    const results = new Map((await testChannels(notifiers)).map((result) => [result.channel, result]));
    for (const [channel, variables] of CHANNEL_SETTINGS) {
      const result = results.get(channel);
      if (!result) context.out(`${channel}: not configured (set ${variables})`);
      else if (result.sent) context.out(`${channel}: sent${channel === 'email' ? ` to ${context.config.inboxEmailTo}` : ''}`);
      else context.out(`${channel}: failed: ${result.reason}`);
    }
    if (notifiers.length === 0) { context.err(noChannelWarning()); return EXIT.failure; }
    return [...results.values()].every((result) => result.sent) ? EXIT.ok : EXIT.failure;
  } finally {
    await Promise.all(notifiers.map((notifier) => notifier.close?.()));
  }
}

/** `studio notify test`: does an inquiry reach the studio through each configured channel? */
export const notifyCommands: CommandGroup = {
  summary: 'notify test             send a test notification on each configured channel',
  usage: USAGE,
  async run(args, context) {
    const [command] = parseCommandLine(args, {}, 1).positionals;
    if (command === 'test') return test(context);
    throw new UsageError(command ? `unknown notify command "${command}"` : 'which notify command? (test)');
  },
};
