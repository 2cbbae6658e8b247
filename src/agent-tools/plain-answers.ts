import type { Catalog } from '../catalog/catalog.js';
import type { Project, Service } from '../contract/catalog.js';
import { PATHS } from '../contract/paths.js';
import { inWords } from '../lib/in-words.js';
import type { RegionalProject } from './operation.js';
import type { MissingField } from './plain-inquiry.js';
import type { PlainIntent, SaidTerm } from './plain-questions.js';
import { vocabularyOf, type Vocabulary } from './plain-words.js';

// The answers to the plain questions that are answered at once: a paragraph for a person and the structured
// answer for a program, made of the objects the agent operations answer (list_projects, list_services) and
// the contract's addresses. Any surface may show them; none is named here.

export interface PlainAnswer {
  text: string;
  data: Record<string, unknown>;
}

export interface AnswerContext {
  vocabulary: Vocabulary;
  studio: string;
  baseUrl: string;
  /** The consultations the studio offers (none when its content offers none). */
  consultations: ReadonlyArray<{ slug: string; title: string }>;
}

function projectsText(projects: readonly Project[], said: readonly SaidTerm[], studio: string): string {
  const places = said.filter((t) => t.kind !== 'work').map((t) => t.label);
  const work = said.filter((t) => t.kind === 'work').map((t) => t.label.toLowerCase());
  const asked = [work.length > 0 ? `with ${inWords(work)}` : '', places.length > 0 ? `in ${inWords(places)}` : ''].filter(Boolean).join(' ');
  if (projects.length === 0) return `${studio} has no project ${asked} in its portfolio.`;
  const items = projects.map((p) => `${p.title}${p.location ? ` (${p.location})` : ''}`);
  const count = `${projects.length} project${projects.length === 1 ? '' : 's'}`;
  const head = asked ? `${studio} has ${count} ${asked} in its portfolio` : `The portfolio of ${studio} holds ${count}`;
  return `${head}: ${inWords(items)}. Each has its page at its "url".`;
}

function projectsAnswer(said: SaidTerm[], slugs: readonly string[], { vocabulary, studio }: AnswerContext): PlainAnswer {
  const projects = vocabulary.projects.filter((p) => slugs.includes(p.item.slug)).map((p) => p.item);
  return { text: projectsText(projects, said, studio), data: { answer: 'projects', said, projects } };
}

function servicesAnswer({ vocabulary, studio }: AnswerContext): PlainAnswer {
  const { services } = vocabulary;
  return {
    text: `${studio} offers ${services.length} services: ${inWords(services.map((s) => s.title))}. Each has its page at its "url".`,
    data: { answer: 'services', services },
  };
}

/** The ways to start: inquire (the page, the API, the operation, or here in words), then book a consultation when offered. */
function startAnswer({ studio, baseUrl, consultations }: AnswerContext): PlainAnswer {
  const steps: Array<Record<string, unknown>> = [{
    step: 'inquire',
    page: baseUrl + PATHS.contactPage,
    api: `POST ${baseUrl}${PATHS.contact}`,
    operation: 'submit_inquiry',
    in_words: 'Tell this agent about the project: where, the budget, where it stands, a name and an email.',
  }];
  if (consultations.length > 0) {
    steps.push({
      step: 'book_consultation',
      page: baseUrl + PATHS.bookPage,
      api: `GET ${baseUrl}${PATHS.consultations}`,
      operations: ['list_consultation_slots', 'book_consultation'],
      types: consultations.map(({ slug, title }) => ({ slug, title })),
    });
  }
  const booking = consultations.length > 0
    ? ` You can also book ${inWords(consultations.map((c) => `an ${c.title.toLowerCase()}`.replace(/^an ([^aeiou])/u, 'a $1')))} at ${baseUrl + PATHS.bookPage} `
      + '(or with the list_consultation_slots and book_consultation operations).'
    : '';
  return {
    text: `To start a project with ${studio}, send an inquiry: the form at ${baseUrl + PATHS.contactPage}, POST ${baseUrl}${PATHS.contact}, `
      + `the submit_inquiry operation, or tell me here in words (where, the budget, where it stands, your name and email).${booking}`,
    data: { answer: 'start', steps },
  };
}

/** The answer to a question answered at once; undefined for an inquiry (a conversation) and for what was not understood. */
export function answerQuestion(intent: PlainIntent, context: AnswerContext): PlainAnswer | undefined {
  switch (intent.kind) {
    case 'projects': return projectsAnswer(intent.said, intent.slugs, context);
    case 'services': return servicesAnswer(context);
    case 'start': return startAnswer(context);
    default: return undefined;
  }
}

/** What an inquiry in words still needs, in a sentence: the fields, and what was wrong with a value given. */
export function missingText(missing: readonly MissingField[], studio: string): string {
  const needs = missing.map((m) => `${m.field} (${m.description.replace(/\.$/u, '').toLowerCase()}${m.problem ? `; ${m.problem}` : ''})`);
  return `To send this inquiry to ${studio}, I still need: ${inWords(needs)}. Reply in this task with a data part holding them `
    + '(their JSON Schemas are in "missing"), or in words ("my name is …").';
}

/** What the answers read, once per app: the catalog's words and items, its studio, its consultations. */
export function plainAnswerContext(catalog: Catalog, items: { projects: RegionalProject[]; services: Service[] }, baseUrl: string): AnswerContext {
  return {
    vocabulary: vocabularyOf(items.projects, items.services),
    studio: catalog.site.name,
    baseUrl,
    consultations: catalog.consultations?.kinds ?? [],
  };
}
