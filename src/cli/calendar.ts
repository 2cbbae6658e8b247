import { PATHS, pathOf } from '../contract/paths.js';
import { KyselyCalendarFeedStore } from '../store/consultations/calendar-feeds.js';
import { EXIT, parseCommandLine, UsageError, type CliContext, type CommandGroup } from './command.js';

const USAGE = 'studio calendar url\nstudio calendar rotate\n\nPrints the secret address of the studio\'s calendar of consultations (subscribe to it\n'
  + 'in Google, Outlook or Apple Calendar), or replaces it: the old address stops working at once.';

const addressOf = (baseUrl: string, token: string) => new URL(pathOf(PATHS.studioCalendar, { token }), baseUrl).href;

async function url(context: CliContext): Promise<number> {
  const token = await new KyselyCalendarFeedStore(await context.db()).token(Date.now());
  context.out(addressOf(context.config.baseUrl, token));
  return EXIT.ok;
}

async function rotate(context: CliContext): Promise<number> {
  const token = await new KyselyCalendarFeedStore(await context.db()).rotate(Date.now());
  context.out(addressOf(context.config.baseUrl, token));
  context.err('The previous address no longer works: subscribe the studio\'s calendars to this one.');
  return EXIT.ok;
}

export const calendarCommands: CommandGroup = {
  summary: 'calendar url|rotate      the studio\'s secret calendar address of consultations; rotate replaces it',
  usage: USAGE,
  async run(args, context) {
    const [command] = parseCommandLine(args, {}, 1).positionals;
    if (command === 'url') return url(context);
    if (command === 'rotate') return rotate(context);
    throw new UsageError(command ? `unexpected arguments: ${args.join(' ')}` : 'a subcommand is required');
  },
};
