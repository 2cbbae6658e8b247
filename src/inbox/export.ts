import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { INBOX_PATHS } from '../contract/paths.js';
import { csvLines, exportRecord } from '../inquiries/export.js';
import type { InboxEntry, InboxQuery, InboxStore } from '../inquiries/ports.js';
import type { Clock } from '../lib/clock.js';
import type { StudioTime } from '../lib/studio-time.js';
import { BadListQuery, dropEmptyParameters, ListQuerySchema } from './list-query.js';
import { listRequestOf, sendBadQuery } from './list-page.js';

// The exports of the list's current query, GET /inbox/export.csv and /inbox/export.json: every page of
// it, not just the one shown, as a download. The records and the spreadsheet-safe CSV cells are the
// operator command's (src/inquiries/export.ts). The rows are read in keyset batches and written as they
// come, so 100,000 inquiries never become one string, and each batch asks for its jobs in one query.

/** Inquiries per store read: big enough that 100,000 take 200 reads, small enough to hold in memory. */
export const EXPORT_BATCH = 500;
const CRLF = '\r\n';

type Batches = AsyncGenerator<InboxEntry[]>;

/** The first batch is read before the answer starts, so a store that is down gets the error page, not half a file. */
async function batches(inbox: Pick<InboxStore, 'page'>, query: InboxQuery): Promise<Batches> {
  const first = await inbox.page(query, EXPORT_BATCH);
  return (async function* rest() {
    yield first.entries;
    let cursor = first.next;
    while (cursor) {
      const page = await inbox.page(query, EXPORT_BATCH, cursor);
      yield page.entries;
      cursor = page.next;
    }
  })();
}

/** RFC 4180: lines end in CRLF. csvLines begins every call with the header row: only the first one is kept. */
async function* csvText(source: Batches, time: StudioTime): AsyncGenerator<string> {
  let header = true;
  for await (const entries of source) {
    const lines = csvLines(entries, time);
    yield (header ? lines : lines.slice(1)).map((line) => line + CRLF).join('');
    header = false;
  }
}

/** One JSON array of the export records, a record a line, written a batch at a time. */
async function* jsonText(source: Batches, time: StudioTime): AsyncGenerator<string> {
  let separator = '[\n';
  for await (const entries of source) {
    if (entries.length === 0) continue;
    yield separator + entries.map((entry) => JSON.stringify(exportRecord(entry, time))).join(',\n');
    separator = ',\n';
  }
  yield separator === '[\n' ? '[]\n' : '\n]\n';
}

const FORMATS = {
  csv: { path: INBOX_PATHS.exportCsv, type: 'text/csv; charset=utf-8; header=present', text: csvText },
  json: { path: INBOX_PATHS.exportJson, type: 'application/json; charset=utf-8', text: jsonText },
} as const;

/** `inquiries-2026-11-23.csv`: the studio's day of the export, so repeated downloads sort and do not overwrite. */
export function exportFilename(format: keyof typeof FORMATS, now: number, time: StudioTime): string {
  return `inquiries-${time.day(now)}.${format}`;
}

async function sendExport(reply: FastifyReply, format: keyof typeof FORMATS, source: Batches, now: number, time: StudioTime): Promise<FastifyReply> {
  const { type, text } = FORMATS[format];
  reply.type(type).header('Content-Disposition', `attachment; filename="${exportFilename(format, now, time)}"`);
  return reply.send(Readable.from(text(source, time)));
}

export function registerExports(scope: FastifyInstance, deps: { inbox: Pick<InboxStore, 'page'>; clock: Clock; time: StudioTime }): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  for (const format of ['csv', 'json'] as const) {
    typed.get(FORMATS[format].path, { schema: { hide: true, querystring: ListQuerySchema }, preValidation: dropEmptyParameters, attachValidation: true }, async (request, reply) => {
      const list = listRequestOf(request, deps.time);
      if (list instanceof BadListQuery) return sendBadQuery(request, reply, list);
      return sendExport(reply, format, await batches(deps.inbox, list.query), deps.clock(), deps.time);
    });
  }
}
