import type { IncomingHttpHeaders } from 'node:http';

/** The first value of a request header that may repeat. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The media type of a request's Content-Type, without parameters, lower-cased ('' when absent). */
export function mediaTypeOf(headers: IncomingHttpHeaders): string {
  return (firstValue(headers['content-type']) ?? '').split(';', 1)[0]!.trim().toLowerCase();
}
