import type { IncomingHttpHeaders } from 'node:http';

/** The first value of a request header that may repeat. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The media type of a request's Content-Type, without parameters, lower-cased ('' when absent). */
export function mediaTypeOf(headers: IncomingHttpHeaders): string {
  return mediaTypeOfValue(firstValue(headers['content-type']));
}

/** The media type of a Content-Type value, without its parameters, lower-cased ('' when there is none). */
export function mediaTypeOfValue(contentType: string | undefined | null): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}
