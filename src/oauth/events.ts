import type { TokenRejectionCode } from './token-rejection.js';

// What the OAuth server tells whoever watches it (the metrics of src/observability/). The default does nothing.

/** How a bearer token on the API fared: valid, refused under one rule, or not checkable (store down). */
export type BearerResult = 'valid' | TokenRejectionCode | 'unavailable';

export interface OAuthEvents {
  tokenIssued(): void;
  bearerChecked(result: BearerResult): void;
}

export const unobservedOAuth: OAuthEvents = { tokenIssued() {}, bearerChecked() {} };
