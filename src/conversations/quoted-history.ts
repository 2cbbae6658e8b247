import EmailReplyParser from 'email-reply-parser';

// What of an answer to show at once: the homeowner's own words, without the history their mailer quoted
// below them ("On Tue, … wrote:" and its `>` lines, Outlook's "-----Original Message-----" or
// "From: … Sent: …" block) or their signature. Crisp's email-reply-parser finds these (in English and
// a dozen other languages); the whole text is kept by the caller and can be shown on demand.

/**
 * Texts longer than this are shown whole: the parser's patterns run over the whole text, and without
 * the optional re2 engine some of them take time that grows with the square of the text (about 65 ms at this length for the
 * worst one, "Op …" lines, four times that at twice the length). An answer typed by a
 * person is far shorter.
 */
export const MAX_TRIMMED_TEXT = 32 * 1024;

export interface SplitText {
  /** The answer itself. */
  visible: string;
  /** What was trimmed (quoted history, signatures), in order; empty when nothing was. */
  quoted: string;
}

export function splitQuotedHistory(text: string): SplitText {
  if (text.length > MAX_TRIMMED_TEXT) return { visible: text.trim(), quoted: '' };
  const fragments = new EmailReplyParser().read(text).getFragments();
  const visible = fragments.filter((fragment) => !fragment.isHidden()).join('\n').trim();
  // An answer that is nothing but quotation (a bare forward, "see below") is shown whole rather than blank.
  if (visible === '') return { visible: text.trim(), quoted: '' };
  const quoted = fragments.filter((fragment) => fragment.isHidden()).join('\n').trim();
  return { visible, quoted };
}
