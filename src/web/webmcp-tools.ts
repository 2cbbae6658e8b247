import type { FastifyInstance } from 'fastify';
import type { BrowserForm, BrowserRun } from '../agent-tools/operation.js';
import { PATHS } from '../contract/paths.js';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from '../agent-tools/operations.js';
import { someArguments, type ArgumentsSchema } from '../agent-tools/schemas.js';
import { jsonRepresentation } from '../http/representation.js';
import { IMMUTABLE, registerAsset } from './assets.js';
import { BOOKING_FORM_CLASS } from './booking/booking-form.js';
import { INQUIRY_FORM_CLASS } from './contact-form.js';
import { SITE_PATHS } from './site-paths.js';

// What the pages' WebMCP script (assets/webmcp.js) registers and how it runs each tool, as one JSON asset
// made from the agent operations (src/agent-tools): the script states no tool name, description, schema or address.

/** A tool as a page registers it with WebMCP (`ModelContextTool` without its `execute`, which the site's script adds). */
export interface WebMcpTool {
  name: OperationName;
  title: string;
  description: string;
  inputSchema: ArgumentsSchema;
  annotations: { readOnlyHint: boolean };
}

type ReadTool = Extract<BrowserRun, { read: unknown }>['read'];
type GetTool = Extract<BrowserRun, { get: unknown }>['get'];

export interface WebMcpDocument {
  tools: WebMcpTool[];
  /** The read tools. Each argument filters the items by the field of its name: the field's text contains it, case-insensitive. */
  reads: Partial<Record<OperationName, ReadTool>>;
  /**
   * The tools that read one REST object: the first path whose `:parameters` the arguments all give, the
   * other arguments as its query; the answer is the object whole.
   */
  gets: Partial<Record<OperationName, GetTool>>;
  /** The tools that fill in a page's form, each with the page, the form's selector there and the page's query arguments. */
  forms: Partial<Record<OperationName, PageForm>>;
}

export interface PageForm extends BrowserForm {
  selector: string;
}

/** The form a tool fills in, by its page: the page's own form, which posts to it (the contact form, the booking form). */
const PAGE_FORMS: Readonly<Record<string, string>> = {
  [PATHS.contactPage]: `form.${INQUIRY_FORM_CLASS}`,
  [PATHS.bookPage]: `form.${BOOKING_FORM_CLASS}`,
};

function pageForm(name: OperationName, form: BrowserForm): PageForm {
  const selector = PAGE_FORMS[form.page];
  if (!selector) throw new Error(`WebMCP: ${name} fills in a form on ${form.page}, which has none`);
  return { ...form, selector };
}

/** The operations the pages offer, each with how the script runs it. */
function browserOperations() {
  return OPERATION_NAMES.flatMap((name) => {
    const operation = OPERATIONS[name];
    return operation.browser ? [{ name, operation, browser: operation.browser }] : [];
  });
}

export function webMcpDocument(studioName: string): WebMcpDocument {
  const offered = browserOperations();
  const reads: Partial<Record<OperationName, ReadTool>> = {};
  const gets: Partial<Record<OperationName, GetTool>> = {};
  const forms: Partial<Record<OperationName, PageForm>> = {};
  for (const { name, browser: { runs } } of offered) {
    if ('read' in runs) reads[name] = runs.read;
    else if ('get' in runs) gets[name] = runs.get;
    else forms[name] = pageForm(name, runs.form);
  }
  return {
    tools: offered.map(({ name, operation, browser }) => ({
      name,
      title: operation.title(studioName),
      description: browser.description(studioName),
      inputSchema: someArguments(operation.arguments, browser.arguments),
      annotations: { readOnlyHint: operation.hints.readOnlyHint },
    })),
    reads,
    gets,
    forms,
  };
}

/** The names of the tools the pages offer, as the developer page lists them. */
export function webMcpToolNames(): OperationName[] {
  return browserOperations().map(({ name }) => name);
}

/** Serves the document under a versioned URL (it changes with the studio's name, on a reload) and answers that URL. */
export function registerWebMcpTools(app: FastifyInstance, studioName: string): string {
  return registerAsset(app, SITE_PATHS.webmcpTools, jsonRepresentation(webMcpDocument(studioName), IMMUTABLE));
}
