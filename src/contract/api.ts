// Contract, "Versioning": the version of the API and its deprecation policy, stated once.
export const API_VERSION = 'v1';
export const API_PREFIX = '/api/v1';
export const API_DOCUMENT_VERSION = '1.0.0';

export const DEPRECATION_POLICY = {
  summary: 'The version is in the URL path. A deprecated version keeps working for at least 12 months; '
    + 'removal is announced with the Deprecation and Sunset response headers (RFC 9745, RFC 8594).',
  minimumSupportMonths: 12,
  headers: ['Deprecation', 'Sunset'],
} as const;

/** The largest request body any endpoint accepts; an inquiry at its limits stays well below it. */
export const MAX_BODY_BYTES = 64 * 1024;
