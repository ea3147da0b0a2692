/** A piece of a comment's text: shown as it is, or as a link to `href`. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Candidates start with http:// or https:// and run to the next space or character no URL holds raw. */
const URL_CANDIDATE = /https?:\/\/[^\s<>"'`]+/gi;
/** What usually ends a sentence rather than the address it follows ("see https://x.example."). */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** The address without the punctuation after it; a closing parenthesis the address opened stays. */
function trimTrailing(candidate: string): string {
  let url = candidate.replace(TRAILING_PUNCTUATION, '');
  while (url.length < candidate.length && candidate[url.length] === ')') {
    const opened = url.split('(').length - 1;
    const closed = url.split(')').length - 1;
    if (opened <= closed) break;
    url += ')';
  }
  return url;
}

/** The address if it parses as an http(s) URL with a host; null for anything else. */
function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A comment's text cut into plain text and http(s) links, in order; joined, the parts' texts are
 * the text again. Only addresses starting with http:// or https:// become links, so `javascript:`
 * or `data:` addresses stay text.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const url = trimTrailing(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    if (match.index > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, match.index) });
    parts.push({ kind: 'link', text: url, href });
    plainFrom = match.index + url.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}
