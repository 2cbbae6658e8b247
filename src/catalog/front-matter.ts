import { parseDocument } from 'yaml';

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

/** Core-schema YAML: plain data. A custom tag, an alias or a duplicate key is an error, not a warning. */
export function parseYamlData(text: string): unknown {
  const document = parseDocument(text, { schema: 'core', merge: false, uniqueKeys: true });
  const problem = document.errors[0] ?? document.warnings[0];
  if (problem) throw new Error(`YAML: ${problem.message.split('\n', 1)[0]}`);
  return document.toJS({ maxAliasCount: 0 });
}
