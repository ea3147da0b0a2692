import { describe, expect, it } from 'vitest';
import {
  compareCodePoints,
  listingTermsOf,
  MAX_QUERY_WORDS,
  queryWordsOf,
  termsOf,
  titleSortKey,
  tokenize,
} from './search-text.ts';

describe('search terms', () => {
  it('folds case, accents and compatibility forms, and splits on anything but letters and digits', () => {
    expect(termsOf('Café-Crème  über_Web3 ＤＡＳＨ ﬁle 2fa')).toEqual([
      'cafe',
      'creme',
      'uber',
      'web3',
      'dash',
      'file',
      '2fa',
    ]);
    expect(termsOf('"quotes" * - NEAR(a OR b) 😀 \'; drop table --')).toEqual([
      'quotes',
      'near',
      'a',
      'or',
      'b',
      'drop',
      'table',
    ]);
    expect(termsOf('x'.repeat(41), 'ok')).toEqual(['ok']);
  });

  it('indexes Chinese and Japanese by character and by neighbouring pair, where they stand', () => {
    expect(termsOf('发票管理')).toEqual(['发', '发票', '票', '票管', '管', '管理', '理']);
    expect(termsOf('API接口')).toEqual(['api', '接', '接口', '口']);
    expect(tokenize('我的 发票').map(({ term, start, end }) => [term, start, end])).toEqual([
      ['我', 0, 1],
      ['我的', 0, 2],
      ['的', 1, 2],
      ['发', 3, 4],
      ['发票', 3, 5],
      ['票', 4, 5],
    ]);
  });

  it('asks for pairs of Chinese, a lone character alone, and drops one-letter words beside others', () => {
    expect(queryWordsOf('发票管理')).toEqual(['发票', '票管', '管理']);
    expect(queryWordsOf('票')).toEqual(['票']);
    expect(queryWordsOf('a cron tool for a team')).toEqual(['cron', 'tool', 'for', 'team']);
    expect(queryWordsOf('a')).toEqual(['a']);
    expect(queryWordsOf('cron CRON Cron')).toEqual(['cron']);
    expect(queryWordsOf('😀 *** ---')).toEqual([]);
    const many = Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ');
    expect(queryWordsOf(many)).toHaveLength(MAX_QUERY_WORDS);
  });

  it('keeps each term of a listing once, where it counts most', () => {
    expect(
      listingTermsOf({
        title: 'Cron Dashboard',
        name: 'cron-dashboard',
        keywords: ['cron', 'Scheduler'],
        description: 'A dashboard for your scheduler and cron jobs.',
      }),
    ).toEqual({
      titleTerms: ['cron', 'dashboard'],
      keywordTerms: ['scheduler'],
      descriptionTerms: ['a', 'for', 'your', 'and', 'jobs'],
    });
  });

  it('sorts titles by folded code points, as both databases order them', () => {
    const titles = ['zebra', 'Apple', 'éclair', '𠀀 beyond', '发票', 'Émile', '\ufffd mark'];
    expect([...titles].map(titleSortKey).sort(compareCodePoints)).toEqual([
      'apple',
      'eclair',
      'emile',
      'zebra',
      '发票',
      '\ufffd mark',
      '𠀀 beyond',
    ]);
  });
});
