// The peers some tests need (PostgreSQL, Redis, Chromium). Locally a missing peer skips those tests with
// a printed reason; CI sets STUDIO_REQUIRE_PEERS=1 so that a missing peer fails the run instead of
// silently dropping the proofs that need it.

export const REQUIRE_PEERS_VARIABLE = 'STUDIO_REQUIRE_PEERS';

export function peersRequired(): boolean {
  return process.env[REQUIRE_PEERS_VARIABLE] === '1';
}

/** Returns `reason` for `t.skip(reason)` / `{ skip: reason }`; throws it when every peer is required. */
export function peerMissing(reason: string): string {
  if (peersRequired()) throw new Error(`${reason} (${REQUIRE_PEERS_VARIABLE}=1: this peer is required)`);
  return reason;
}
