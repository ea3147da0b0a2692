import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale.ts';

describe('pickLocale', () => {
  it('prefers ?locale=, then the nf_lang cookie, then the browser, and maps tw to zh', () => {
    expect(pickLocale('?locale=zh', 'nf_lang=en', 'en-US')).toBe('zh');
    expect(pickLocale('', 'theme=dark; nf_lang=tw', 'en-US')).toBe('zh');
    expect(pickLocale('', '', 'zh-CN')).toBe('zh');
    expect(pickLocale('?locale=fr', '', 'zh-CN')).toBe('en');
  });
});
