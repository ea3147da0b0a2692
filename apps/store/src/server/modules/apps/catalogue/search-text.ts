/**
 * How catalogue text becomes search terms, the same for what is indexed and what is asked. Both
 * databases index the terms this module makes (SQLite's FTS5 through its `ascii` tokenizer, which
 * splits only on the spaces between them; PostgreSQL through `array_to_tsvector`, which parses
 * nothing), so the two hold the very same vocabulary and find the same apps.
 *
 * A term is a run of letters and digits, folded: compatibility forms decomposed, accents dropped,
 * lower case (`Café` → `cafe`). Chinese and Japanese have no spaces between words, so each of
 * their characters is a term and so is each pair of neighbours: `发票管理` indexes 发 票 管 理 发票
 * 票管 管理, and any part of it is found by its pairs (a single character by itself).
 */

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`;
const RUNS = new RegExp(String.raw`[${CJK}]+|(?:(?![${CJK}])[\p{L}\p{N}\p{M}])+`, 'gu');
const CJK_START = new RegExp(`^[${CJK}]`, 'u');
const NOT_LETTERS = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}/gu;

/** Longer runs (a pasted hash, a URL's tail) are not words anyone searches for, and PostgreSQL caps lexemes. */
export const MAX_TERM_LENGTH = 40;

/** Whether a term is Chinese or Japanese (a character or a pair), which is matched whole: no prefixes, no typos. */
export function isCjkTerm(term: string): boolean {
  return CJK_START.test(term);
}

export function foldText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/**
 * A term and the characters of the original text it stands for (`end` exclusive). `kind` is
 * `word` for a run of letters and digits, `char` and `pair` for Chinese or Japanese characters;
 * `alone` marks a character with no neighbour to pair with.
 */
export interface TextToken {
  term: string;
  start: number;
  end: number;
  kind: 'word' | 'char' | 'pair';
  alone: boolean;
}

/** The terms of `text` in order, with where each stands. */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  for (const match of text.matchAll(RUNS)) {
    const run = match[0];
    const start = match.index;
    if (CJK_START.test(run)) {
      pushCharacters(tokens, run, start);
      continue;
    }
    for (const term of foldText(run).split(NOT_LETTERS)) {
      if (term !== '' && term.length <= MAX_TERM_LENGTH) {
        tokens.push({ term, start, end: start + run.length, kind: 'word', alone: false });
      }
    }
  }
  return tokens;
}

function pushCharacters(tokens: TextToken[], run: string, start: number) {
  const characters: { term: string; start: number; end: number }[] = [];
  let offset = start;
  for (const character of run) {
    characters.push({ term: foldText(character), start: offset, end: offset + character.length });
    offset += character.length;
  }
  const alone = characters.length === 1;
  characters.forEach((character, index) => {
    tokens.push({ ...character, kind: 'char', alone });
    const next = characters[index + 1];
    if (next) {
      tokens.push({
        term: character.term + next.term,
        start: character.start,
        end: next.end,
        kind: 'pair',
        alone,
      });
    }
  });
}

/** The distinct terms of the texts, in order of first appearance. */
export function termsOf(...texts: string[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) for (const token of tokenize(text)) terms.add(token.term);
  return [...terms];
}

/** At most this many words of a query are searched for (a keyword holds at most 200 characters). */
export const MAX_QUERY_WORDS = 10;

/**
 * The words a visitor searches for: each word once, Chinese and Japanese by their pairs (a lone
 * character by itself). A one-letter word says little and matches most apps: it counts only when
 * it is the whole query.
 */
export function queryWordsOf(keyword: string): string[] {
  const words = new Set<string>();
  for (const token of tokenize(keyword)) {
    if (token.kind === 'pair' || token.alone || token.kind === 'word') words.add(token.term);
  }
  const all = [...words];
  const meaningful = all.filter((word) => word.length > 1 || isCjkTerm(word));
  return (meaningful.length > 0 ? meaningful : all).slice(0, MAX_QUERY_WORDS);
}

/**
 * The terms an app is found by, by where they stand: its title and name first, then its
 * keywords, then its description, each term once, in the first place it appears (a term of the
 * title is not repeated for the description, so a match counts where it counts most).
 */
export interface ListingTerms {
  titleTerms: string[];
  keywordTerms: string[];
  descriptionTerms: string[];
}

export function listingTermsOf(fields: {
  title: string;
  name: string;
  keywords: readonly string[];
  description: string;
}): ListingTerms {
  const titleTerms = termsOf(fields.title, fields.name);
  const seen = new Set(titleTerms);
  const keywordTerms = termsOf(...fields.keywords).filter((term) => !seen.has(term));
  for (const term of keywordTerms) seen.add(term);
  const descriptionTerms = termsOf(fields.description).filter((term) => !seen.has(term));
  return { titleTerms, keywordTerms, descriptionTerms };
}

/** The key titles sort by: folded, so `apple` and `Zebra` sort as a person expects, in code point order on both databases. */
export function titleSortKey(title: string): string {
  return foldText(title).trim();
}

/**
 * Compares by code points, as SQLite's binary and PostgreSQL's "C" collations compare UTF-8,
 * so an order made here matches one the database made. (JavaScript's `<` compares UTF-16 code
 * units, which differs for characters beyond U+FFFF.)
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;
    if (isSurrogate(x) !== isSurrogate(y) && (x >= 0xe000 || y >= 0xe000)) return isSurrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
