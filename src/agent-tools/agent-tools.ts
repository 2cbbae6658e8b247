import { toProjectItem, toServiceItem } from '../catalog/api-items.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Project, Service } from '../contract/catalog.js';
import type { ApiError } from '../contract/errors.js';
import { Inquiry } from '../contract/inquiry.js';
import type { RateLimitDecision } from '../contract/rate-limits.js';
import { validatorOf, validationError } from '../contract/validator.js';
import type { InquiryService, SubmissionChannel } from '../inquiries/inquiry-service.js';
import { IDEMPOTENCY_KEY_ARGUMENTS, TOOL_ARGUMENTS, type ArgumentsSchema, type ToolName } from './arguments.js';

// The three operations behind the MCP tools and the A2A skills, with no protocol in sight: arguments in,
// the REST API's objects out, contract errors (ApiError) thrown. Each surface maps both to its own shapes.

/** A portfolio item with the region it is filed under (the values of the inquiry's location). */
export interface RegionalProject {
  item: Project;
  region: string;
}

/** The catalog's items as the API shows them, once per app. */
export function catalogItems(catalog: Catalog, baseUrl: string): { projects: RegionalProject[]; services: Service[] } {
  return {
    projects: catalog.projects.map((entry) => ({ item: toProjectItem(entry, baseUrl), region: entry.region })),
    services: catalog.services.map((entry) => toServiceItem(entry, baseUrl)),
  };
}

/** Who is calling: the facts of the HTTP request the inquiry use case records, never the request itself. */
export interface ToolCaller {
  /** Client IP as Fastify resolved it (TRUST_PROXY). */
  ip: string;
  userAgent?: string;
  /** The Origin header, when the request carried one. */
  origin?: string;
  /** The OAuth client of a verified bearer token; absent for anonymous calls. */
  clientId?: string;
}

/** What an operation produced: the REST API's object, and what it counted itself (submit_inquiry: the inquiry bucket). */
export interface ToolRun {
  value: Record<string, unknown>;
  rateLimit?: RateLimitDecision;
}

/** A refusal as every agent surface shows it: the REST Error shape, plus the wait and the argument at fault when known. */
export function refusalOf(error: ApiError): Record<string, unknown> {
  return {
    ...error.toBody(),
    ...(error.retryAfterSeconds !== undefined && { retry_after_seconds: error.retryAfterSeconds }),
    ...(error.field !== undefined && { field: error.field }),
  };
}

export interface AgentToolsDeps {
  projects: RegionalProject[];
  services: Service[];
  inquiries: InquiryService;
  /** The surface the inquiries arrive through, as the inbox records it. */
  channel: SubmissionChannel;
}

type Run = (args: Record<string, unknown>, caller: ToolCaller) => Promise<ToolRun>;

/** The Inquiry fields of submit_inquiry's arguments; its own idempotency_key travels beside them, not in the inquiry. */
const INQUIRY_FIELDS = Object.keys(Inquiry.properties);

/**
 * Arguments are checked by the contract's validator set, against the very schemas the surfaces publish;
 * the read operations count nothing themselves (each surface's route counts the request as a read).
 */
export class AgentTools {
  /** The argument-free list answers: the catalog is frozen, so the same object every time. */
  readonly allProjects: { projects: Project[] };
  readonly allServices: { services: Service[] };
  private readonly runs: ReadonlyMap<ToolName, Run>;

  constructor(private readonly deps: AgentToolsDeps) {
    this.allProjects = { projects: deps.projects.map((p) => p.item) };
    this.allServices = { services: deps.services };
    const checked = (name: ToolName, run: Run): [ToolName, Run] => {
      const check = argumentChecker(TOOL_ARGUMENTS[name]);
      return [name, async (args, caller) => run(check(args), caller)];
    };
    const checkKey = argumentChecker(IDEMPOTENCY_KEY_ARGUMENTS);
    this.runs = new Map<ToolName, Run>([
      checked('list_projects', async (args) => ({ value: this.listProjects(args) })),
      checked('list_services', async () => ({ value: this.allServices })),
      // Not checked against its whole schema here: the use case validates the Inquiry fields itself, after
      // counting the inquiry bucket (invalid submissions count too). Only its own argument is checked here.
      ['submit_inquiry', (args, caller) => this.submitInquiry(checkKey(args), caller)],
    ]);
  }

  /** Runs an operation; a refusal is thrown as the contract's ApiError. */
  run(name: ToolName, args: Record<string, unknown>, caller: ToolCaller): Promise<ToolRun> {
    return this.runs.get(name)!(args, caller);
  }

  private listProjects(args: Record<string, unknown>): { projects: Project[] } {
    const { location, region } = args as { location?: string; region?: string };
    if (location === undefined && region === undefined) return this.allProjects;
    const text = location?.toLowerCase();
    const projects = this.deps.projects
      .filter((p) => (region === undefined || p.region === region) && (text === undefined || p.item.location?.toLowerCase().includes(text)))
      .map((p) => p.item);
    return { projects };
  }

  /**
   * Through the one inquiry use case: origin, the shared inquiry bucket, validation and storage happen
   * there. No `rateLimit` is passed, so the use case counts the inquiry bucket and reports its decision.
   */
  private async submitInquiry(args: Record<string, unknown>, caller: ToolCaller): Promise<ToolRun> {
    const fields = Object.fromEntries(INQUIRY_FIELDS.filter((f) => Object.hasOwn(args, f)).map((f) => [f, args[f]]));
    const { rateLimit } = await this.deps.inquiries.submit(fields, {
      channel: this.deps.channel,
      ip: caller.ip,
      userAgent: caller.userAgent,
      origin: caller.origin,
      idempotencyKey: args.idempotency_key as string | undefined,
      clientId: caller.clientId,
    });
    return { value: { ok: true }, rateLimit };
  }
}

type ArgumentChecker = (args: Record<string, unknown>) => Record<string, unknown>;

/** Checks arguments with the contract's validator set, compiled now; a failure is the contract's 400 naming the argument. */
function argumentChecker(schema: ArgumentsSchema): ArgumentChecker {
  const check = validatorOf(schema);
  return (args) => {
    if (!check(args)) throw validationError(check.errors ?? [], 'arguments');
    return args;
  };
}
