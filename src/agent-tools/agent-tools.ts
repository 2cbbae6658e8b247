import { toProjectItem, toServiceItem } from '../catalog/api-items.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Service } from '../contract/catalog.js';
import type { ApiError } from '../contract/errors.js';
import { validatorOf, validationError } from '../contract/validator.js';
import type { ConsultationsService } from '../consultations/consultations.js';
import type { Caller, InquiryService } from '../inquiries/inquiry-service.js';
import type { AgentChannel, OperationContext, RegionalProject, ToolRun } from './operation.js';
import { OPERATIONS, OPERATION_NAMES, perOperation, type OperationName } from './operations.js';
import type { ArgumentsSchema } from './schemas.js';

// The operations behind the MCP tools and the A2A skills, with no protocol in sight: arguments in, the
// REST API's objects out, contract errors (ApiError) thrown. Each surface maps both to its own shapes.

/** The catalog's items as the API shows them, once per app. */
export function catalogItems(catalog: Catalog, baseUrl: string): { projects: RegionalProject[]; services: Service[] } {
  return {
    projects: catalog.projects.map((entry) => ({ item: toProjectItem(entry, baseUrl), region: entry.region })),
    services: catalog.services.map((entry) => toServiceItem(entry, baseUrl)),
  };
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
  consultations: ConsultationsService;
  /** The surface the inquiries and bookings arrive through, as the inbox records it. */
  channel: AgentChannel;
}

type ArgumentChecker = (args: Record<string, unknown>) => Record<string, unknown>;

/**
 * Arguments are checked by the contract's validator set, against the very schemas the surfaces publish;
 * the read operations count nothing themselves (each surface's route counts the request as a read).
 */
export class AgentTools {
  private readonly context: OperationContext;
  private readonly checks: Record<OperationName, ArgumentChecker>;

  constructor(deps: AgentToolsDeps) {
    // The argument-free list answers: the catalog is frozen, so the same object every time.
    const catalog = {
      projects: deps.projects,
      allProjects: { projects: deps.projects.map((p) => p.item) },
      allServices: { services: deps.services },
    };
    this.context = { catalog, inquiries: deps.inquiries, consultations: deps.consultations, channel: deps.channel };
    this.checks = perOperation((operation) => argumentChecker(operation.checks ?? operation.arguments));
  }

  /** The operations whose call without arguments always answers the same object, and that object. */
  unfilteredAnswers(): ReadonlyMap<OperationName, Record<string, unknown>> {
    return new Map(OPERATION_NAMES.flatMap((name) => {
      const answer = OPERATIONS[name].unfilteredAnswer?.(this.context.catalog);
      return answer ? [[name, answer] as const] : [];
    }));
  }

  /** Runs an operation; a refusal is thrown as the contract's ApiError. */
  async run(name: OperationName, args: Record<string, unknown>, caller: Caller): Promise<ToolRun> {
    return OPERATIONS[name].run(this.checks[name](args), caller, this.context);
  }
}

/** Checks arguments with the contract's validator set, compiled now; a failure is the contract's 400 naming the argument. */
function argumentChecker(schema: ArgumentsSchema): ArgumentChecker {
  const check = validatorOf(schema);
  return (args) => {
    if (!check(args)) throw validationError(check.errors ?? [], 'arguments');
    return args;
  };
}
