import { randomBytes } from 'node:crypto';
import type { CalendarFeedStore } from '../../consultations/invitation-ports.js';
import type { Db } from '../db/database.js';

// The studio's calendar subscription secret (calendar_feeds, migration 010): one row, made on first use,
// replaced by `studio calendar rotate`. 256 random bits, base64url: it is the whole key to the address.

const FEED = 'consultations';
const newToken = () => randomBytes(32).toString('base64url');

export class KyselyCalendarFeedStore implements CalendarFeedStore {
  constructor(private readonly db: Db) {}

  async token(now: number): Promise<string> {
    // Two first uses at once: one insert wins, both read the winner's token.
    await this.db.kysely.insertInto('calendar_feeds').values({ name: FEED, token: newToken(), created_at: now })
      .onConflict((oc) => oc.column('name').doNothing()).execute();
    const row = await this.db.kysely.selectFrom('calendar_feeds').select('token').where('name', '=', FEED).executeTakeFirstOrThrow();
    return row.token;
  }

  async rotate(now: number): Promise<string> {
    const token = newToken();
    await this.db.kysely.insertInto('calendar_feeds').values({ name: FEED, token, created_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ token, created_at: now })).execute();
    return token;
  }
}
