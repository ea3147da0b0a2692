import { describe, expect, it } from 'vitest';
import { highlightListing, SNIPPET_LENGTH } from './highlight.ts';
import { buildVocabulary, expandQuery } from './query-expansion.ts';
import { queryWordsOf, termsOf } from './search-text.ts';

function highlight(keyword: string, title: string, description = '') {
  const vocabulary = buildVocabulary(
    termsOf(title, description).map((term) => ({ term, docs: 1 })),
    2,
  );
  return highlightListing({ title, description }, expandQuery(queryWordsOf(keyword), vocabulary));
}
const marked = (segments: { text: string; match: boolean }[]) =>
  segments.map((segment) => (segment.match ? `[${segment.text}]` : segment.text)).join('');

describe('highlights', () => {
  it('marks whole words, the typed beginning of a word, and typos whole', () => {
    expect(marked(highlight('cron', 'Cron Dashboard').title)).toBe('[Cron] Dashboard');
    expect(marked(highlight('dash', 'Cron Dashboard').title)).toBe('Cron [Dash]board');
    expect(marked(highlight('dashbord', 'Cron Dashboard').title)).toBe('Cron [Dashboard]');
    expect(marked(highlight('cron dashboard', 'Cron Dashboard').title)).toBe('[Cron] [Dashboard]');
    expect(marked(highlight('ﬁle', 'File ﬁles').title)).toBe('[File] [ﬁles]');
    expect(marked(highlight('发票', '我的发票管理').title)).toBe('我的[发票]管理');
    expect(marked(highlight('zzz', 'Cron Dashboard').title)).toBe('Cron Dashboard');
  });

  it('keeps markup as text: a page shows it, never runs it', () => {
    const { title } = highlight('script', '<script>alert(1)</script>');
    expect(title).toEqual([
      { text: '<', match: false },
      { text: 'script', match: true },
      { text: '>alert(1)</', match: false },
      { text: 'script', match: true },
      { text: '>', match: false },
    ]);
  });

  it('cuts a long description to a snippet around its first match, between words', () => {
    const words = Array.from({ length: 80 }, (_, index) => `word${index}`);
    const description = [...words.slice(0, 50), 'invoices', ...words.slice(50)].join(' ');
    const snippet = marked(highlight('invoice', 'Title', description).description);
    expect(snippet.startsWith('…word')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain(' [invoice]s ');
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 4);
    const start = marked(highlight('word0', 'Title', description).description);
    expect(start.startsWith('[word0] ')).toBe(true);
    expect(marked(highlight('zzz', 'Title', description).description).startsWith('word0 word1')).toBe(true);
    expect(highlight('zzz', 'Title', 'Short.').description).toEqual([{ text: 'Short.', match: false }]);
    expect(highlight('zzz', 'Title', '').description).toEqual([]);
  });
});
