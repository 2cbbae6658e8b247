import { DateTime } from 'luxon';
import { BUDGETS, LOCATIONS, PHASES } from '../contract/inquiry.js';
import type { StudioTime } from '../lib/studio-time.js';
import { csvCell } from './export.js';
import type { FunnelCounts, ReportStore, Split } from './report-ports.js';

// The reports: inquiries per week over the last 26 weeks, split by location, budget or phase, and the
// funnel from new to consultation to won. The weeks are the studio's: each starts on Monday at midnight in
// STUDIO_TIME_ZONE (luxon; a week with a clock change is 167 or 169 hours long), the current week last
// and still under way. Spam is left out everywhere. The store only counts between the bounds given here.
//
// "Reached a stage": an inquiry reached consultation (or won) when its stage is now at or past it in the
// pipeline's order (new, contacted, consultation, proposal, won), or when a stage activity ever moved it
// there or past it. So a lead that had its consultation and was then lost still counts as having reached
// consultation; `lost` itself is past nothing. Every inquiry reached new.

export { SPLITS, type Split } from './report-ports.js';

export const REPORT_WEEKS = 26;

/** The values of each split, in the contract's order (the chart's stacking order and legend). */
export const SPLIT_VALUES: Record<Split, readonly string[]> = { location: LOCATIONS, budget: BUDGETS, phase: PHASES };

export const FUNNEL_STAGES = ['new', 'consultation', 'won'] as const;

export interface ReportWeek {
  /** The Monday it starts on, YYYY-MM-DD in the studio's zone. */
  start: string;
  /** "1 Jun 2026": the Monday for people (the table); "Jun", its month (the chart's axis names each month once). */
  label: string;
  month: string;
  startMs: number;
  endMs: number;
  /** Per split value (every value present, 0 when none). */
  counts: Record<string, number>;
  total: number;
}

export interface FunnelStep {
  stage: (typeof FUNNEL_STAGES)[number];
  count: number;
  /** Of those that reached the step before (null for the first, or when none reached it). */
  fromPrevious: number | null;
  /** Of every inquiry (null when there is none). */
  fromNew: number | null;
}

export interface WeeklyReport {
  split: Split;
  values: readonly string[];
  weeks: ReportWeek[];
  /** Of the inquiries received in these weeks. */
  funnel: FunnelStep[];
  zone: string;
}

/** The Monday midnights of the last `weeks` weeks and the next Monday's: weeks + 1 ascending bounds. */
export function weekBounds(now: number, zone: string, weeks = REPORT_WEEKS): number[] {
  const thisMonday = DateTime.fromMillis(now, { zone }).startOf('week');
  const first = thisMonday.minus({ weeks: weeks - 1 });
  return Array.from({ length: weeks + 1 }, (_, i) => first.plus({ weeks: i }).toMillis());
}

function mondayLabels(at: number, zone: string): { label: string; month: string } {
  const monday = DateTime.fromMillis(at, { zone, locale: 'en-US' });
  return { label: monday.toFormat('d LLL yyyy'), month: monday.toFormat('LLL') };
}

const rate = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

export function funnelSteps(counts: FunnelCounts): FunnelStep[] {
  return FUNNEL_STAGES.map((stage, i) => ({
    stage,
    count: counts[stage],
    fromPrevious: i === 0 ? null : rate(counts[stage], counts[FUNNEL_STAGES[i - 1]!]),
    fromNew: rate(counts[stage], counts.new),
  }));
}

export async function weeklyReport(store: ReportStore, time: StudioTime, now: number, split: Split): Promise<WeeklyReport> {
  const bounds = weekBounds(now, time.zone);
  const values = SPLIT_VALUES[split];
  const [counts, funnel] = await Promise.all([store.weeklyCounts(bounds, split), store.funnel(bounds[0]!, bounds.at(-1)!)]);
  const weeks: ReportWeek[] = bounds.slice(0, -1).map((startMs, i) => ({
    start: time.day(startMs), ...mondayLabels(startMs, time.zone), startMs, endMs: bounds[i + 1]!, counts: Object.fromEntries(values.map((v) => [v, 0])), total: 0,
  }));
  for (const { week, value, count } of counts) {
    const row = weeks[week];
    if (!row || !Object.hasOwn(row.counts, value)) continue;
    row.counts[value]! += count;
    row.total += count;
  }
  return { split, values, weeks, funnel: funnelSteps(funnel), zone: time.zone };
}

/** "42%", or "–" when there is nothing to divide by. */
export function percent(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100)}%`;
}

export const REPORT_CSV_COLUMNS = ['week_start', 'split', 'value', 'inquiries'] as const;

/** A row per week and split value (RFC 4180 lines without their ends; spreadsheet-safe cells). */
export function reportCsvLines(report: WeeklyReport): string[] {
  const rows = report.weeks.flatMap((week) => report.values.map((value) =>
    [week.start, report.split, value, week.counts[value] ?? 0].map(csvCell).join(',')));
  return [REPORT_CSV_COLUMNS.join(','), ...rows];
}
