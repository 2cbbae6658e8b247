import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { catalogItems } from '../../src/agent-tools/agent-tools.js';
import type { RegionalProject } from '../../src/agent-tools/operation.js';
import { answerFieldsIn, inquiryFieldsIn, mergeFields, missingFields } from '../../src/agent-tools/plain-inquiry.js';
import { understandQuestion, type PlainIntent } from '../../src/agent-tools/plain-questions.js';
import { vocabularyOf } from '../../src/agent-tools/plain-words.js';
import { PLAIN_EXAMPLES } from '../../src/a2a/skills.js';
import { loadCatalog } from '../../src/catalog/load.js';
import type { Service } from '../../src/contract/catalog.js';
import { BUDGETS, Inquiry, LOCATIONS } from '../../src/contract/inquiry.js';

// The understanding of plain questions, as a pure function over a small catalog made here: which projects
// the catalog's words find (accents, case and plurals aside), which intent a message is, and the Inquiry
// fields an inquiry in words gives, each held to the contract's own values.

const project = (slug: string, location: string, region: string, scope: string[]): RegionalProject =>
  ({ item: { slug, title: slug, location, scope, url: `https://studio.example/projects/${slug}` }, region });
const service = (slug: string, title: string): Service => ({ slug, title, url: `https://studio.example/services/${slug}` });

const PROJECTS = [
  project('whaling', 'Sag Harbor, New York', 'hamptons', ['Historic restoration', 'Landscape']),
  project('grove', 'Coconut Grove, Miami, Florida', 'miami', ['Interior design', 'Construction']),
  project('bogota', 'Bogotá, Colombia', 'other', ['Renovation']),
];
const SERVICES = [
  service('renovation-and-restoration', 'Renovation and Restoration'),
  service('landscape-design', 'Landscape Design'),
  service('interior-design', 'Interior Design'),
];
const vocabulary = vocabularyOf(PROJECTS, SERVICES);

const understood = (text: string): PlainIntent => understandQuestion(text, vocabulary);
function slugsFor(text: string): string[] {
  const intent = understood(text);
  assert.equal(intent.kind, 'projects', text);
  return intent.kind === 'projects' ? [...intent.slugs].sort() : [];
}

describe('projects by the catalog\'s own words', () => {
  it('finds a region by its id and its label, a place by a part of a location, whatever the case, accents and plurals', () => {
    assert.deepEqual(slugsFor('Which projects have you built in the Hamptons?'), ['whaling']);
    assert.deepEqual(slugsFor('anything in the hampton'), ['whaling']);
    assert.deepEqual(slugsFor('MIAMI'), ['grove']);
    assert.deepEqual(slugsFor('What have you done in Florida?'), ['grove']);
    assert.deepEqual(slugsFor('projects in bogota'), ['bogota']);
    assert.deepEqual(slugsFor('Projekte in BOGOTÁ?'), ['bogota']);
    assert.deepEqual(slugsFor('Have you built in Sag Harbor or Bogotá?'), ['bogota', 'whaling']);
  });

  it('finds a kind of work by a scope entry, one of its words or a service, and narrows a place by it', () => {
    assert.deepEqual(slugsFor('Do you do renovations?'), ['bogota']);
    assert.deepEqual(slugsFor('restoration'), ['whaling']);
    assert.deepEqual(slugsFor('Renovation and Restoration work'), ['bogota', 'whaling'], 'the service: its own words, each');
    assert.deepEqual(slugsFor('landscape design'), ['whaling'], 'the service, not "design" of interior design');
    assert.deepEqual(slugsFor('interior design'), ['grove']);
    assert.deepEqual(slugsFor('restoration in Miami'), [], 'a place and a kind of work: both');
    const intent = understood('interior design in Miami');
    assert.deepEqual(intent.kind === 'projects' && intent.said.map((t) => t.kind).sort(), ['region', 'work']);
  });

  it('answers a question about the portfolio as a whole with every project, and nothing for a word it does not know', () => {
    assert.deepEqual(slugsFor('Show me your portfolio'), PROJECTS.map((p) => p.item.slug).sort());
    assert.equal(understood('What is the weather like?').kind, 'not_understood');
    assert.equal(understood('Hello, what can you do?').kind, 'not_understood');
  });
});

describe('the other questions', () => {
  it('tells the services, how to start and an inquiry apart', () => {
    for (const q of ['What do you do?', 'Which services do you offer?']) assert.equal(understood(q).kind, 'services', q);
    for (const q of ['How do I start a project?', 'Can I book a call?', 'I want to book a consultation']) assert.equal(understood(q).kind, 'start', q);
    for (const q of ['I\'d like to build in Miami', 'write to me at ana@example.com']) assert.equal(understood(q).kind, 'inquiry', q);
  });

  it('understands every plain question the A2A help shows, over the sample content', async () => {
    const catalog = await loadCatalog('content');
    const { projects, services } = catalogItems(catalog, 'https://studio.example');
    const sample = vocabularyOf(projects, services);
    for (const example of PLAIN_EXAMPLES) assert.notEqual(understandQuestion(example, sample).kind, 'not_understood', example);
  });
});

describe('an inquiry in words', () => {
  it('takes the fields the words give, in the contract\'s values, and the text as the message', () => {
    const text = 'I\'d like to renovate in Bogotá, $750k budget, permits in hand. My name is Ana Ruiz, ana@example.com.';
    const intent = understood(text);
    assert.equal(intent.kind, 'inquiry');
    assert.deepEqual(intent.kind === 'inquiry' && intent.fields, {
      name: 'Ana Ruiz', email: 'ana@example.com', location: 'other', budget: 'under-1m', phase: 'permitted', message: text,
    });
    const checked = mergeFields({}, intent.kind === 'inquiry' ? intent.fields : {});
    assert.deepEqual(checked.problems, {});
    assert.deepEqual(missingFields(checked), []);
  });

  it('reads a budget in dollars as the contract\'s band, and a bare number as none', () => {
    const cases: Array<[string, string | undefined]> = [
      ['about $5M', '3m-10m'], ['$1.5m', '1m-3m'], ['2 million dollars', '1m-3m'], ['$4,000,000', '3m-10m'],
      ['$12M', 'over-10m'], ['$900k', 'under-1m'], ['we would rather not say', 'undisclosed'], ['3 bedrooms, built 1926', undefined],
    ];
    for (const [words, band] of cases) {
      const { budget } = inquiryFieldsIn(`We want to build: ${words}`, vocabulary, { withMessage: false });
      assert.equal(budget, band, words);
      if (band) assert.ok((BUDGETS as readonly string[]).includes(band));
    }
  });

  it('places a project only where every region or place named agrees', () => {
    const locationOf = (text: string) => inquiryFieldsIn(text, vocabulary, { withMessage: false }).location;
    assert.equal(locationOf('a house in Sag Harbor'), 'hamptons');
    assert.equal(locationOf('Coconut Grove'), 'miami');
    assert.equal(locationOf('Miami or the Hamptons'), undefined);
    assert.ok(LOCATIONS.includes(locationOf('Bogotá') as (typeof LOCATIONS)[number]));
  });

  it('checks each value by its field\'s schema: trimmed when taken, refused with the contract\'s words', () => {
    const { fields, problems } = mergeFields({ name: 'Ana Ruiz' }, { email: '  ana@example.com ', location: 'atlantis', budget: 'nope', phase: 'permitted' });
    assert.deepEqual(fields, { name: 'Ana Ruiz', email: 'ana@example.com', phase: 'permitted' });
    assert.deepEqual(Object.keys(problems).sort(), ['budget', 'location']);
    const missing = missingFields({ fields, problems });
    assert.deepEqual(missing.map((m) => m.field).sort(), Inquiry.required.filter((f) => !(f in fields)).sort());
    const location = missing.find((m) => m.field === 'location')!;
    assert.deepEqual(location.schema.enum, [...LOCATIONS]);
    assert.equal(location.problem, problems.location);
  });

  it('takes a bare answer for the one field still missing, and nothing when more are', () => {
    assert.deepEqual(answerFieldsIn('Ana Ruiz', vocabulary, ['name']), { name: 'Ana Ruiz' });
    assert.deepEqual(answerFieldsIn('Permitted', vocabulary, ['phase']), { phase: 'permitted' });
    assert.deepEqual(answerFieldsIn('Ana Ruiz', vocabulary, ['name', 'phase']), {});
    assert.deepEqual(answerFieldsIn('my name is Ana Ruiz', vocabulary, ['name', 'phase']), { name: 'Ana Ruiz' });
  });
});
