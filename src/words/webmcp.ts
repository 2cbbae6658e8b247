// The shape of the WebMCP tools' words in a language other than English (the `webmcp` section of a
// catalog; src/web/webmcp-tools.ts reads it). English is the agent operations' own (src/agent-tools),
// shared with MCP and A2A. The names, schemas and limits are never written in words: they are passed in.

/** What a tool's description states and the catalog must not restate: the studio, the pages, the limits. */
export interface WebMcpFacts {
  studio: string;
  /** The pages whose forms the tools fill in, at their addresses in the document's language. */
  contactPage: string;
  bookPage: string;
  readLimit: RateLimit;
  inquiryLimit: RateLimit;
  bookingLimit: RateLimit;
  maxUpcomingPerAddress: number;
  /** The days a list of free times spans when "to" is left out, and at most. */
  slotsSpanDays: { default: number; max: number };
  /** The values of the inquiry's choice fields. */
  inquiryValues: { location: readonly string[]; budget: readonly string[]; phase: readonly string[] };
  /** The kinds of work a project can include (the projects' `work` filter). */
  workValues: readonly string[];
}

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** One tool: its title and description, and a description for each argument the page's tool takes. */
export interface WebMcpToolWords {
  title(facts: WebMcpFacts): string;
  description(facts: WebMcpFacts): string;
  arguments(facts: WebMcpFacts): Readonly<Record<string, string>>;
  /** The arguments schema's own description, where it has one (the inquiry's). */
  schema?: string;
}

/** Every tool the pages offer, by name: a tool added to the pages without its words fails the document's build. */
export interface WebMcpWords {
  tools: Readonly<Record<string, WebMcpToolWords>>;
}
