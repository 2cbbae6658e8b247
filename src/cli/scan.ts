import { DISCOVERY_CHECKS } from './scan/discovery-checks.js';
import { AUTH_CHECKS, PROTOCOL_CHECKS } from './scan/protocol-checks.js';
import { scan, type CheckResult } from './scan/scan.js';
import { EXIT, parseCommandLine, UsageError, type CliContext, type CommandGroup } from './command.js';

const USAGE = `studio scan [URL] [--json]

Reads the service at URL (default: BASE_URL) as an agent that knows only its address would: robots.txt,
the sitemap, llms.txt, Link headers, the API catalog, OpenAPI, the Markdown twins, the AI catalog, the
Agent Skills, WebMCP, the MCP server and its card, the A2A agent, the OAuth metadata, auth.md and the
bearer challenge. Prints one line per check: PASS, WARN or FAIL, what it expects and what it saw. It
only reads (and sends one A2A message and MCP initialize calls): it registers no client and sends no inquiry.
Run it against the public address after a deploy, through the proxy or CDN, which may drop headers.

--json   one JSON object per check instead of the table

Exit codes: 0 no check failed, 1 a check failed, 2 usage error.`;

export const ALL_CHECKS = [...DISCOVERY_CHECKS, ...PROTOCOL_CHECKS, ...AUTH_CHECKS];

function table(results: CheckResult[]): string[] {
  const width = Math.max(...results.map((r) => r.check.id.length));
  const lines: string[] = [];
  for (const area of new Set(results.map((r) => r.check.area))) {
    lines.push('', area);
    for (const { check, verdict, detail } of results.filter((r) => r.check.area === area)) {
      lines.push(`  ${verdict.toUpperCase().padEnd(4)}  ${check.id.padEnd(width)}  ${check.expects}`, `        ${' '.repeat(width)}  -> ${detail}`);
    }
  }
  const count = (verdict: string) => results.filter((r) => r.verdict === verdict).length;
  return [...lines, '', `${results.length} checks: ${count('pass')} pass, ${count('warn')} warn, ${count('fail')} fail`];
}

async function run(args: string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { json: { type: 'boolean' } }, 1);
  const base = positionals[0] ?? context.config.baseUrl;
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) throw new UsageError(`not an http(s) URL: ${base}`);
  const results = await scan(base, ALL_CHECKS);
  if (values.json) {
    for (const { check, verdict, detail } of results) context.out(JSON.stringify({ id: check.id, area: check.area, verdict, expects: check.expects, detail }));
  } else {
    context.out(`Agent-readiness scan of ${base}`);
    for (const line of table(results)) context.out(line);
  }
  return results.some((r) => r.verdict === 'fail') ? EXIT.failure : EXIT.ok;
}

export const scanCommand: CommandGroup = {
  summary: 'scan [URL]              read the service as an agent would and report each discovery check',
  usage: USAGE,
  run,
};
