import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TermMatch } from './query-expansion.ts';
import { relevanceOf } from './ranking.ts';
import { MAX_QUERY_WORDS } from './search-text.ts';

/** A word's best match in an app: how many typos, in which place, whether only its beginning. */
interface WordMatch {
  typos: number;
  place: 0 | 1 | 2;
  prefix: boolean;
}

/** The buckets the ranking promises, compared one after another; negative when `a` is better. */
function compareBuckets(a: ReadonlyArray<WordMatch | null>, b: ReadonlyArray<WordMatch | null>): number {
  const totals = (matches: ReadonlyArray<WordMatch | null>) => {
    const found = matches.filter((match) => match !== null);
    const sum = (of: (match: WordMatch) => number) => found.reduce((total, match) => total + of(match), 0);
    return [-found.length, sum((m) => m.typos), sum((m) => m.place), sum((m) => Number(m.prefix))];
  };
  const [x, y] = [totals(a), totals(b)];
  return x.map((value, index) => value - y[index]!).find((difference) => difference !== 0) ?? 0;
}

/** The score the database adds up for an app whose words matched as `matches` say. */
function scoreOf(matches: ReadonlyArray<WordMatch | null>): number {
  const words = matches.map((_, index) => `w${index}`);
  const entries: Array<[string, TermMatch[]]> = matches.map((match, index) => [
    `t${index}`,
    [{ word: index, typos: match?.typos ?? 0, prefix: match?.prefix ?? false }],
  ]);
  const relevance = relevanceOf({ words, matches: new Map(entries) });
  return relevance.words.reduce(
    (total, [probe], index) =>
      total + (matches[index] ? probe!.scores[matches[index].place] : relevance.unmatched),
    0,
  );
}

const wordMatch = fc.option(
  fc.record({
    typos: fc.integer({ min: 0, max: 2 }),
    place: fc.constantFrom(0 as const, 1 as const, 2 as const),
    prefix: fc.boolean(),
  }),
);

describe('the relevance score', () => {
  it('orders any two apps as the buckets do, for queries of up to the most words', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: MAX_QUERY_WORDS })
          .chain((words) =>
            fc.tuple(
              fc.array(wordMatch, { minLength: words, maxLength: words }),
              fc.array(wordMatch, { minLength: words, maxLength: words }),
            ),
          ),
        ([a, b]) => {
          expect(Math.sign(scoreOf(a) - scoreOf(b))).toBe(Math.sign(compareBuckets(a, b)));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("probes a word's beginning once for all the terms it begins, and its typos whole", () => {
    const relevance = relevanceOf({
      words: ['dash', 'cron'],
      matches: new Map<string, TermMatch[]>([
        ['dash', [{ word: 0, typos: 0, prefix: false }]],
        ['dashboard', [{ word: 0, typos: 0, prefix: true }]],
        ['dashboards', [{ word: 0, typos: 0, prefix: true }]],
        ['crown', [{ word: 1, typos: 1, prefix: false }]],
      ]),
    });
    expect(relevance.words.map((probes) => probes.map((probe) => probe.needle))).toEqual([
      [' dash ', ' dash'],
      [' crown '],
    ]);
    const [dashProbes, cronProbes] = relevance.words;
    const [exact, beginning] = dashProbes!;
    const [typo] = cronProbes!;
    expect(exact!.scores[0]).toBeLessThan(beginning!.scores[0]);
    expect(beginning!.scores[2]).toBeLessThan(typo!.scores[0]);
  });
});
