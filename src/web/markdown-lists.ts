import type { MarkdownIt, Token } from 'markdown-it';

// Two rules on the lists and links of a page's Markdown, so the HTML says what the text means:
// - a tight bullet list whose every item starts with a bold label ending in a colon ("- **Year:** 2023")
//   is a list of terms and their descriptions: it becomes <dl class="facts"> (the Markdown twin keeps the
//   list, which reads the same);
// - a link to the address the page answers at (a filter's link on the view it shows) is marked
//   aria-current="page".

/** What the rules read from the render's env. */
export interface ListsEnv {
  /** The address the rendered page answers at, path and query: links to it are the current page. */
  current?: string;
}

/** An inline token's children without the empty text markdown-it puts before a leading emphasis. */
const childrenOf = (inline: Token | undefined): Token[] => {
  const children = inline?.children ?? [];
  return children[0]?.type === 'text' && children[0].content === '' ? children.slice(1) : children;
};

/** The label of a list item's paragraph: `**Label:**` then the rest, or undefined. */
function labelOf(inline: Token | undefined): string | undefined {
  const [open, text, close] = childrenOf(inline);
  if (open?.type !== 'strong_open' || text?.type !== 'text' || close?.type !== 'strong_close') return undefined;
  return text.content.endsWith(':') ? text.content.slice(0, -1).trim() : undefined;
}

/** The tokens of one bullet list from `start` (its open) to its close, if every item is a labelled line. */
function labelledItems(tokens: Token[], start: number): { end: number; items: Array<{ open: number; inline: Token }> } | undefined {
  const level = tokens[start]!.level;
  const items: Array<{ open: number; inline: Token }> = [];
  for (let i = start + 1; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'bullet_list_close' && token.level === level) return items.length > 0 ? { end: i, items } : undefined;
    if (token.level !== level + 1 || token.type !== 'list_item_open') continue;
    // A labelled item is exactly: item open, a hidden (tight) paragraph with its inline, item close.
    const [p, inline, pClose, close] = tokens.slice(i + 1, i + 5);
    if (p?.type !== 'paragraph_open' || !p.hidden || pClose?.type !== 'paragraph_close' || close?.type !== 'list_item_close') return undefined;
    if (labelOf(inline) === undefined) return undefined;
    items.push({ open: i, inline: inline! });
  }
  return undefined;
}

/** One item as <div><dt>label</dt><dd>the rest</dd></div>: the div groups a pair, as HTML allows. */
function termTokens(state: { Token: new (type: string, tag: string, nesting: -1 | 0 | 1) => Token }, inline: Token, level: number): Token[] {
  const block = (type: string, tag: string, nesting: -1 | 1) => Object.assign(new state.Token(type, tag, nesting), { block: true, level });
  const inlineOf = (children: Token[]) => Object.assign(new state.Token('inline', '', 0), { content: '', children, level: level + 1 });
  const text = (content: string) => Object.assign(new state.Token('text', '', 0), { content });
  const [first, ...more] = childrenOf(inline).slice(3);
  const rest = first?.type === 'text' ? [text(first.content.replace(/^\s+/, '')), ...more] : childrenOf(inline).slice(3);
  const label = inlineOf([text(labelOf(inline)!)]);
  const description = inlineOf(rest);
  return [block('div_open', 'div', 1), block('dt_open', 'dt', 1), label, block('dt_close', 'dt', -1),
    block('dd_open', 'dd', 1), description, block('dd_close', 'dd', -1), block('div_close', 'div', -1)];
}

export function markdownLists(md: MarkdownIt): void {
  md.core.ruler.push('labelled_lists', (state) => {
    for (let i = 0; i < state.tokens.length; i += 1) {
      if (state.tokens[i]!.type !== 'bullet_list_open') continue;
      const found = labelledItems(state.tokens, i);
      if (!found) continue;
      const open = state.tokens[i]!;
      const level = open.level + 1;
      const dl = Object.assign(new state.Token('dl_open', 'dl', 1), { block: true, level: open.level });
      dl.attrSet('class', 'facts');
      const body = found.items.flatMap(({ inline }) => termTokens(state, inline, level));
      const close = Object.assign(new state.Token('dl_close', 'dl', -1), { block: true, level: open.level });
      state.tokens.splice(i, found.end - i + 1, dl, ...body, close);
      i += body.length + 1;
    }
  });
  const linkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const current = (env as ListsEnv | undefined)?.current;
    if (current !== undefined && tokens[idx]!.attrGet('href') === current) tokens[idx]!.attrSet('aria-current', 'page');
    return linkOpen(tokens, idx, options, env, self);
  };
}
