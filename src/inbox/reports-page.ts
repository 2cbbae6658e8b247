import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { INQUIRY_ENUM_LABELS } from '../contract/inquiry-labels.js';
import { INBOX_PATHS } from '../contract/paths.js';
import { StringEnum } from '../contract/schema-helpers.js';
import type { ReportStore } from '../inquiries/report-ports.js';
import { percent, REPORT_WEEKS, reportCsvLines, SPLITS, weeklyReport, type Split, type WeeklyReport } from '../inquiries/reports.js';
import type { Clock } from '../lib/clock.js';
import type { StudioTime } from '../lib/studio-time.js';
import { html, type SafeHtml } from '../web/html.js';
import { mdCell, mdLink, mdText } from '../web/markdown.js';
import { chartLegend, chartSvg } from './report-chart.js';
import { sendInboxPage, type InboxPageView } from './layout.js';

// GET /inbox/reports: inquiries per week over the last 26 weeks as a chart drawn on the server, the same
// figures as a table beside it, the split (location, budget, phase) chosen by links, and the funnel from
// new to consultation to won; its Markdown twin; GET /inbox/reports.csv, the same figures as a download.
// The figures come from the reports use case (src/inquiries/reports.ts).

const ReportQuery = Type.Object({ split: Type.Optional(StringEnum(SPLITS)) });

const SPLIT_NAMES: Record<Split, string> = { location: 'location', budget: 'budget', phase: 'phase' };
const STAGE_NAMES = { new: 'New', consultation: 'Consultation', won: 'Won' } as const;

export interface ReportDeps {
  reports: ReportStore;
  clock: Clock;
  time: StudioTime;
}

function labelsOf(report: WeeklyReport): string[] {
  const names: Readonly<Record<string, string>> = INQUIRY_ENUM_LABELS[report.split];
  return report.values.map((value) => names[value] ?? value);
}

const reportHref = (split: Split) => `${INBOX_PATHS.reports}?split=${split}`;
const csvHref = (split: Split) => `${INBOX_PATHS.reportsCsv}?split=${split}`;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function splitLinks(current: Split): SafeHtml {
  return html`<nav class="inbox-folders report-splits" aria-label="Split the weeks by"><ul>${SPLITS.map((split) =>
    html`<li><a href="${reportHref(split)}"${split === current ? html` aria-current="page"` : ''}>By ${SPLIT_NAMES[split]}</a></li>`)}</ul></nav>`;
}

function weeklyTable(report: WeeklyReport, labels: string[]): SafeHtml {
  const caption = `Inquiries per week by ${SPLIT_NAMES[report.split]} (weeks from Monday)`;
  return html`<div class="report-table" role="region" aria-labelledby="weekly-caption" tabindex="0"><table class="report-data">
<caption id="weekly-caption">${caption}</caption>
<thead><tr><th scope="col">Week of</th>${labels.map((label) => html`<th scope="col">${label}</th>`)}<th scope="col">Total</th></tr></thead>
<tbody>${report.weeks.map((week) => html`<tr><th scope="row">${week.label}</th>${report.values.map((value) => html`<td>${week.counts[value] ?? 0}</td>`)}<td>${week.total}</td></tr>`)}</tbody>
</table></div>`;
}

function funnelTable(report: WeeklyReport): SafeHtml {
  return html`<table class="report-funnel"><caption>Inquiries of these ${REPORT_WEEKS} weeks that reached each stage</caption>
<thead><tr><th scope="col">Stage</th><th scope="col">Reached</th><th scope="col">Of the step before</th><th scope="col">Of all</th></tr></thead>
<tbody>${report.funnel.map((step) => html`<tr><th scope="row">${STAGE_NAMES[step.stage]}</th><td>${step.count}</td><td>${percent(step.fromPrevious)}</td><td>${percent(step.fromNew)}</td></tr>`)}</tbody>
</table>`;
}

const FUNNEL_RULE = 'An inquiry reached a stage when its stage is now at or past it (new, contacted, consultation, proposal, won), '
  + 'or when a stage change ever moved it there: one lost after its consultation still counts as having reached consultation.';

function intro(report: WeeklyReport): string {
  return `The last ${REPORT_WEEKS} weeks, this one last and still under way: weeks start on Monday at midnight in the studio's time (${report.zone}). Spam is left out.`;
}

function reportHtml(report: WeeklyReport): SafeHtml {
  const labels = labelsOf(report);
  const name = SPLIT_NAMES[report.split];
  return html`<p class="inbox-back"><a href="${INBOX_PATHS.list}">← Inquiries</a></p>
<div class="inbox-title"><h1>Reports</h1><ul class="inbox-tools"><li><a href="${csvHref(report.split)}" download>Download these figures (CSV)</a></li></ul></div>
<p class="report-intro">${intro(report)}</p>
${splitLinks(report.split)}
<section class="report-section" aria-labelledby="weekly-heading"><h2 id="weekly-heading">Inquiries per week by ${name}</h2>
<div class="report-weekly">
<figure class="report-figure">${chartSvg(report, labels, name)}
<figcaption>${chartLegend(report.values, labels)}</figcaption></figure>
${weeklyTable(report, labels)}
</div></section>
<section class="report-section" aria-labelledby="funnel-heading"><h2 id="funnel-heading">From new to consultation to won</h2>
${funnelTable(report)}
<p class="field-hint">${FUNNEL_RULE}</p></section>`;
}

function reportMarkdown(report: WeeklyReport): string {
  const labels = labelsOf(report);
  const name = SPLIT_NAMES[report.split];
  const weeks = [`| Week of | ${labels.map(mdCell).join(' | ')} | Total |`, `|---|${labels.map(() => '---:|').join('')}---:|`,
    ...report.weeks.map((week) => `| ${week.label} | ${report.values.map((value) => week.counts[value] ?? 0).join(' | ')} | ${week.total} |`)];
  const funnel = ['| Stage | Reached | Of the step before | Of all |', '|---|---:|---:|---:|',
    ...report.funnel.map((step) => `| ${STAGE_NAMES[step.stage]} | ${step.count} | ${percent(step.fromPrevious)} | ${percent(step.fromNew)} |`)];
  const others = SPLITS.filter((split) => split !== report.split).map((split) => mdLink(`By ${SPLIT_NAMES[split]}`, reportHref(split))).join(' · ');
  return `# Reports\n\n${mdText(intro(report))}\n\n## Inquiries per week by ${name}\n\n${weeks.join('\n')}\n\n${others} · ${mdLink('CSV', csvHref(report.split))}\n\n`
    + `## From new to consultation to won\n\n${funnel.join('\n')}\n\n${mdText(FUNNEL_RULE)}\n`;
}

export function reportView(report: WeeklyReport): InboxPageView {
  return { title: `Reports by ${SPLIT_NAMES[report.split]}`, kind: 'reports', html: reportHtml(report), markdown: reportMarkdown(report) };
}

/** `inquiries-by-location-2026-11-27.csv`: the split and the studio's day it was made. */
export function reportFilename(split: Split, now: number, time: StudioTime): string {
  return `inquiries-by-${split}-${time.day(now)}.csv`;
}

export function registerReports(scope: FastifyInstance, deps: ReportDeps): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  const reportOf = (split: Split | undefined) => weeklyReport(deps.reports, deps.time, deps.clock(), split ?? 'location');
  typed.get(INBOX_PATHS.reports, { schema: { hide: true, querystring: ReportQuery } }, async (request, reply) =>
    sendInboxPage(request, reply, reportView(await reportOf(request.query.split))));
  typed.get(INBOX_PATHS.reportsCsv, { schema: { hide: true, querystring: ReportQuery } }, async (request, reply) => {
    const report = await reportOf(request.query.split);
    reply.type('text/csv; charset=utf-8; header=present')
      .header('Content-Disposition', `attachment; filename="${reportFilename(report.split, deps.clock(), deps.time)}"`);
    return reply.send(reportCsvLines(report).map((line) => `${line}\r\n`).join(''));
  });
}
