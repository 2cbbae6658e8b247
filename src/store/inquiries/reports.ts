import { sql, type Expression, type SqlBool } from 'kysely';
import type { FunnelCounts, ReportStore, Split, WeekCount } from '../../inquiries/report-ports.js';
import type { Db } from '../db/database.js';

// The reports' counts (src/inquiries/reports.ts) over Kysely, for SQLite and PostgreSQL: one grouped read
// for the weeks, one for the funnel. The use case computes the week bounds; here they are only compared.

/** Stages at or past consultation, and at won, in the pipeline's order (lost is past nothing). */
const REACHED = {
  consultation: ['consultation', 'proposal', 'won'],
  won: ['won'],
} as const;

/** The inquiry's stage is at or past one of `stages` now, or a stage activity ever moved it there. */
function reached(stages: readonly string[]): Expression<SqlBool> {
  const list = sql.join(stages.map((stage) => sql.lit(stage)));
  return sql<SqlBool>`(inquiries.stage in (${list}) or exists (select 1 from inquiry_activities a
    where a.inquiry_id = inquiries.id and a.kind = 'stage' and a.to_value in (${list})))`;
}

export class KyselyReportStore implements ReportStore {
  constructor(private readonly db: Db) {}

  async weeklyCounts(bounds: readonly number[], split: Split): Promise<WeekCount[]> {
    if (bounds.length < 2) return [];
    // The week's index by the first bound the time is below; bounds are the use case's whole numbers, written as literals.
    const cases = bounds.slice(1, -1).map((bound, i) => sql`when received_at < ${sql.lit(bound)} then ${sql.lit(i)}`);
    const week = sql<number>`case ${sql.join(cases, sql` `)} else ${sql.lit(bounds.length - 2)} end`;
    const weekly = this.db.kysely.selectFrom('inquiries')
      .select((eb) => [week.as('week'), eb.ref(split).as('value')])
      .where('folder', '!=', 'spam').where('received_at', '>=', bounds[0]!).where('received_at', '<', bounds.at(-1)!);
    const rows = await this.db.kysely.selectFrom(weekly.as('w'))
      .select((eb) => ['w.week', 'w.value', eb.fn.countAll().as('count')])
      .groupBy(['w.week', 'w.value']).execute();
    return rows.map((row) => ({ week: Number(row.week), value: String(row.value), count: Number(row.count) }));
  }

  async funnel(since: number, until: number): Promise<FunnelCounts> {
    const row = await this.db.kysely.selectFrom('inquiries')
      .select((eb) => [
        eb.fn.countAll().as('reached_new'),
        sql<number>`coalesce(sum(case when ${reached(REACHED.consultation)} then 1 else 0 end), 0)`.as('reached_consultation'),
        sql<number>`coalesce(sum(case when ${reached(REACHED.won)} then 1 else 0 end), 0)`.as('reached_won'),
      ])
      .where('folder', '!=', 'spam').where('received_at', '>=', since).where('received_at', '<', until)
      .executeTakeFirstOrThrow();
    return { new: Number(row.reached_new), consultation: Number(row.reached_consultation), won: Number(row.reached_won) };
  }
}
