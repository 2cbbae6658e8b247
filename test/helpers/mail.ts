import assert from 'node:assert/strict';

// A small MIME reader for the mails the SMTP sink receives (mailparser is not installed): headers with
// unfolding and RFC 2047 words, and the text parts of a single-part or multipart/alternative body with
// quoted-printable or base64 decoding.

export interface ParsedMail {
  /** Header section as received, one physical line each: injection shows up here first. */
  rawHeaderLines: string[];
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  /** Decoded text of each part by media type (text/plain, text/html). */
  parts: Map<string, string>;
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  assert.ok(at > 0, 'message has a header section');
  return { head: raw.slice(0, at), body: raw.slice(at + 4) };
}

function readHeaders(head: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const field of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = field.indexOf(':');
    const name = field.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), field.slice(colon + 1).trim()]);
  }
  return headers;
}

function decodeWords(value: string): string {
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, enc: string, text: string) => {
    assert.equal(charset.toLowerCase(), 'utf-8');
    const bytes = enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qpBytes(text.replace(/_/g, ' '));
    return bytes.toString('utf8');
  });
}

function qpBytes(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodePart(part: string): { type: string; text: string } {
  const { head, body } = splitHead(part);
  const headers = readHeaders(head);
  const type = headers.get('content-type')?.[0] ?? 'text/plain';
  const encoding = (headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
  const bytes = encoding === 'base64' ? Buffer.from(body, 'base64')
    : encoding === 'quoted-printable' ? qpBytes(body) : Buffer.from(body, 'utf8');
  return { type: type.split(';')[0]!.trim().toLowerCase(), text: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const headers = readHeaders(head);
  const contentType = headers.get('content-type')?.[0] ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  // A single-part mail is its own one part (its headers say its type and encoding).
  const sections = boundary === undefined ? [raw]
    : body.split(`--${boundary}`).slice(1, -1).map((s) => s.replace(/^\r\n/, '').replace(/\r\n$/, ''));
  const parts = new Map(sections.map(decodePart).map((p) => [p.type, p.text] as const));
  return {
    rawHeaderLines: head.split('\r\n'),
    headers,
    header: (name) => {
      const values = headers.get(name.toLowerCase());
      assert.ok(!values || values.length === 1, `${name} appears at most once`);
      return values?.[0] === undefined ? undefined : decodeWords(values[0]);
    },
    parts,
  };
}
