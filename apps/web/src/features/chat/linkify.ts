// Links in a message become clickable; everything else stays plain text (never HTML).
export type Segment = { text: string; href?: string };

// http(s) URLs and www. addresses, up to whitespace; closing punctuation is left out below.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING_CHAR = /[.,;:!?'")\]}>…、。！？」』）]/u;

export function linkify(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const url = trimEnd(match[0]);
    const start = match.index;
    if (!url.includes(".") || url.length < 5) continue;
    if (start > at) out.push({ text: text.slice(at, start) });
    out.push({ text: url, href: url.startsWith("www.") ? `https://${url}` : url });
    at = start + url.length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

const count = (s: string, ch: string) => s.split(ch).length - 1;

/** Drops closing punctuation, but keeps a bracket the URL opened: .../wiki/Gion_(Kyoto) */
function trimEnd(url: string): string {
  let end = url.length;
  while (end > 0 && TRAILING_CHAR.test(url[end - 1]!)) {
    const head = url.slice(0, end);
    if (head.endsWith(")") && count(head, "(") >= count(head, ")")) break;
    end--;
  }
  return url.slice(0, end);
}
