import { Probe } from './probe.js';

// An agent-readiness scan: what an agent that knows only the origin's address can find and use.

export type Verdict = 'pass' | 'warn' | 'fail';

export interface Finding {
  verdict: Verdict;
  /** What was seen, in a few words: the status, the missing field, the count. */
  detail: string;
}

export interface Check {
  id: string;
  area: string;
  /** What an agent expects, in one line. */
  expects: string;
  run(probe: Probe): Promise<Finding>;
}

export interface CheckResult extends Finding {
  check: Check;
}

export const pass = (detail: string): Finding => ({ verdict: 'pass', detail });
export const warn = (detail: string): Finding => ({ verdict: 'warn', detail });
export const fail = (detail: string): Finding => ({ verdict: 'fail', detail });

/** A finding from a list of problems: none is a pass with `ok`, any is a fail naming them. */
export const findingOf = (problems: Array<string | false | undefined>, ok: string): Finding => {
  const found = problems.filter((p): p is string => typeof p === 'string');
  return found.length === 0 ? pass(ok) : fail(found.join('; '));
};

/** Runs every check against the origin, one after another (the origin's rate limits are the scanner's too). */
export async function scan(base: string, checks: readonly Check[]): Promise<CheckResult[]> {
  const probe = new Probe(base);
  const results: CheckResult[] = [];
  for (const check of checks) {
    const finding = await check.run(probe).catch((error: unknown) => fail(`no answer: ${error instanceof Error ? error.message : String(error)}`));
    results.push({ check, ...finding });
  }
  return results;
}
