// RFC 5322 message identifiers: the ones the studio gives its replies, and how an answer's In-Reply-To
// and References are read back into the candidates that find its conversation. An id is kept in its
// angle-bracket form (`<left@right>`) everywhere, the form the headers carry, so a stored id and a header
// compare as plain strings.

/** What may stand between the brackets of an id we make: RFC 5322's dot-atom text, no quoting needed. */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** One bracketed id; folding whitespace inside one (a long id folded by a mailer) is not part of it. */
const BRACKETED = /<([^<>]*)>/g;

/**
 * The Message-ID of the studio's reply `replyId`: `<reply.{replyId}@{domain of the sender}>`. Stable: the
 * same reply always gets the same id, so a retried send is one message to the homeowner's mail client,
 * and the answer's In-Reply-To names the reply it answers.
 */
export function replyMessageId(replyId: string, senderAddress: string): string {
  const at = senderAddress.lastIndexOf('@');
  const domain = at > 0 ? senderAddress.slice(at + 1).toLowerCase() : '';
  if (!DOT_ATOM.test(domain)) throw new TypeError(`not an address with a domain: ${JSON.stringify(senderAddress)}`);
  const left = `reply.${replyId}`;
  if (!DOT_ATOM.test(left)) throw new TypeError(`a reply id must be dot-atom text: ${JSON.stringify(replyId)}`);
  return `<${left}@${domain}>`;
}

/**
 * The ids a header value names, each as `<id>`, in order. Mailers fold long References, add comments
 * (`<a@b> (Anna's message)`) or, rarely, leave the brackets off a lone id: all of these give the ids.
 */
export function messageIdsIn(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value !== 'string') return value.flatMap((one) => messageIdsIn(one));
  const ids = [...value.matchAll(BRACKETED)].map((match) => match[1]!.replace(/\s+/g, '')).filter((id) => id !== '');
  if (ids.length > 0) return ids.map((id) => `<${id}>`);
  const bare = value.trim();
  return bare !== '' && !/\s/.test(bare) ? [`<${bare}>`] : [];
}

/**
 * The ids that may match an answer to its conversation, the likeliest first: In-Reply-To (the message it
 * answers), then References from the newest back (a client that drops In-Reply-To still keeps these).
 * Each once.
 */
export function threadIds(inReplyTo: string | undefined, references: readonly string[]): string[] {
  return [...new Set([...messageIdsIn(inReplyTo), ...messageIdsIn(references).reverse()])];
}
