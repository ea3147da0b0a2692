import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale.ts';

describe('resolveLocale', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh_TW', 'zh'],
    ['tw', 'zh'],
    ['fr', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('%s → %s', (tag, locale) => {
    expect(resolveLocale(tag)).toBe(locale);
  });
});
