import { INBOX_PATHS } from '../contract/paths.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { StudioTime } from '../lib/studio-time.js';
import { singleLine } from './notifiers/render.js';
import type { DigestItem, DigestStore } from './report-ports.js';

// The morning digest (INBOX_DIGEST): one mail a day to the studio with what waits in the inbox: the
// inquiries that arrived since the previous digest (the last 24 hours before the first), the ones whose
// homeowner answered last (their newest message is incoming), and the stale leads (contacted or proposal,
// no activity for 7 days). Each with a link to its inbox page, every time in the studio's zone with its
// abbreviation; plain text and simple HTML alike. Pure but for the store it reads.

const HOUR = 3_600_000;
export const DIGEST_FIRST_WINDOW_MS = 24 * HOUR;
export const STALE_AFTER_MS = 7 * 24 * HOUR;

export interface Digest {
  /** The studio's day it is for (YYYY-MM-DD). */
  day: string;
  since: number;
  until: number;
  received: DigestItem[];
  waiting: DigestItem[];
  stale: DigestItem[];
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

/** Sends one digest mail to the studio (an SMTP adapter in ./notifiers/digest-mailer.ts). */
export interface DigestMailer {
  send(mail: DigestMail): Promise<void>;
  close(): Promise<void>;
}

export async function gatherDigest(store: DigestStore, time: StudioTime, now: number): Promise<Digest> {
  const since = (await store.lastSentAt()) ?? now - DIGEST_FIRST_WINDOW_MS;
  const [received, waiting, stale] = await Promise.all([
    store.receivedBetween(since, now), store.repliesWaiting(), store.staleLeads(now - STALE_AFTER_MS),
  ]);
  return { day: time.day(now), since, until: now, received, waiting, stale };
}

interface Section {
  heading: string;
  empty: string;
  items: DigestItem[];
  /** What the item's time is, in a few words. */
  when(item: DigestItem): string;
}

function sections(digest: Digest, time: StudioTime): Section[] {
  return [
    { heading: `New inquiries since ${time.text(digest.since)}`, empty: 'No new inquiry.', items: digest.received,
      when: (item) => `arrived ${time.text(item.at)}` },
    { heading: 'Replies waiting: the homeowner answered last', empty: 'No answer waiting for a reply.', items: digest.waiting,
      when: (item) => `answered ${time.text(item.at)}` },
    { heading: 'Stale leads: contacted or proposal, no activity for 7 days', empty: 'No stale lead.', items: digest.stale,
      when: (item) => `${item.stage}, last activity ${time.text(item.at)}` },
  ];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function inquiryLink(baseUrl: string, id: string): string {
  return new URL(INBOX_PATHS.inquiry.replace(':id', encodeURIComponent(id)), baseUrl).href;
}

export function digestSubject(digest: Digest, time: StudioTime): string {
  return `Inbox digest, ${time.text(digest.until).split(',')[0]}: ${plural(digest.received.length, 'new inquiry', 'new inquiries')}, `
    + `${plural(digest.waiting.length, 'reply', 'replies')} waiting, ${plural(digest.stale.length, 'stale lead', 'stale leads')}`;
}

export function digestMail(digest: Digest, time: StudioTime, baseUrl: string): DigestMail {
  const parts = sections(digest, time);
  const text = [`The studio's inbox at ${time.text(digest.until)}.`, '',
    ...parts.flatMap((section) => [`${section.heading} (${section.items.length})`,
      ...(section.items.length === 0 ? [section.empty] : section.items.flatMap((item) =>
        [`- ${singleLine(item.name)}, ${section.when(item)}`, `  ${inquiryLink(baseUrl, item.id)}`])), '']),
    `The inbox: ${new URL(INBOX_PATHS.list, baseUrl).href}`].join('\n');
  const html = `<!doctype html><html><body>\n<p>The studio's inbox at ${escapeHtml(time.text(digest.until))}.</p>\n${parts.map((section) =>
    `<h2>${escapeHtml(section.heading)} (${section.items.length})</h2>\n${section.items.length === 0 ? `<p>${escapeHtml(section.empty)}</p>`
      : `<ul>\n${section.items.map((item) => `<li><a href="${escapeHtml(inquiryLink(baseUrl, item.id))}">${escapeHtml(singleLine(item.name))}</a>, ${escapeHtml(section.when(item))}</li>`).join('\n')}\n</ul>`}`).join('\n')}
<p><a href="${escapeHtml(new URL(INBOX_PATHS.list, baseUrl).href)}">Open the inbox</a></p>\n</body></html>\n`;
  return { subject: digestSubject(digest, time), text: `${text}\n`, html };
}
