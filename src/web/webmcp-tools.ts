import { KINDS_OF_WORK } from '../contract/project-facts.js';
import type { FastifyInstance } from 'fastify';
import type { BrowserForm, BrowserRun } from '../agent-tools/operation.js';
import { BUDGETS, LOCATIONS, PHASES } from '../contract/inquiry.js';
import { BOOKING_POLICY } from '../contract/consultation.js';
import { PATHS } from '../contract/paths.js';
import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from '../agent-tools/operations.js';
import { someArguments, type ArgumentsSchema } from '../agent-tools/schemas.js';
import { jsonRepresentation } from '../http/representation.js';
import { IMMUTABLE, registerAsset } from './assets.js';
import { BOOKING_FORM_CLASS } from './booking/booking-form.js';
import { INQUIRY_FORM_CLASS } from './contact-form.js';
import { SITE_PATHS } from './site-paths.js';
import { DEFAULT_LOCALE, LOCALES, localePath, type Locale } from '../words/locale.js';
import type { WebMcpFacts, WebMcpToolWords } from '../words/webmcp.js';
import { wordsOf } from '../words/words.js';

// What the pages' WebMCP script (assets/webmcp.js) registers and how it runs each tool, as one JSON asset
// made from the agent operations (src/agent-tools): the script states no tool name, description, schema or address.
// One document per language: the Spanish pages name theirs, with the tools' words from the catalog (its
// `webmcp` section) and their forms' pages under /es/; the names and schemas are the same in every language.

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

function pageForm(name: OperationName, form: BrowserForm, locale: Locale): PageForm {
  const selector = PAGE_FORMS[form.page];
  if (!selector) throw new Error(`WebMCP: ${name} fills in a form on ${form.page}, which has none`);
  return { ...form, page: localePath(form.page, locale), selector };
}

/** What the catalog's words are told: the studio, the pages in the language, the contract's limits. */
export function webMcpFacts(studio: string, locale: Locale): WebMcpFacts {
  const { read, inquiry, booking } = RATE_LIMIT_POLICIES;
  return {
    studio,
    contactPage: localePath(PATHS.contactPage, locale),
    bookPage: localePath(PATHS.bookPage, locale),
    readLimit: read,
    inquiryLimit: inquiry,
    bookingLimit: booking,
    maxUpcomingPerAddress: BOOKING_POLICY.maxUpcomingPerAddress,
    slotsSpanDays: { default: BOOKING_POLICY.defaultSlotsSpanDays, max: BOOKING_POLICY.maxSlotsSpanDays },
    inquiryValues: { location: LOCATIONS, budget: BUDGETS, phase: PHASES },
    workValues: KINDS_OF_WORK,
  };
}

/**
 * A tool in a language's words: its title and description, and each argument's description (the schema's
 * own `description` keywords, nothing else of it). An argument the words leave out fails the build.
 */
function translated(tool: WebMcpTool, words: WebMcpToolWords, facts: WebMcpFacts): WebMcpTool {
  const said = words.arguments(facts);
  const properties = Object.fromEntries(Object.entries(tool.inputSchema.properties).map(([name, schema]) => {
    if (said[name] === undefined) throw new Error(`WebMCP: no words for the argument ${name} of ${tool.name}`);
    return [name, { ...schema, description: said[name] }];
  }));
  const described = typeof tool.inputSchema.description === 'string' && words.schema !== undefined ? { description: words.schema } : {};
  return { ...tool, title: words.title(facts), description: words.description(facts), inputSchema: { ...tool.inputSchema, ...described, properties } };
}

/** The tools in a language: the operations' own words in English, the catalog's otherwise. */
function toolsIn(tools: WebMcpTool[], studio: string, locale: Locale): WebMcpTool[] {
  const words = wordsOf(locale).webmcp;
  if (!words) return tools;
  const facts = webMcpFacts(studio, locale);
  return tools.map((tool) => {
    const own = words.tools[tool.name];
    if (!own) throw new Error(`WebMCP: no ${locale} words for the tool ${tool.name}`);
    return translated(tool, own, facts);
  });
}

/** The operations the pages offer, each with how the script runs it. */
function browserOperations() {
  return OPERATION_NAMES.flatMap((name) => {
    const operation = OPERATIONS[name];
    return operation.browser ? [{ name, operation, browser: operation.browser }] : [];
  });
}

export function webMcpDocument(studioName: string, locale: Locale): WebMcpDocument {
  const offered = browserOperations();
  const reads: Partial<Record<OperationName, ReadTool>> = {};
  const gets: Partial<Record<OperationName, GetTool>> = {};
  const forms: Partial<Record<OperationName, PageForm>> = {};
  for (const { name, browser: { runs } } of offered) {
    if ('read' in runs) reads[name] = runs.read;
    else if ('get' in runs) gets[name] = runs.get;
    else forms[name] = pageForm(name, runs.form, locale);
  }
  const tools = offered.map(({ name, operation, browser }) => ({
    name,
    title: operation.title(studioName),
    description: browser.description(studioName),
    inputSchema: someArguments(operation.arguments, browser.arguments),
    annotations: { readOnlyHint: operation.hints.readOnlyHint },
  }));
  return {
    tools: toolsIn(tools, studioName, locale),
    reads,
    gets,
    forms,
  };
}

/** The names of the tools the pages offer, as the developer page lists them. */
export function webMcpToolNames(): OperationName[] {
  return browserOperations().map(({ name }) => name);
}

/** Where a language's document is served: /assets/webmcp-tools.json, /assets/webmcp-tools.es.json. */
export function webMcpToolsPath(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? SITE_PATHS.webmcpTools : SITE_PATHS.webmcpTools.replace(/\.json$/, `.${locale}.json`);
}

/** Serves each language's document under a versioned URL (it changes with the studio's name, on a reload) and answers those URLs. */
export function registerWebMcpTools(app: FastifyInstance, studioName: string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [
    locale, registerAsset(app, webMcpToolsPath(locale), jsonRepresentation(webMcpDocument(studioName, locale), IMMUTABLE)),
  ])) as Record<Locale, string>;
}
