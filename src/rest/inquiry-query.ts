import { INQUIRY_PAGE, InquiryListQuery } from '../contract/inbox-api.js';

// The read API's page size and the link to the page after this one (the query itself becomes the
// store's through src/inquiries/inbox-query.ts, shared with the web inbox).

export const pageLimitOf = (params: InquiryListQuery): number => params.limit ?? INQUIRY_PAGE.defaultLimit;

/** The parameters the schema knows, in its order: a link never carries what the API ignored. */
const PARAMETERS = Object.keys(InquiryListQuery.properties) as Array<keyof InquiryListQuery>;

/** The absolute URL of the page after `cursor`, with the same query. */
export function nextPageUrl(listUrl: string, params: InquiryListQuery, cursor: string): string {
  const url = new URL(listUrl);
  for (const name of PARAMETERS) {
    const value = name === 'cursor' ? cursor : params[name];
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url.href;
}
