import { after } from 'node:test';

// Whatever a test starts (a server, a peer, a database) is stopped by the scope it was started in, so no
// test closes things by hand and a failing `before` still cleans up what it had started.

/**
 * Anything that runs `fn` when its test or suite ends: node:test's TestContext (which runs them in the
 * order registered), or a suiteScope() (last first, so what was started last stops first).
 */
export interface Cleanups {
  after(fn: () => unknown): void;
}

/**
 * A scope for a suite (call it in a describe body) or a file (at its top level): one node:test `after`
 * hook runs what was registered, last first, since node:test's SuiteContext in `before` has no `after`.
 * Every cleanup runs even when one fails; the first failure is thrown after all have run.
 */
export function suiteScope(): Cleanups {
  const cleanups: Array<() => unknown> = [];
  after(async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try { await cleanup(); } catch (error) { failures.push(error); }
    }
    if (failures.length > 0) throw failures[0];
  });
  return { after: (fn) => { cleanups.push(fn); } };
}
