import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { connect, structured, type Json } from '../helpers/mcp.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The sample firm's images as people and machines get them: the same pictures in the API (held to
// /openapi.json), in MCP (held to the tool's output schema), in the Markdown twins and llms-full.txt as
// Markdown images, and in the HTML as <picture> elements with every format, explicit sizes and the right
// loading priority. The image files themselves are test/images/pipeline.test.ts's.

interface ApiImage { url: string; alt: string; caption?: string; role: string; width: number; height: number; formats: Array<{ type: string; variants: Array<{ url: string; width: number; height: number }> }> }
interface ApiProject { slug: string; title: string; url: string; images?: ApiImage[] }

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const unescape = (text: string): string => text.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);
const attr = (tag: string, name: string): string | undefined => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : unescape(value);
};

describe('images in the API, MCP, Markdown and HTML', () => {
  const suite = suiteScope();
  let server: TestServer;
  let projects: ApiProject[];
  before(async () => {
    server = await startServer(suite);
    const response = await fetch(`${server.url}/api/v1/projects`);
    const contract = await OpenApiContract.fetch(server.url);
    projects = ((await contract.check('GET', `${server.url}/api/v1/projects`, response)) as { projects: ApiProject[] }).projects;
  });

  it('every sample project has a cover and a gallery, and their items validate against /openapi.json', () => {
    assert.ok(projects.length > 0);
    for (const project of projects) {
      const images = project.images ?? [];
      assert.equal(images[0]?.role, 'cover', `${project.slug} starts with its cover`);
      assert.ok(images.length >= 2, `${project.slug} has a gallery`);
      for (const image of images) {
        assert.match(image.alt, /\S{3}/, 'alt text says something');
        assert.deepEqual(image.formats.map((f) => f.type), ['image/avif', 'image/webp', 'image/jpeg'], 'best format first');
        const jpegs = image.formats.at(-1)!.variants;
        assert.deepEqual(jpegs.at(-1), { url: image.url, width: image.width, height: image.height }, 'url is the largest JPEG');
        for (const format of image.formats) {
          const widths = format.variants.map((v) => v.width);
          assert.deepEqual(widths, [...widths].sort((a, b) => a - b), 'narrowest first');
          for (const v of format.variants) {
            assert.ok(v.url.startsWith(`${server.url}/images/`), v.url);
            assert.ok(Math.abs(v.width / v.height - image.width / image.height) < 0.01, 'one aspect ratio');
          }
        }
      }
    }
  });

  it('MCP list_projects returns the same images, valid against its own output schema', async (t) => {
    const client: Client = await connect(t, server.url);
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'list_projects')!.outputSchema as Json;
    const result = await client.callTool({ name: 'list_projects' });
    const value = structured(result);
    assert.deepEqual(value.projects, projects);
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    assert.ok(validate(value), ajv.errorsText(validate.errors));
    const imageSchema = schema.oneOf[0].properties.projects.items.properties.images.items;
    assert.deepEqual(imageSchema.required, ['url', 'alt', 'role', 'width', 'height', 'formats']);
  });

  it('the Markdown twin and llms-full.txt show each image as Markdown with its alt text and caption', async () => {
    const [project] = projects;
    const twin = await (await fetch(project!.url, { headers: { accept: 'text/markdown' } })).text();
    const full = await (await fetch(`${server.url}/llms-full.txt`)).text();
    for (const image of project!.images!) {
      const path = new URL(image.url).pathname;
      const markdown = `![${image.alt}](${path}${image.caption ? ` "${image.caption}"` : ''})`;
      assert.ok(twin.includes(markdown), `the twin shows ${markdown}`);
      assert.ok(full.includes(markdown), `llms-full.txt shows ${markdown}`);
    }
  });

  it('a project page shows its cover first and eager, the gallery lazy, each as <picture> with sizes reserved', async () => {
    const [project] = projects;
    const html = await (await fetch(project!.url)).text();
    const pictures = [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => m[1]!);
    assert.equal(pictures.length, project!.images!.length);
    pictures.forEach((picture, i) => {
      const image = project!.images![i]!;
      const img = /<img [^>]*>/.exec(picture)![0];
      assert.equal(attr(img, 'src'), new URL(image.url).pathname);
      assert.equal(attr(img, 'alt'), image.alt);
      assert.equal(attr(img, 'width'), String(image.width));
      assert.equal(attr(img, 'height'), String(image.height));
      assert.ok(attr(img, 'sizes'));
      const sources = [...picture.matchAll(/<source type="([^"]+)" srcset="([^"]+)"/g)].map((m) => [m[1], m[2]!.split(', ').length]);
      assert.deepEqual(sources, image.formats.slice(0, -1).map((f) => [f.type, f.variants.length]));
      if (i === 0) {
        assert.equal(attr(img, 'fetchpriority'), 'high');
        assert.equal(attr(img, 'loading'), undefined, 'the cover is not lazy');
      } else {
        assert.equal(attr(img, 'loading'), 'lazy');
      }
    });
    const captions = [...html.matchAll(/<figcaption>([^<]*)<\/figcaption>/g)].map((m) => unescape(m[1]!));
    assert.deepEqual(captions, project!.images!.filter((i) => i.caption).map((i) => i.caption));
  });

  it('the home page and the projects index show every cover in a grid, each once, only the first eager', async () => {
    for (const path of ['/', '/projects']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      // The index groups projects by region: the same covers, in its own order.
      assert.deepEqual(imgs.map((img) => attr(img, 'src')).sort(), projects.map((p) => new URL(p.images![0]!.url).pathname).sort(), path);
      assert.equal(imgs.filter((img) => attr(img, 'fetchpriority') === 'high').length, 1, `${path}: one eager image`);
      assert.equal(imgs.filter((img) => attr(img, 'loading') === 'lazy').length, imgs.length - 1);
      for (const img of imgs) assert.ok(attr(img, 'alt'), `${path}: every image has alt text`);
    }
  });
});
