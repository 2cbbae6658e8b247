import { CONVERSATION_PATHS } from '../contract/paths.js';
import { InboundMessageError, MAX_RAW_MESSAGE_BYTES } from '../conversations/inbound-message.js';
import { receiveMessage, type Received } from '../conversations/receive.js';
import { notifiersFromConfig } from '../inquiries/notifiers/from-config.js';
import { systemClock } from '../lib/clock.js';
import { KyselyConversationStore } from '../store/conversations/conversations.js';
import { EXIT, parseCommandLine, type CliContext, type CommandGroup } from './command.js';

// `studio inbox receive < message.eml`: one raw message from standard input (an MTA's pipe, or an
// operator with a saved .eml), filed as POST /inbound/email files it (src/conversations/receive.ts),
// without a signature: whoever runs the command on the server is trusted. The running server's outbox
// tells the webhook.

export const RECEIVE_USAGE = `studio inbox receive < message.eml

Files one raw email (RFC 5322, from standard input) as the homeowner's answer: on its inquiry, matched by
the reply token in its recipients or by In-Reply-To/References, or as unmatched mail in the inbox
(${CONVERSATION_PATHS.unmatched}). Prints where it was filed. Exit codes: 0 filed, 1 not a message to file
(the reason is printed; nothing stored), 2 usage error.`;

async function readStdin(limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function whereFiled(received: Received): string {
  if (received.duplicate) return `Already filed as message ${received.id}${received.inquiryId ? ` on inquiry ${received.inquiryId}` : ' (unmatched)'}: nothing new stored.`;
  if (received.inquiryId === null) return `Filed message ${received.id} as unmatched mail: file it on its inquiry at ${CONVERSATION_PATHS.unmatched}.`;
  const by = received.matchedBy === 'token' ? 'its reply token' : 'In-Reply-To/References';
  return `Filed message ${received.id} on inquiry ${received.inquiryId} (matched by ${by}); the inquiry is unread.`;
}

async function receive(args: string[], context: CliContext): Promise<number> {
  parseCommandLine(args, {}, 0);
  const raw = await readStdin(MAX_RAW_MESSAGE_BYTES);
  if (!raw) { context.err(`Not filed: the message is larger than ${MAX_RAW_MESSAGE_BYTES} bytes.`); return EXIT.failure; }
  const store = new KyselyConversationStore(await context.db());
  const notify = notifiersFromConfig(context.config).filter((n) => n.channel === 'webhook').map((n) => n.channel);
  try {
    context.out(whereFiled(await receiveMessage({ conversations: store, notify, clock: systemClock }, raw)));
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof InboundMessageError)) throw error;
    context.err(`Not filed: ${error.message}.`);
    return EXIT.failure;
  }
}

/** The inbox group with `receive` beside its own commands (src/cli/inbox.ts). */
export function withReceive(inbox: CommandGroup): CommandGroup {
  return {
    summary: inbox.summary,
    usage: `${inbox.usage}\n\n${RECEIVE_USAGE}`,
    run: (args, context) => (args[0] === 'receive' ? receive(args.slice(1), context) : inbox.run(args, context)),
  };
}
