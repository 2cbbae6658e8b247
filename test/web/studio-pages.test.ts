import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { checkContent, SiteFile, type Office } from '../../src/catalog/content-schemas.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The pages a homeowner looks for, in both languages: the studio page (principals, offices with their
// addresses, hours and tel: links, and the firm's JSON-LD with the same facts) and the FAQ (whose FAQPage
// JSON-LD holds exactly the questions and answers the page shows). The facts are read from site.yaml
// here, so the test follows the content and fails when a page or the JSON-LD drops one.

const SITE = parseYaml(readFileSync('content/site.yaml', 'utf8')) as SiteFile;
const OFFICES: Office[] = SITE.offices ?? [];
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (text: string): string => text.replace(/&(?:amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e]!);

type Node = Record<string, unknown>;

/** The @graph of the page's JSON-LD. */
function jsonLd(html: string): Node[] {
  const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  assert.ok(script, 'the page carries JSON-LD');
  return (JSON.parse(script[1]!) as { '@graph': Node[] })['@graph'];
}

const article = (html: string): string => /<article class="prose"[^>]*>(.*?)<\/article>/s.exec(html)?.[1] ?? '';
const menuLabels = (html: string): string[] =>
  [.../<nav class="main-nav"[^>]*>(.*?)<\/nav>/s.exec(html)![1]!.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => decode(m[1]!));

describe('the studio and FAQ pages', () => {
  const suite = suiteScope();
  let server: TestServer;
  before(async () => { server = await startServer(suite); });
  const get = async (path: string) => (await fetch(server.url + path)).text();

  it('site.yaml gives both offices a street, postal code, phone and hours (what these tests check against)', () => {
    assert.equal(OFFICES.length, 2);
    for (const office of OFFICES) assert.ok(office.street && office.postal_code && office.phone && office.hours, office.city);
  });

  for (const [locale, prefix, hoursWord, phoneWord] of [['en', '', 'Hours', 'Phone'], ['es', '/es', 'Horario', 'Teléfono']] as const) {
    it(`${locale}: the studio page shows the principals' portraits beside their words and each office's address, hours and tel: link`, async () => {
      const html = await get(`${prefix}/about`);
      const text = article(html);
      const principals = /<ul>\s*(<li><picture>.*?)<\/ul>/s.exec(text)?.[1] ?? '';
      assert.equal(principals.match(/<li><picture>/g)?.length, 3, 'three principals, each with a portrait');
      assert.doesNotMatch(text, /id="gallery"/, 'portraits placed in the text are not repeated in a gallery');
      for (const office of OFFICES) {
        assert.ok(text.includes(`${office.street}<br>\n${office.city} ${office.postal_code}`), `${office.city}: street and postal code`);
        assert.ok(text.includes(`<strong>${phoneWord}:</strong> <a href="tel:${office.phone!.replace(/[^\d+]/g, '')}">${office.phone}</a>`), `${office.city}: tel: link`);
      }
      const hours = [...text.matchAll(new RegExp(`<strong>${hoursWord}:</strong> ([^<]*)</p>`, 'g'))].map((m) => decode(m[1]!));
      assert.equal(hours.length, OFFICES.length);
      assert.match(hours[0]!, locale === 'en' ? /^Monday to Friday, 9:00\sAM–6:00\sPM\. / : /^De lunes a viernes, 9:00\sa\.\sm\.|^De lunes a viernes, 9:00\sa\.m\./);
      assert.match(html, new RegExp(`href="tel:${SITE.phone!.replace(/[^\d+]/g, '').replace('+', '\\+')}"`), 'the footer calls the studio');
    });

    it(`${locale}: the firm's JSON-LD on the studio page gives each office's street, postal code, phone and opening hours`, async () => {
      const firm = jsonLd(await get(`${prefix}/about`)).find((node) => node['@type'] === 'HomeAndConstructionBusiness');
      assert.ok(firm, 'the studio page describes the firm');
      const locations = firm.location as Node[];
      assert.equal(locations.length, OFFICES.length);
      OFFICES.forEach((office, i) => {
        const place = locations[i]!;
        assert.deepEqual(place.address, {
          '@type': 'PostalAddress', streetAddress: office.street, addressLocality: office.city.split(',')[0],
          addressRegion: office.city.split(',')[1]!.trim(), postalCode: office.postal_code,
        });
        assert.equal(place.telephone, office.phone);
        const days = Object.keys(office.hours!).map((day) => day[0]!.toUpperCase() + day.slice(1));
        const [opens, closes] = Object.values(office.hours!)[0]![0]!.split('-');
        assert.deepEqual(place.openingHoursSpecification, [{ '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens, closes }]);
      });
      assert.deepEqual((firm.address as Node[]).map((a) => a.streetAddress), OFFICES.map((o) => o.street));
    });

    it(`${locale}: the FAQ's FAQPage JSON-LD holds the page's questions, in order, each with the answer the page shows`, async () => {
      const html = await get(`${prefix}/faq`);
      const faq = jsonLd(html).find((node) => node['@type'] === 'FAQPage');
      assert.ok(faq, 'FAQPage');
      assert.equal(faq.inLanguage, locale);
      const questions = faq.mainEntity as Array<{ '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }>;
      const headings = [...article(html).matchAll(/<h2 id="[^"]*">([^<]*)<\/h2>/g)].map((m) => decode(m[1]!));
      assert.ok(headings.length >= 8 && headings.length <= 12, `8 to 12 questions (${headings.length})`);
      assert.deepEqual(questions.map((q) => q.name), headings);
      for (const question of questions) {
        assert.equal(question['@type'], 'Question');
        assert.equal(question.acceptedAnswer['@type'], 'Answer');
        assert.match(question.acceptedAnswer.text, /^<p>.{80,}<\/p>$/s, `${question.name}: an answer of some substance`);
        assert.ok(article(html).includes(question.acceptedAnswer.text), `${question.name}: the answer is the page's own text`);
      }
      assert.ok(questions.every((q) => locale === 'en' ? !q.name.startsWith('¿') : q.name.startsWith('¿')), 'the questions are in the page\'s language');
    });
  }

  it('names text pages in the menu by their own short name, translated', async () => {
    assert.deepEqual((await menuLabels(await get('/'))).slice(0, 6), ['Projects', 'Services', 'Studio', 'Process', 'FAQ', 'Contact']);
    assert.deepEqual((await menuLabels(await get('/es/'))).slice(0, 6), ['Proyectos', 'Servicios', 'Estudio', 'Proceso', 'Preguntas', 'Contacto']);
  });

  it('refuses an office whose hours or postal code are malformed, naming the field', () => {
    const site = { name: 'S', tagline: 'T', description: 'D', email: 'a@b.example' };
    assert.throws(() => checkContent(SiteFile, { ...site, offices: [{ city: 'Miami, Florida', hours: { monday: ['9-5'] } }] }), /field "offices\.0\.hours\.monday\.0"/);
    assert.throws(() => checkContent(SiteFile, { ...site, offices: [{ city: 'Miami, Florida', postal_code: '<33133>' }] }), /field "offices\.0\.postal_code"/);
    assert.throws(() => checkContent(SiteFile, { ...site, offices: [{ city: 'Miami, Florida', fax: '1' }] }), /field "offices\.0\.fax": unknown property/);
  });
});
