import { describe, expect, it } from 'vitest';
import {
  buildVocabulary,
  editDistanceWithin,
  expandQuery,
  MAX_PREFIX_TERMS,
  typoBudget,
} from './query-expansion.ts';

const vocabulary = buildVocabulary(
  [
    ['dashboard', 5],
    ['dashboards', 1],
    ['dash', 2],
    ['invoice', 9],
    ['invoices', 3],
    ['receipt', 4],
    ['cron', 6],
    ['crown', 1],
    ['发票', 2],
    ['for', 150],
  ].map(([term, docs]) => ({ term: term as string, docs: docs as number })),
  200,
);

const matchesOf = (words: string[]) => Object.fromEntries(expandQuery(words, vocabulary).matches);

describe('query expansion', () => {
  it('allows no typo below 4 letters, one up to 7, two from 8', () => {
    expect(['ocr', 'cron', 'invoice', 'dashbord', 'ＯＣＲ'.normalize('NFKD')].map(typoBudget)).toEqual([
      0, 1, 1, 2, 0,
    ]);
  });

  it('counts insertions, deletions, substitutions and swaps as one edit each', () => {
    const distance = (a: string, b: string, max = 3) => editDistanceWithin(a, b, max);
    expect(distance('invoce', 'invoice')).toBe(1);
    expect(distance('recipt', 'receipt')).toBe(1);
    expect(distance('dashbaord', 'dashboard')).toBe(1);
    expect(distance('cron', 'crno')).toBe(1);
    expect(distance('dashboard', 'dashboard')).toBe(0);
    expect(distance('abc', 'xyz', 1)).toBe(2);
    expect(distance('a', 'abcdef', 2)).toBe(3);
  });

  it('finds the word itself, the terms it begins and those within its typos', () => {
    expect(matchesOf(['dash'])).toEqual({
      dash: [{ word: 0, typos: 0, prefix: false }],
      dashboard: [{ word: 0, typos: 0, prefix: true }],
      dashboards: [{ word: 0, typos: 0, prefix: true }],
    });
    expect(matchesOf(['invoce', 'recipt'])).toEqual({
      invoice: [{ word: 0, typos: 1, prefix: false }],
      receipt: [{ word: 1, typos: 1, prefix: false }],
    });
    expect(matchesOf(['dashbord'])).toEqual({
      dashboard: [{ word: 0, typos: 1, prefix: false }],
      dashboards: [{ word: 0, typos: 2, prefix: false }],
    });
    expect(matchesOf(['cron'])).toEqual({
      cron: [{ word: 0, typos: 0, prefix: false }],
      crown: [{ word: 0, typos: 1, prefix: false }],
    });
    expect(matchesOf(['crn', 'zzzz'])).toEqual({});
  });

  it('matches Chinese whole, and one term for several words once per word', () => {
    expect(matchesOf(['发', '发票'])).toEqual({ 发票: [{ word: 1, typos: 0, prefix: false }] });
    expect(matchesOf(['invoice', 'invoices'])).toEqual({
      invoice: [
        { word: 0, typos: 0, prefix: false },
        { word: 1, typos: 1, prefix: false },
      ],
      invoices: [
        { word: 0, typos: 0, prefix: true },
        { word: 1, typos: 0, prefix: false },
      ],
    });
  });

  it('leaves out a word most listings hold, unless nothing else was asked for', () => {
    expect(Object.keys(matchesOf(['for', 'cron']))).toEqual(['cron', 'crown']);
    expect(Object.keys(matchesOf(['for']))).toEqual(['for']);
    expect(expandQuery(['for', 'cron'], vocabulary).words).toEqual(['for', 'cron']);
    const small = buildVocabulary(
      [...vocabulary.docs].map(([term, docs]) => ({ term, docs })),
      99,
    );
    expect([...expandQuery(['for', 'cron'], small).matches.keys()]).toEqual(['for', 'cron', 'crown']);
  });

  it('takes the most common terms a short beginning starts', () => {
    const many = buildVocabulary(
      Array.from({ length: 80 }, (_, index) => ({ term: `ab${index}`, docs: index })),
      200,
    );
    const terms = [...expandQuery(['ab'], many).matches.keys()];
    expect(terms).toHaveLength(MAX_PREFIX_TERMS);
    expect(terms[0]).toBe('ab79');
  });
});
