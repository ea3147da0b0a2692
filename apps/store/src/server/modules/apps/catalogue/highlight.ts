import type { CatalogueHighlight, HighlightSegment } from '@bazaar/schemas';
import type { QueryExpansion } from './query-expansion.ts';
import { tokenize } from './search-text.ts';

/**
 * Where a search matched an app's title and description, as segments of plain text the page
 * marks itself (nothing here is HTML). A word found by its beginning marks just that beginning
 * (`Dash`board); one found despite a typo, or a Chinese pair, marks what it matched.
 */

/** The description is cut to about this many characters around its first match. */
export const SNIPPET_LENGTH = 160;
/** How much of the description before its first match the snippet keeps. */
export const SNIPPET_LEAD = 40;
const ELLIPSIS = '…';

interface Range {
  start: number;
  end: number;
}

/** The ranges of `text` the query matched, in order, overlaps joined. */
function matchedRanges(text: string, expansion: QueryExpansion): Range[] {
  const ranges: Range[] = [];
  for (const token of tokenize(text)) {
    const matches = expansion.matches.get(token.term);
    if (!matches) continue;
    let end = token.end;
    const isWhole = matches.some((match) => !match.prefix);
    // A word of the original text that folded to as many characters (`Dashboard` → `dashboard`)
    // shows the typed beginning exactly; otherwise (`ﬁle`, `Straße`) the whole word is marked.
    if (!isWhole && token.end - token.start === token.term.length) {
      const typed = Math.max(...matches.map((match) => expansion.words[match.word]!.length));
      end = token.start + typed;
    }
    const last = ranges[ranges.length - 1];
    if (last && token.start <= last.end) last.end = Math.max(last.end, end);
    else ranges.push({ start: token.start, end });
  }
  return ranges;
}

function segmentsOf(text: string, ranges: readonly Range[], from: number, to: number): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const push = (start: number, end: number, match: boolean) => {
    if (end > start) segments.push({ text: text.slice(start, end), match });
  };
  let at = from;
  for (const range of ranges) {
    if (range.end <= from || range.start >= to) continue;
    const start = Math.max(range.start, from);
    push(at, start, false);
    at = Math.min(range.end, to);
    push(start, at, true);
  }
  push(at, to, false);
  return segments;
}

/** A window of about SNIPPET_LENGTH characters around the first match, cut between words. */
function snippetWindow(text: string, first: Range | undefined): Range {
  if (text.length <= SNIPPET_LENGTH) return { start: 0, end: text.length };
  const anchor = first ?? { start: 0, end: 0 };
  let start = Math.max(0, anchor.start - SNIPPET_LEAD);
  if (start > 0) {
    const space = text.slice(start, anchor.start).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  let end = Math.min(text.length, Math.max(start + SNIPPET_LENGTH, anchor.end));
  if (end < text.length) {
    const space = text.slice(anchor.end, end).search(/\s\S*$/);
    if (space >= 0) end = anchor.end + space;
  }
  return { start, end };
}

function withEllipses(
  segments: HighlightSegment[],
  cutBefore: boolean,
  cutAfter: boolean,
): HighlightSegment[] {
  const result = [...segments];
  if (cutBefore) {
    const first = result[0];
    if (first && !first.match) result[0] = { text: ELLIPSIS + first.text.trimStart(), match: false };
    else result.unshift({ text: ELLIPSIS, match: false });
  }
  if (cutAfter) {
    const last = result[result.length - 1];
    if (last && !last.match)
      result[result.length - 1] = { text: last.text.trimEnd() + ELLIPSIS, match: false };
    else result.push({ text: ELLIPSIS, match: false });
  }
  return result;
}

export function highlightListing(
  listing: { title: string; description: string },
  expansion: QueryExpansion,
): CatalogueHighlight {
  const { title, description } = listing;
  const descriptionRanges = matchedRanges(description, expansion);
  const window = snippetWindow(description, descriptionRanges[0]);
  return {
    title: segmentsOf(title, matchedRanges(title, expansion), 0, title.length),
    description: withEllipses(
      segmentsOf(description, descriptionRanges, window.start, window.end),
      window.start > 0,
      window.end < description.length,
    ),
  };
}
