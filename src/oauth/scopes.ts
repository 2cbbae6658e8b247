import { SCOPES, type Scope } from '../contract/oauth.js';

const isScope = (value: string): value is Scope => Object.hasOwn(SCOPES, value);

/** A space-separated scope string (RFC 6749 §3.3) as known scopes, de-duplicated; undefined if any is unknown. */
export function parseScope(value: string): Scope[] | undefined {
  const values = value.split(' ').filter(Boolean);
  if (!values.every(isScope)) return undefined;
  return [...new Set(values)];
}
