import { parse as parseYaml } from 'yaml';

export interface FrontMatterDocument {
  data: unknown;
  body: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits `---` YAML front matter from a Markdown body. YAML only: nothing in a content file is evaluated. */
export function splitFrontMatter(text: string): FrontMatterDocument {
  const source = text.replace(/^\uFEFF/, '');
  const match = FENCE.exec(source);
  if (!match) throw new Error('must start with a front-matter block between two "---" lines');
  return { data: parseYamlData(match[1] ?? ''), body: source.slice(match[0].length).trim() };
}

/** Core-schema YAML: plain data, no custom tags, no merge keys. */
export function parseYamlData(text: string): unknown {
  return parseYaml(text, { schema: 'core', merge: false, uniqueKeys: true, maxAliasCount: 0 });
}
