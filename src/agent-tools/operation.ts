import type { Project, Service } from '../contract/catalog.js';
import type { RateLimitDecision } from '../contract/rate-limits.js';
import type { BookingChannel, ConsultationsService } from '../consultations/consultations.js';
import type { Caller, InquiryService, SubmissionChannel } from '../inquiries/inquiry-service.js';
import type { ArgumentsSchema, JsonSchema } from './schemas.js';

// What an agent operation is, whole: what each surface shows of it (the MCP tool, the A2A skill, the
// pages' WebMCP tool) and how it runs. The surfaces render these definitions and state nothing of their
// own about an operation, so a definition that leaves out a part fails the type check.

/** A portfolio item with the region it is filed under (the values of the inquiry's location). */
export interface RegionalProject {
  item: Project;
  region: string;
}

/** The catalog as the operations read it, once per surface: the unfiltered lists are the same object every time. */
export interface AgentCatalog {
  projects: RegionalProject[];
  allProjects: { projects: Project[] };
  allServices: { services: Service[] };
}

/** What an operation runs with, besides its arguments and its caller. */
export interface OperationContext {
  catalog: AgentCatalog;
  inquiries: InquiryService;
  consultations: ConsultationsService;
  /** The surface the inquiries and bookings arrive through, as the inbox records it. */
  channel: AgentChannel;
}

/** A surface the agent operations run on: a channel both inquiries and bookings know. */
export type AgentChannel = SubmissionChannel & BookingChannel;

/** What an operation produced: the REST API's object, and what it counted itself (submit_inquiry: the inquiry bucket). */
export interface ToolRun {
  value: Record<string, unknown>;
  rateLimit?: RateLimitDecision;
}

/** MCP's tool annotations but the title (the operation's title); WebMCP shows readOnlyHint. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The A2A surface's words a skill's description is written with (src/a2a/skills.ts says them). */
export interface SkillWords {
  /** How to call the skill, up to its data part: `Call it with …: {"skill": "<name>"<more>}`. */
  call(more?: string): string;
  /** The arguments the skill takes, named ("no arguments", `the arguments "a", "b"`). */
  arguments: string;
  /** What a refusal is. */
  refusal: string;
}

/**
 * How a page's script (src/web/assets/webmcp.js) runs the tool: it reads a REST list same-origin, with
 * the arguments the list takes as its query, and filters its items by the others (each names the item
 * field whose text must contain it); or it reads
 * the first of some REST paths whose `:parameters` the arguments all give, the other arguments as its query,
 * and answers the REST object whole; or it fills in the form of a page, which the visitor sends or not.
 */
export type BrowserRun = { read: BrowserRead } | { get: { paths: readonly string[] } } | { form: BrowserForm };

/** A REST list a page's tool reads: `query` names the arguments the list filters by itself (sent as its query). */
export interface BrowserRead {
  path: string;
  items: string;
  query?: readonly string[];
}

/** A page's form that a tool fills in. */
export interface BrowserForm {
  page: string;
  /**
   * The arguments that choose what the page shows (a radio button or hidden value of the form: this page's
   * choices only), each with the page's query parameter that shows it; a date-time gives its day. A value
   * the page does not offer is answered with the page's address carrying them, never a navigation.
   */
  query?: Readonly<Record<string, string>>;
}

/** The operation as the website's pages offer it through WebMCP. */
export interface BrowserTool {
  description(studio: string): string;
  /** The arguments the page's tool takes: some of the operation's. */
  arguments: readonly string[];
  runs: BrowserRun;
}

export interface OperationDefinition {
  /** Every surface's title: the MCP tool's (and its annotations'), the A2A skill's name, the WebMCP tool's. */
  title(studio: string): string;
  /** As published (MCP inputSchema, A2A skill description) and as checked. */
  arguments: ArgumentsSchema;
  /** What the operation checks before it runs, when the use case validates the rest itself; the arguments otherwise. */
  checks?: ArgumentsSchema;
  /** Arguments of calls worth showing (the agent card's examples, in A2A data parts). */
  examples: ReadonlyArray<Record<string, unknown>>;
  /** The success shape (MCP outputSchema, beside the error shape). */
  result: JsonSchema;
  hints: ToolHints;
  /**
   * The MCP tool (tools/list, the server card, the developer page); `purpose` is what it does in a few
   * words after its name, as the MCP server's instructions list the tools ("reads the portfolio").
   */
  tool: { description(studio: string): string; purpose: string };
  /** The A2A skill (the agent card, the help text). */
  skill: { description(studio: string, words: SkillWords): string; tags: readonly string[] };
  /** The pages' WebMCP tool, or null where a page cannot run the operation. */
  browser: BrowserTool | null;
  /** The answer to a call without arguments when it is always the same object, so a surface may serialize it once. */
  unfilteredAnswer?(catalog: AgentCatalog): Record<string, unknown>;
  /** Runs the operation on checked arguments; a refusal is thrown as the contract's ApiError. */
  run(args: Record<string, unknown>, caller: Caller, context: OperationContext): Promise<ToolRun>;
}
