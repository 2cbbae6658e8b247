import { createHash } from 'node:crypto';
import { PATHS } from '../../contract/paths.js';
import { mediaTypeOfValue } from '../../http/headers.js';
import { list, record, type Answer } from './probe.js';
import { fail, findingOf, pass, warn, type Check } from './scan.js';

// What an agent finds by reading: robots, sitemap, llms.txt, Link headers, catalogs, twins, skills.

const mediaType = (answer: Answer): string => mediaTypeOfValue(answer.headers.get('content-type'));

export const DISCOVERY_CHECKS: Check[] = [
  {
    id: 'robots', area: 'Discovery', expects: 'robots.txt welcomes crawlers, names the sitemap and states content signals',
    async run(probe) {
      const robots = await probe.get('/robots.txt');
      if (robots.status !== 200) return fail(`robots.txt: ${robots.status}`);
      return findingOf([
        !/^Sitemap: \S+/m.test(robots.text) && 'no Sitemap line',
        /^Disallow: \/\s*$/m.test(robots.text) && 'disallows everything',
        !/^#?\s*Content-Signal:/m.test(robots.text) && 'no Content-Signal',
      ], 'allows crawlers; Sitemap and Content-Signal present');
    },
  },
  {
    id: 'sitemap', area: 'Discovery', expects: 'sitemap.xml lists the pages',
    async run(probe) {
      const sitemap = await probe.get('/sitemap.xml');
      const urls = sitemap.text.match(/<loc>/g)?.length ?? 0;
      return sitemap.status === 200 && urls > 0 ? pass(`${urls} URLs`) : fail(`status ${sitemap.status}, ${urls} URLs`);
    },
  },
  {
    id: 'llms-txt', area: 'Discovery', expects: 'llms.txt: an H1, a summary, sections of links (llmstxt.org); llms-full.txt too',
    async run(probe) {
      const [llms, full] = [await probe.get(PATHS.llms), await probe.get(PATHS.llmsFull)];
      const links = llms.text.match(/\]\(https?:\/\/[^)]+\)/g)?.length ?? 0;
      return findingOf([
        llms.status !== 200 && `llms.txt: ${llms.status}`,
        !/^# \S/.test(llms.text) && 'llms.txt does not start with an H1',
        !/^> \S/m.test(llms.text) && 'no blockquote summary',
        links === 0 && 'no links',
        full.status !== 200 && `llms-full.txt: ${full.status}`,
      ], `${links} links; llms-full.txt ${Math.round(full.text.length / 1024)} KiB`);
    },
  },
  {
    id: 'link-headers', area: 'Discovery', expects: 'the home page names the API catalog, the API description and its docs in Link headers (RFC 8288)',
    async run(probe) {
      const link = (await probe.get('/')).headers.get('link') ?? '';
      const rels = ['api-catalog', 'service-desc', 'service-doc', 'describedby'];
      return findingOf(rels.map((rel) => !link.includes(`rel="${rel}"`) && `no rel="${rel}"`), `${link.split(',').length} links: ${rels.join(', ')}`);
    },
  },
  {
    id: 'api-catalog', area: 'Discovery', expects: '/.well-known/api-catalog is an RFC 9727 linkset whose links resolve',
    async run(probe) {
      const catalog = await probe.get(PATHS.apiCatalog);
      if (catalog.status !== 200 || mediaType(catalog) !== 'application/linkset+json') return fail(`${catalog.status} ${mediaType(catalog)}`);
      const entries = list(record(catalog.json).linkset).map(record);
      const hrefs = entries.flatMap((e) => Object.values(e).flatMap(list)).map((l) => String(record(l).href));
      const broken: string[] = [];
      for (const href of hrefs) if ((await probe.get(href)).status !== 200) broken.push(href);
      return findingOf([entries.length === 0 && 'empty linkset', broken.length > 0 && `broken: ${broken.join(', ')}`], `${entries.length} APIs, ${hrefs.length} links resolve`);
    },
  },
  {
    id: 'openapi', area: 'Discovery', expects: 'an OpenAPI 3.1 description with a license, tags, and an id and description per operation',
    async run(probe) {
      const document = record((await probe.get(PATHS.openapi)).json);
      const operations = Object.values(record(document.paths)).flatMap((item) => Object.values(record(item))).map(record);
      const undescribed = operations.filter((op) => !op.operationId || !op.description).length;
      return findingOf([
        !String(document.openapi ?? '').startsWith('3.1') && `openapi ${String(document.openapi)}`,
        !record(document.info).license && 'no info.license',
        list(document.tags).length === 0 && 'no tags',
        undescribed > 0 && `${undescribed} operations without an operationId or description`,
      ], `${operations.length} operations`);
    },
  },
  {
    id: 'markdown-twins', area: 'Content', expects: 'a page answers Accept: text/markdown with Markdown, and text/plain with the same text',
    async run(probe) {
      const [markdown, plain] = [await probe.get('/', 'text/markdown'), await probe.get('/', 'text/plain')];
      return findingOf([
        mediaType(markdown) !== 'text/markdown' && `text/markdown answered ${mediaType(markdown)}`,
        mediaType(plain) !== 'text/plain' && `text/plain answered ${mediaType(plain)}`,
        plain.text !== markdown.text && 'the plain text differs from the Markdown',
        !/\bAccept\b/.test(markdown.headers.get('vary') ?? '') && 'no Vary: Accept',
      ], `${Math.round(markdown.text.length / 1024)} KiB of Markdown for /`);
    },
  },
  {
    id: 'structured-data', area: 'Content', expects: 'the home page carries schema.org JSON-LD',
    async run(probe) {
      const home = await probe.get('/', 'text/html');
      const types = [...home.text.matchAll(/"@type":\s*"([^"]+)"/g)].map((m) => m[1]);
      return types.length > 0 ? pass([...new Set(types)].join(', ')) : fail('no JSON-LD');
    },
  },
  {
    id: 'ai-catalog', area: 'Discovery', expects: '/.well-known/ai-catalog.json lists the agent-facing artifacts, each resolving',
    async run(probe) {
      const catalog = record((await probe.get(PATHS.aiCatalog)).json);
      const entries = list(catalog.entries).map(record);
      const broken: string[] = [];
      for (const entry of entries) if ((await probe.get(String(entry.url))).status !== 200) broken.push(String(entry.identifier));
      return findingOf([catalog.specVersion === undefined && 'no specVersion', entries.length === 0 && 'no entries', broken.length > 0 && `broken: ${broken.join(', ')}`],
        `${entries.length} entries: ${entries.map((e) => String(e.type)).join(', ')}`);
    },
  },
  {
    id: 'agent-skills', area: 'Discovery', expects: 'an Agent Skills index (discovery RFC v0.2.0) whose digests match the served SKILL.md',
    async run(probe) {
      const index = record((await probe.get(PATHS.skillsIndex)).json);
      const skills = list(index.skills).map(record);
      if (skills.length === 0) return fail('no skills');
      const problems: string[] = [];
      for (const skill of skills) {
        const file = await probe.get(String(skill.url));
        const digest = `sha256:${createHash('sha256').update(file.text).digest('hex')}`;
        if (file.status !== 200 || digest !== skill.digest) problems.push(`${String(skill.name)}: ${file.status}, digest ${digest === skill.digest ? 'matches' : 'differs'}`);
        if (!file.text.startsWith('---\n')) problems.push(`${String(skill.name)}: no front matter`);
      }
      return findingOf([!index.$schema && 'no $schema', ...problems], `${skills.length} skill(s): ${skills.map((s) => String(s.name)).join(', ')}`);
    },
  },
  {
    id: 'webmcp', area: 'Browser agents', expects: 'the pages offer their tools to in-browser agents (WebMCP)',
    async run(probe) {
      const home = await probe.get('/', 'text/html');
      return /webmcp/i.test(home.text) ? pass('the pages load a WebMCP script') : warn('no WebMCP script on the home page');
    },
  },
  {
    id: 'cors', area: 'Discovery', expects: 'discovery documents are readable from any origin (CORS)',
    async run(probe) {
      const closed: string[] = [];
      for (const path of [PATHS.apiCatalog, PATHS.openapi, PATHS.aiCatalog, PATHS.mcpServerCard, PATHS.llms]) {
        const answer = await probe.fetch(path, { headers: { Origin: 'https://agent.example' } });
        if (answer.headers.get('access-control-allow-origin') !== '*') closed.push(path);
      }
      return findingOf([closed.length > 0 && `not open: ${closed.join(', ')}`], 'Access-Control-Allow-Origin: * on every document');
    },
  },
];
